/**
 * A screen's shape before its code or the session check has arrived: a title and a few entries under the header, so
 * a slow phone shows the page taking form instead of a lone spinner, and the screen's own skeleton takes its place.
 * Styled by index.html (`.page-skeleton`): this is in the first load, where every byte of script delays a phone's
 * first screen.
 */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading" aria-busy="true" className="page-skeleton">
      <div />
      <div />
      <div />
      <div />
    </div>
  )
}
