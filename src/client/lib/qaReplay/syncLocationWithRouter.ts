import type { AppStore } from '../../app/store'

import { locationChanged, locationHref, sameLocation, selectLocation, type RouteLocation } from './locationSlice'

/** What the location sync needs of a router, whichever way the router is built. */
export interface RouterPort {
  location(): RouteLocation
  /** Calls back once the router has landed on a new location. */
  subscribe(listener: () => void): () => void
  navigate(href: string, options: { replace: true; state: unknown }): void
}

/**
 * Keeps the store's location and the router in step both ways (docs/qa-replay.md). A page the traveller opens is
 * written to the store; a location the store changes to by itself (Redux DevTools jumping to a recorded state,
 * importing one, or going back to the live state) is opened. While a recorded state is shown, the router's own moves
 * are not written: they belong to no session. Returns the function that stops both subscriptions.
 */
export function syncLocation(store: AppStore, router: RouterPort): () => void {
  let lastStored = selectLocation(store.getState())

  const reconcile = () => {
    const stored = selectLocation(store.getState())
    const routed = router.location()
    const storeMoved = !sameLocation(stored, lastStored)
    lastStored = stored
    // A location the app cannot read is never opened (the reducer refuses it; this holds whatever reaches the store).
    if (stored && typeof (stored.pathname as unknown) !== 'string') return
    if (stored && storeMoved && !sameLocation(stored, routed)) {
      router.navigate(locationHref(stored), { replace: true, state: stored.state })
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
