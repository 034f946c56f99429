import { shareUrl as buildShareUrl, type SharePageName } from '@shared/share'

/** Build-time settings (webpack DefinePlugin); the defaults suit the app served by its own API server. */
export const API_BASE_URL: string = process.env.WANDERCARDS_API_BASE ?? '/api'
export const API_KEY: string = process.env.WANDERCARDS_API_KEY ?? 'dev-web-key'

/** Share links point at the share host; by default the API server renders it under /s. */
export function shareBaseUrl(): string {
  return process.env.WANDERCARDS_SHARE_BASE || `${window.location.origin}/s`
}

export function shareUrl(page: SharePageName, shareId: string): string {
  return buildShareUrl(shareBaseUrl(), page, shareId)
}
