/** The token of a link e-mailed by the app, from the fragment (`#token=…`), which reaches no server. */
export function tokenOfLink(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null
}
