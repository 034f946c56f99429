import { useEffect, useLayoutEffect } from 'react'
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom'

import { rememberScrollPosition, storedScrollPosition } from '../../lib/scrollPositions'

/**
 * A new page opens at the top (or at its #anchor); going back or forward returns to where that page was left.
 * Positions are kept per history entry for the life of the tab's app (lib/scrollPositions.ts).
 */
export function ScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()
  useEffect(() => {
    window.history.scrollRestoration = 'manual'
  }, [])

  useEffect(() => {
    const remember = () => rememberScrollPosition(location.key, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [location.key])

  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) {
      window.scrollTo(0, storedScrollPosition(location.key) ?? 0)
      return
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
    if (anchor) anchor.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [location.key, location.hash, navigationType])

  return null
}
