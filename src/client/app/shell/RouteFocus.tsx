import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

/** How long a lazy screen may take to show its heading before focus is left where it is. */
const HEADING_WAIT_MS = 5_000

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1')
}

/** True when the user or the new screen has already put focus somewhere of its own within the page content. */
function focusAlreadyPlaced(): boolean {
  const active = document.activeElement
  return active !== null && active !== document.body && document.getElementById('main')?.contains(active) === true
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
}

/**
 * Moves keyboard focus to the new screen's heading after each change of page, so a keyboard or screen-reader user
 * starts at the top of what just opened (and hears its name) instead of on a link that no longer exists. The first
 * load keeps the browser's own start, and a screen that focuses a field of its own keeps it.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const previous = useRef(pathname)

  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    const main = document.getElementById('main')
    if (!main) return

    const place = () => {
      const heading = mainHeading()
      if (!heading) return false
      if (!focusAlreadyPlaced()) focusHeading(heading)
      return true
    }
    if (place()) return
    // Lazy screens show their heading after their chunk and data arrive.
    const observer = new MutationObserver(() => {
      if (place()) stop()
    })
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS)
    function stop() {
      observer.disconnect()
      window.clearTimeout(timer)
    }
    observer.observe(main, { childList: true, subtree: true })
    return stop
  }, [pathname])

  return null
}
