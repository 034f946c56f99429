import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './App'
import { rootErrorReporting } from './rootErrors'
import { preloadScreen } from './router'
import type { AppStore } from './store'

/**
 * Renders the app into `container`, replacing index.html's loading indicator at once: the header and the screen's
 * shape show while the opened screen's chunk (fetched here, alongside its first call) is still on its way, which on a
 * slow phone took seconds of a lone spinner.
 */
export function startApp(store: AppStore, container: HTMLElement): void {
  const root = createRoot(container, rootErrorReporting)
  const screenReady = preloadScreen(window.location.pathname, store)
  // As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page, so input is never blocked for long while it runs.
  startTransition(() => root.render(<App store={store} />))
  void screenReady.then(() => {
    // The other screens' endpoint definitions follow the first screen instead of delaying it; they are defined before
    // the page's load event, which is as early as a recorded DevTools session can be imported (docs/qa-replay.md).
    // A chunk that fails to load (a deploy replaced it, the connection dropped) costs only replays of unopened screens.
    import(/* webpackChunkName: "endpoints" */ './endpoints').catch(() => undefined)
  })
}
