import type { Kysely } from 'kysely'

import { cardPreviewPicturePath } from '@shared/artVersion'
import type { SharePageName } from '@shared/share'

import type { Database } from '../db/schema'

/** What a feature's share page loader gets; the share feature serves the pages of every feature through it. */
export interface SharePageContext {
  db: Kysely<Database>
}

/** A picture served by the API, as a path under PUBLIC_URL (`/api/image/...`). */
export interface SharePicture {
  path: string
  alt: string
  width?: number
  height?: number
  /** A card shows at the top in card proportions; anything else (an avatar) as a round picture. */
  shape?: 'card'
}

/**
 * What a share page shows: plain text only (the renderer escapes everything) and public data only,
 * because anyone holding the link, and every chat app unfolding it, sees it.
 */
export interface SharePageContent {
  /** Link preview title (og:title) and the start of the browser title. */
  title: string
  /** Link preview text (og:description), one or two sentences. */
  description: string
  /** The picture at the top of the page, and the link preview's unless `preview` names another. */
  image: SharePicture
  /** A wide link-preview picture of its own (a traveller's map), also shown on the page under the facts. */
  preview?: SharePicture
  /** A wide link-preview picture for the preview alone (a card beside its name), not shown on the page. */
  linkPreview?: SharePicture
  ogType: 'profile' | 'website'
  heading: string
  subheading?: string
  facts: { label: string; value: string }[]
  gallery: { picture: SharePicture; caption: string; detail?: string }[]
  galleryTitle?: string
  /** A titled list of figures (a traveller's progress per collection), each a label and a sentence. */
  figures?: { title: string; rows: { label: string; value: string }[] }
  /** Longer plain text under the facts (a Public memory); blank lines separate paragraphs. */
  story?: { title: string; text: string }
  /** Whose friend code the sign-up link carries (`r`); null when the page invites without one. */
  invite: { friendCode: string; username: string } | null
}

/** Loads a page for its share id; null renders the friendly not-found page. */
export type SharePageLoader = (context: SharePageContext, shareId: string) => Promise<SharePageContent | null>

/** Every share page by name, each served at {SHARE_BASE_URL}/{name}?shareId=… */
export type SharePages = Readonly<Record<SharePageName, SharePageLoader>>

/** The size every chat app and network unfolds a link preview in full (1.91:1). */
export const LINK_PREVIEW_SIZE = { width: 1200, height: 630 } as const

/** A card's link preview: its art beside its name and rarity, as JPEG (/api/image/cardPreview). */
export function cardLinkPreview(cardId: string, alt: string): SharePicture {
  return { path: `/api${cardPreviewPicturePath(cardId)}`, alt, ...LINK_PREVIEW_SIZE }
}
