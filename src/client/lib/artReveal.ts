import { useEffect, useState } from 'react'

/** How long a played reveal waits for art that has not decoded yet before it shows the cards anyway. */
export const ART_WAIT_MS = 2_500

/** How a reveal animation ended: played out (the cards wait for their art) or skipped by the traveller (shown at once). */
export type RevealEnd = 'played' | 'skipped'

/**
 * Starts fetching and decoding the images as soon as their addresses are known and says when every one has decoded or
 * failed. Browsers keep the decoded images, so an <img> of the same address mounted later paints at once. Where the
 * browser cannot decode ahead (no HTMLImageElement.decode), nothing is waited for.
 */
export function useDecodedImages(urls: readonly string[]): boolean {
  const key = urls.join('\n')
  const [decodedKey, setDecodedKey] = useState<string | null>(null)

  useEffect(() => {
    if (key === '') return undefined
    let current = true
    const images = key.split('\n').map((url) => {
      const image = new Image()
      image.src = url
      return typeof image.decode === 'function' ? image.decode().catch(() => undefined) : Promise.resolve()
    })
    void Promise.all(images).then(() => {
      if (current) setDecodedKey(key)
    })
    return () => {
      current = false
    }
  }, [key])

  return key !== '' && decodedKey === key
}

/**
 * The cards of a reveal show when its animation has played and their art has decoded (or ART_WAIT_MS later at most, so
 * a slow picture never holds the result back), or at once when the traveller skips.
 */
export function useArtGatedReveal(artUrls: readonly string[]): { revealed: boolean; end: (how: RevealEnd) => void } {
  const decoded = useDecodedImages(artUrls)
  const [ended, setEnded] = useState<RevealEnd | null>(null)
  const [waitedOut, setWaitedOut] = useState(false)

  useEffect(() => {
    if (ended !== 'played' || decoded) return undefined
    const timer = window.setTimeout(() => setWaitedOut(true), ART_WAIT_MS)
    return () => window.clearTimeout(timer)
  }, [ended, decoded])

  const revealed = ended === 'skipped' || (ended === 'played' && (decoded || waitedOut || artUrls.length === 0))
  return { revealed, end: setEnded }
}
