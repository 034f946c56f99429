/** A window onto the map in its own units, as an svg viewBox. */
export interface ViewBox {
  x: number
  y: number
  width: number
  height: number
}

export interface ScreenPoint {
  x: number
  y: number
}

/** The pan and zoom applied to the map's layer (d3-zoom's transform). */
export interface MapTransform {
  k: number
  x: number
  y: number
}

/** A box's position on screen (a DOMRect's part that matters here). */
export interface ScreenBox {
  left: number
  top: number
  width: number
  height: number
}

/**
 * The part of the map shown before any zoom, for a box of the given size: the whole world when the box is as wide as
 * the map; in a box taller than that (a phone held upright) the map's full height and the middle of its width, since
 * the whole world across 350 px leaves places a few pixels apart.
 */
export function firstView(mapWidth: number, mapHeight: number, boxWidth: number, boxHeight: number): ViewBox {
  const whole = { x: 0, y: 0, width: mapWidth, height: mapHeight }
  if (boxWidth <= 0 || boxHeight <= 0) return whole
  const boxAspect = boxWidth / boxHeight
  // A pixel's rounding is no reason to crop the world.
  if (boxAspect >= (mapWidth / mapHeight) * 0.98) return whole
  const width = mapHeight * boxAspect
  return { x: (mapWidth - width) / 2, y: 0, width, height: mapHeight }
}

/** Where a point of the map (its own units) is on screen, given the pan and zoom and the box the map is drawn in. */
export function toScreen(point: ScreenPoint, transform: MapTransform, view: ViewBox, box: ScreenBox): ScreenPoint {
  const scale = box.width / view.width
  return {
    x: box.left + (transform.x + transform.k * point.x - view.x) * scale,
    y: box.top + (transform.y + transform.k * point.y - view.y) * scale,
  }
}

export function insideBox(point: ScreenPoint, box: ScreenBox): boolean {
  return point.x >= box.left && point.x <= box.left + box.width && point.y >= box.top && point.y <= box.top + box.height
}

/**
 * The candidate nearest to the pointer, measured in screen pixels, if it lies within `reach`; otherwise none. A
 * finger covers about 44 px, so a tap is taken to mean the nearest place within half of that.
 */
export function nearestWithin<T>(
  pointer: ScreenPoint,
  candidates: readonly { item: T; at: ScreenPoint }[],
  reach: number,
): T | null {
  let best: T | null = null
  let bestDistance = reach
  for (const { item, at } of candidates) {
    const distance = Math.hypot(at.x - pointer.x, at.y - pointer.y)
    if (distance <= bestDistance) {
      best = item
      bestDistance = distance
    }
  }
  return best
}
