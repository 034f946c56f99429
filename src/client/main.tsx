import { createRoot } from 'react-dom/client'

import { App } from './app/App'
import { makeStore } from './app/store'

/** Older builds of the site registered service workers; none is used now, so remove any that remain. */
async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registrations = await navigator.serviceWorker.getRegistrations()
  await Promise.all(registrations.map((registration) => registration.unregister()))
}

void unregisterServiceWorkers()
const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')
createRoot(container).render(<App store={makeStore()} />)
