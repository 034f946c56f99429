import { Type, type Static, type TSchema } from 'typebox'

/** Error codes a client can switch on; `plugins/envelope.ts` maps each one to its HTTP status. */
export const ERROR_CODES = {
  BadRequest: 400,
  Unauthorized: 401,
  LoginRequired: 403,
  NotFound: 404,
  Conflict: 409,
  InsufficientCredit: 422,
  RuleViolation: 422,
  TooManyRequests: 429,
  Internal: 500,
  Unavailable: 503,
} as const
export type ErrorCode = keyof typeof ERROR_CODES

export const MetadataSchema = Type.Object({
  status: Type.Boolean(),
  errorCode: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  authorized: Type.Boolean(),
  requestId: Type.Optional(Type.String()),
})
export type Metadata = Static<typeof MetadataSchema>

/** Every answer of the API: `{ metadata, data }`. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({ metadata: MetadataSchema, data })
}

export interface Envelope<T> {
  metadata: Metadata
  data: T
}

export const EmptySchema = Type.Null()
