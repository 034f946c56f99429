/** jsdom lays nothing out, so it has no ResizeObserver: a map under test is given one that never reports a size. */
export function stubResizeObserver(): void {
  Object.assign(window, {
    ResizeObserver: class {
      observe() {
        return undefined
      }
      disconnect() {
        return undefined
      }
    },
  })
}
