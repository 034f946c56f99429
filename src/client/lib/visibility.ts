/** Whether the page is on screen; outside a browser there is no hidden state to honour. */
function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden
}

/** Resolves at once if the page is visible, else when it is shown again (or when `signal` aborts). */
export function whenPageVisible(signal: AbortSignal): Promise<void> {
  if (!pageHidden()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onChange)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const onChange = () => {
      if (!pageHidden()) done()
    }
    document.addEventListener('visibilitychange', onChange)
    signal.addEventListener('abort', done)
  })
}

/**
 * Resolves after `ms`, or earlier when a hidden page is shown again: a returning user gets fresh data at once
 * instead of up to `ms` later.
 */
export function waitOrUntilShown(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onChange)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const onChange = () => {
      if (!pageHidden()) done()
    }
    const timer = setTimeout(done, ms)
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onChange)
    signal.addEventListener('abort', done)
  })
}
