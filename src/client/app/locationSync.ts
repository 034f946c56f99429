import type { createBrowserRouter } from 'react-router-dom'

import { locationChanged, locationHref, sameLocation, selectLocation, type RouteLocation } from './location'
import type { AppStore } from './store'

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe' | 'navigate'>

function routedLocation(router: AppRouter): RouteLocation {
  const { pathname, search, hash, state } = router.state.location as RouteLocation
  return { pathname, search, hash, state: state ?? null }
}

/**
 * Keeps the store's location and the router in step both ways (docs/qa-replay.md). A page the traveller opens is
 * written to the store; a location the store changes to by itself (Redux DevTools jumping to a recorded state,
 * importing one, or going back to the live state) is opened. While a recorded state is shown, the router's own moves
 * are not written: they belong to no session. Returns the function that stops both subscriptions.
 */
export function syncLocation(store: AppStore, router: AppRouter): () => void {
  let lastStored = selectLocation(store.getState())

  const reconcile = () => {
    // A navigation under way reports its landing through the router's subscription.
    if (router.state.navigation.state !== 'idle') return
    const stored = selectLocation(store.getState())
    const routed = routedLocation(router)
    const storeMoved = !sameLocation(stored, lastStored)
    lastStored = stored
    if (stored && storeMoved && !sameLocation(stored, routed)) {
      void router.navigate(locationHref(stored), { replace: true, state: stored.state })
      return
    }
    // A screen that redirects while a recorded state is shown is left alone, so the two never chase each other.
    if (!store.replay.isReplaying() && !sameLocation(stored, routed)) store.dispatch(locationChanged(routed))
  }

  const stopRouter = router.subscribe(reconcile)
  const stopStore = store.subscribe(reconcile)
  reconcile()
  return () => {
    stopRouter()
    stopStore()
  }
}
