import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema } from './common'

/**
 * Blocking and muting (docs/product.md#blocking): the traveller is named by their user id, which every screen that
 * offers the menu has (a memory's author, a comment's author, a friend).
 */
export const TravellerBodySchema = Type.Object({ travellerId: IdSchema })
export type TravellerBody = Static<typeof TravellerBodySchema>

/** A traveller on My Account's list of blocked or muted travellers; `since` is when they were blocked or muted. */
export const ListedTravellerSchema = Type.Object({
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  since: IsoDateTimeSchema,
})
export type ListedTraveller = Static<typeof ListedTravellerSchema>

/** The server's refusals, word for word (docs/product.md#blocking). */
export const BLOCK_REFUSALS = {
  oneself: 'You cannot block yourself.',
  muteOneself: 'You cannot mute yourself.',
  unknown: 'Traveller not found.',
} as const
