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

/** What the screens say about blocking and muting, word for word (docs/product.md#blocking). */
export const BLOCK_TEXTS = {
  moreActions: (username: string) => `More actions for ${username}`,
  block: (username: string) => `Block ${username}`,
  mute: (username: string) => `Mute ${username}`,
  unmute: (username: string) => `Unmute ${username}`,
  confirmTitle: (username: string) => `Block ${username}?`,
  confirmText: (username: string) =>
    `${username} will not be told. Neither of you will see the other's memories, comments or likes, and neither can add, tag, comment on, like or give cards to the other. If you are friends, your friendship ends. You can unblock ${username} in My Account; the friendship does not come back by itself.`,
  confirmBlock: 'Block',
  cancel: 'Cancel',
  blocked: (username: string) => `You blocked ${username}.`,
  unblocked: (username: string) => `You unblocked ${username}.`,
  muted: (username: string) => `You muted ${username}. Their memories no longer appear in your feed.`,
  unmuted: (username: string) => `You unmuted ${username}.`,
  blockedTitle: 'Blocked travellers',
  blockedHelp: 'Blocked travellers do not see your memories, comments or likes, and you do not see theirs.',
  noneBlocked: 'You have not blocked anyone.',
  mutedTitle: 'Muted travellers',
  mutedHelp: 'Memories of muted travellers do not appear in your feed.',
  noneMuted: 'You have not muted anyone.',
  unblock: 'Unblock',
  unmuteButton: 'Unmute',
} as const
