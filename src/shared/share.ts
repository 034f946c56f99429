/**
 * Public pages on the share host (SHARE_BASE_URL): a profile by friend code, a draw result by transaction id, a card by
 * user card id, a year in cards by its share id, a Public trip by its id.
 */
export const SHARE_PAGES = { user: 'user', draw: 'draw', card: 'card', recap: 'recap', trip: 'trip' } as const
export type SharePageName = (typeof SHARE_PAGES)[keyof typeof SHARE_PAGES]

export function shareUrl(shareBaseUrl: string, page: SharePageName, shareId: string): string {
  return `${shareBaseUrl.replace(/\/+$/, '')}/${page}?shareId=${encodeURIComponent(shareId)}`
}

/** The sign-up link of an invitation: the home page pre-fills the friend code from `r`. */
export function inviteUrl(publicUrl: string, friendCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?r=${encodeURIComponent(friendCode)}`
}
