import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './app/App'
import { preloadScreen } from './app/router'
import { makeStore } from './app/store'
import { restoreSession } from './features/session/listeners'

/** Older builds of the site registered service workers; none is used now, so remove any that remain. */
async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registrations = await navigator.serviceWorker.getRegistrations()
  await Promise.all(registrations.map((registration) => registration.unregister()))
}

void unregisterServiceWorkers()
const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')
const store = makeStore()
// index.html shows a loading indicator until the first render replaces it.
const root = createRoot(container)
// The stored session is checked while the opened screen's chunk arrives (index.html preloads it), not after it.
restoreSession(store.dispatch)
void preloadScreen(window.location.pathname, store).then(() => {
  // As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page, so input is never blocked for long while it runs.
  startTransition(() => root.render(<App store={store} />))
  // The other screens' endpoint definitions follow the first screen instead of delaying it; they are defined before
  // the page's load event, which is as early as a recorded DevTools session can be imported (docs/qa-replay.md).
  // A chunk that fails to load (a deploy replaced it, the connection dropped) costs only replays of unopened screens.
  import(/* webpackChunkName: "endpoints" */ './app/endpoints').catch(() => undefined)
})
