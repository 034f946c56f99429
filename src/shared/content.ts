import { Type, type Static } from 'typebox'

import { TextSchema } from './common'
import { CONTENT_REQUEST_MAX_LENGTH, CONTENT_REQUEST_TYPES } from './constants'

const [newCard, newCollection, newFeature, other] = CONTENT_REQUEST_TYPES
export const ContentRequestTypeSchema = Type.Union([
  Type.Literal(newCard),
  Type.Literal(newCollection),
  Type.Literal(newFeature),
  Type.Literal(other),
])

export const RequestNewContentBodySchema = Type.Object({
  requestType: ContentRequestTypeSchema,
  requestContent: TextSchema({ minLength: 1, maxLength: CONTENT_REQUEST_MAX_LENGTH, multiline: true }),
})
export type RequestNewContentBody = Static<typeof RequestNewContentBodySchema>
