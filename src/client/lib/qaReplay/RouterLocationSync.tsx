import { useEffect, useLayoutEffect, useRef } from 'react'
import { useStore } from 'react-redux'
import { useLocation, useNavigate } from 'react-router-dom'

import type { AppStore } from '../../app/store'

import type { RouteLocation } from './locationSlice'
import { syncLocation, type RouterPort } from './syncLocationWithRouter'

/** Runs the location sync (syncLocationWithRouter.ts) against the router this component is rendered in. */
export function RouterLocationSync() {
  const store = useStore() as AppStore
  const { pathname, search, hash, state } = useLocation() as RouteLocation
  const navigate = useNavigate()
  const current = useRef<RouteLocation>({ pathname, search, hash, state: state ?? null })
  const navigateRef = useRef(navigate)
  const listeners = useRef(new Set<() => void>())

  // Before any effect reads it, so the sync always compares against the page on screen.
  useLayoutEffect(() => {
    navigateRef.current = navigate
    current.current = { pathname, search, hash, state: state ?? null }
    for (const listener of listeners.current) listener()
  }, [pathname, search, hash, state, navigate])

  useEffect(() => {
    const subscribers = listeners.current
    const router: RouterPort = {
      location: () => current.current,
      subscribe: (listener) => {
        subscribers.add(listener)
        return () => subscribers.delete(listener)
      },
      navigate: (href, options) => {
        void navigateRef.current(href, options)
      },
    }
    return syncLocation(store, router)
  }, [store])

  return null
}
