import type { ReactNode } from 'react'

/** A traveller shown on a screen, for the actions app/ places beside their name. */
export interface ShownTraveller {
  userId: string
  username: string
}

/**
 * What a screen draws beside another traveller's name (a memory's author, a comment's author, a friend): the menu of
 * actions on them (docs/product.md#blocking), composed by app/ from the features that own those actions.
 */
export type RenderTravellerActions = (traveller: ShownTraveller) => ReactNode
