import { useEffect, useRef } from 'react'

/**
 * When a reveal ends, its Skip button (which held focus) is gone; this puts focus on the result's heading instead of
 * leaving it nowhere. Give the heading `tabIndex={-1}` and the returned ref.
 */
export function useFocusAfterReveal<Heading extends HTMLElement>(revealed: boolean) {
  const heading = useRef<Heading>(null)
  useEffect(() => {
    if (!revealed) return
    const active = document.activeElement
    if (active && active !== document.body) return
    heading.current?.focus()
  }, [revealed])
  return heading
}
