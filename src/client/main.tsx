import { makeStore, type DevToolsSetup } from './app/store'
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
const rootElement = container

function start(devTools?: DevToolsSetup) {
  const store = makeStore(undefined, { devTools })
  // The stored session is checked first, so its call is on the way while the rest of the app starts.
  restoreSession(store.dispatch)
  // React, MUI and the screens are set up in a task of their own: a phone's main thread is then free for input between
  // the two, instead of being held for the whole start-up. The module is in this bundle ("eager"), so no request is
  // made.
  setTimeout(() => {
    void import(/* webpackMode: "eager" */ './app/start').then(({ startApp }) => startApp(store, rootElement))
  }, 0)
}

// The Redux DevTools connection (docs/qa-replay.md) is loaded only when the extension is in the page. Should its chunk
// fail to load, the app starts without the extension rather than not at all.
if ('__REDUX_DEVTOOLS_EXTENSION_COMPOSE__' in window) {
  import(/* webpackChunkName: "devtools" */ './lib/qaReplay/devTools').then(
    ({ devTools }) => start(devTools),
    () => start(),
  )
} else {
  start()
}
