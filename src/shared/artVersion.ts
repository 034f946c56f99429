/**
 * Raise this whenever the generated catalogue changes (new places, new texts, new art): the seed applies each version
 * once, and the pictures are keyed by it. Kept apart from the catalogue's builders, which read large open-data
 * packages.
 */
export const CATALOGUE_VERSION = 2

/** Raise this when the drawing of cards, collections or avatars changes. */
export const ART_REVISION = 3

/**
 * The version of every card, collection and avatar picture, in each picture's address (`v=`): the web app and the
 * server are built together, so the address changes exactly when the picture does, and an answer to the current
 * version can be kept by browsers and CDNs for good.
 */
export const ART_VERSION = `${CATALOGUE_VERSION}.${ART_REVISION}`

/** A card's picture under the API's prefix, at the current version; an empty id is the card back. */
export function cardPicturePath(imageId: string | null | undefined, large = false): string {
  return `/image/card?imageId=${encodeURIComponent(imageId ?? '')}${large ? '&lg=1' : ''}&v=${ART_VERSION}`
}

/** A card's 1200×630 link preview under the API's prefix, at the current version. */
export function cardPreviewPicturePath(cardId: string): string {
  return `/image/cardPreview?imageId=${encodeURIComponent(cardId)}&v=${ART_VERSION}`
}

export function avatarPicturePath(avatarId: number): string {
  return `/image/avatar?avatarId=${avatarId}&v=${ART_VERSION}`
}

export function collectionPicturePath(collectionId: string): string {
  return `/image/collection?collectionId=${encodeURIComponent(collectionId)}&v=${ART_VERSION}`
}
