import { geoContains } from 'd3-geo'
import type { Feature, Geometry, Position } from 'geojson'

import { ownOutline } from '../../lib/art/mapScene'
import type { CataloguePlace } from '../catalogue/catalogueCache'

/** [longitude, latitude] in degrees. */
export type LonLat = [number, number]

type ShapeRef = { atlas: 'world' | 'us'; id: string } | null

function shapeRefOf(place: CataloguePlace): ShapeRef {
  const shape = place.facts.shape as { atlas?: unknown; id?: unknown } | null | undefined
  if (!shape || (shape.atlas !== 'world' && shape.atlas !== 'us') || typeof shape.id !== 'string') return null
  return { atlas: shape.atlas, id: shape.id }
}

/** The place's own outline, by the card art's rule (`ownOutline`); null for a place drawn as a marker. */
export function outlineOf(place: CataloguePlace): Feature | null {
  return ownOutline({ kind: place.kind, shape: shapeRefOf(place) })
}

/**
 * How far outside an outline a picture may be and still count (docs/decisions.md, Travel map): the 1:50m world outlines
 * cut coasts and borders by several kilometres, the 1:10m US states by less, and a photo on the beach or at the border
 * crossing was taken in the place. A point this close to a shared border counts for both sides.
 */
const OUTLINE_TOLERANCE_KM: Record<'world' | 'us', number> = { world: 10, us: 5 }

/** Radius of a city without population data: a great city's metropolitan area, its suburbs and airport included. */
const CITY_RADIUS_KM = 25
/** Radius of any other place drawn as a marker (a region without outline data) without a known area. */
const REGION_RADIUS_KM = 75

/**
 * The circle a place without an outline is verified by (docs/decisions.md, Travel map): the catalogue's own radius or
 * area when the place's facts carry one, a city's by its population when known, otherwise a default by kind.
 */
export function verificationRadiusKm(place: CataloguePlace): number {
  const { radiusKm, areaKm2, population } = place.facts
  if (typeof radiusKm === 'number' && radiusKm > 0) return radiusKm
  if (typeof areaKm2 === 'number' && areaKm2 > 0) return Math.max(10, 1.25 * Math.sqrt(areaKm2 / Math.PI))
  if (place.kind === 'city') {
    // Population counts the city proper, while visitors see the metropolitan area (Lisbon's 0.5 M live within a
    // 25 km reach that takes in Sintra and the airport), so every tier covers the surroundings.
    if (typeof population === 'number' && population > 0) {
      if (population < 1_000_000) return 25
      if (population < 5_000_000) return 30
      return 40
    }
    return CITY_RADIUS_KM
  }
  return REGION_RADIUS_KM
}

const EARTH_RADIUS_KM = 6371.0088

/** Great-circle distance in kilometres. */
export function distanceKm([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLon = (lon2 - lon1) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

function ringsOf(geometry: Geometry): Position[][] {
  if (geometry.type === 'Polygon') return geometry.coordinates
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat()
  return []
}

/**
 * Distance from a point to the nearest edge of an outline, in kilometres, measured on a plane tangent at the point:
 * exact enough within the few kilometres a tolerance spans, and an edge far away is far on any projection.
 */
function distanceToEdgesKm(geometry: Geometry, [lon, lat]: LonLat): number {
  const kx = 111.32 * Math.cos((lat * Math.PI) / 180)
  const ky = 110.57
  const local = ([x, y]: Position): [number, number] => {
    let dLon = (x ?? 0) - lon
    if (dLon > 180) dLon -= 360
    if (dLon < -180) dLon += 360
    return [dLon * kx, ((y ?? 0) - lat) * ky]
  }
  let best = Infinity
  for (const ring of ringsOf(geometry)) {
    let previous: [number, number] | null = null
    for (const vertex of ring) {
      const current = local(vertex)
      if (previous) best = Math.min(best, segmentDistance(previous, current))
      previous = current
    }
  }
  return best
}

/** Distance from the origin to the segment a–b. */
function segmentDistance([ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax
  const dy = by - ay
  const lengthSquared = dx * dx + dy * dy
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared))
  return Math.hypot(ax + t * dx, ay + t * dy)
}

/** Whether a picture taken at `point` was taken in the place: inside its outline (within tolerance) or its radius. */
export function isInsidePlace(place: CataloguePlace, point: LonLat): boolean {
  const outline = outlineOf(place)
  if (outline) {
    if (geoContains(outline, point)) return true
    const atlas = shapeRefOf(place)?.atlas ?? 'world'
    return distanceToEdgesKm(outline.geometry, point) <= OUTLINE_TOLERANCE_KM[atlas]
  }
  if (place.latitude === null || place.longitude === null) return false
  return distanceKm([place.longitude, place.latitude], point) <= verificationRadiusKm(place)
}
