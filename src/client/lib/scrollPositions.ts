/**
 * Where the page of each history entry was left, by React Router's location key, for the life of the tab's app.
 * Not in the store: a position changes with every scroll, and a replayed state has no page to scroll.
 */
const positions = new Map<string, number>()

export function rememberScrollPosition(locationKey: string, scrollY: number): void {
  positions.set(locationKey, scrollY)
}

/**
 * The position to return to, if this app left the entry's page. A reload or a restored tab keeps the entry's key in
 * the browser's history, but not the position: it starts afresh.
 */
export function storedScrollPosition(locationKey: string): number | undefined {
  return positions.get(locationKey)
}
