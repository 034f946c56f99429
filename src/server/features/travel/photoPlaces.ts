import { geoBounds } from 'd3-geo'

import type { Catalogue, CataloguePlace } from '../catalogue/catalogueCache'

import { distanceKm, isInsidePlace, outlineOf, verificationRadiusKm, type LonLat } from './geography'
import { isInFuture } from './photoDates'
import { readPhotoLocation } from './photoLocation'

/**
 * The earliest capture date a photo is believed: consumer digital cameras date from the 1990s, and a camera whose
 * clock was never set writes 1900, 1970 or 1980. An older date is treated as unknown (docs/decisions.md).
 */
export const EARLIEST_PHOTO_DAY = '1990-01-01'

/** What an imported photo says of itself, read once from the original: the position is used here and dropped. */
export interface PhotoReading {
  takenOn: string | null
  /** The catalogue place the photo was taken in: the city containing it, else the region, else the country. */
  place: CataloguePlace | null
}

/** How matching ranks places: a city is more precise than its region, a region than its country. */
type Tier = 'city' | 'region' | 'country'

function tierOf(place: CataloguePlace): Tier {
  if (place.kind === 'city') return 'city'
  if (place.kind === 'country') return 'country'
  return 'region'
}

/** Degrees a bounding box is widened by, so a photo within an outline's tolerance (at most 10 km) is not cut off. */
const BOX_MARGIN_DEGREES = 0.2

interface IndexedPlace {
  place: CataloguePlace
  tier: Tier
  /** [west, south, east, north], widened; east < west for a box across the antimeridian. */
  box: [number, number, number, number] | null
}

const indexes = new WeakMap<Catalogue, IndexedPlace[]>()

/**
 * Each place with the box its outline or radius spans, computed once per catalogue (which lives as long as the
 * process): a photo is tested in full only against the few places whose box holds it.
 */
function indexOf(catalogue: Catalogue): IndexedPlace[] {
  let index = indexes.get(catalogue)
  if (index) return index
  index = catalogue.places.map((place) => {
    const outline = outlineOf(place)
    if (outline) {
      const [[west, south], [east, north]] = geoBounds(outline)
      return {
        place,
        tier: tierOf(place),
        box: [
          west - BOX_MARGIN_DEGREES,
          south - BOX_MARGIN_DEGREES,
          east + BOX_MARGIN_DEGREES,
          north + BOX_MARGIN_DEGREES,
        ],
      }
    }
    if (place.latitude === null || place.longitude === null) return { place, tier: tierOf(place), box: null }
    const radiusDegrees = verificationRadiusKm(place) / 100 + BOX_MARGIN_DEGREES
    const longitudeSpan = radiusDegrees / Math.max(0.05, Math.cos((place.latitude * Math.PI) / 180))
    return {
      place,
      tier: tierOf(place),
      box: [
        place.longitude - longitudeSpan,
        place.latitude - radiusDegrees,
        place.longitude + longitudeSpan,
        place.latitude + radiusDegrees,
      ],
    }
  })
  indexes.set(catalogue, index)
  return index
}

function inBox([west, south, east, north]: [number, number, number, number], [lon, lat]: LonLat): boolean {
  if (lat < south || lat > north) return false
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east
}

/** Closeness to a place's own point, for choosing between two places of one tier that both hold the photo. */
function distanceTo(place: CataloguePlace, point: LonLat): number {
  return place.latitude === null || place.longitude === null
    ? Number.POSITIVE_INFINITY
    : distanceKm([place.longitude, place.latitude], point)
}

/**
 * The most precise catalogue place a point lies in (docs/product.md#memories-from-photos): a city whose area holds it,
 * else a region, else a country; between two of one tier (neighbouring cities, a border within tolerance), the one
 * whose centre is nearest.
 */
export function matchPlace(catalogue: Catalogue, point: LonLat): CataloguePlace | null {
  const found: Record<Tier, CataloguePlace[]> = { city: [], region: [], country: [] }
  for (const candidate of indexOf(catalogue)) {
    if (candidate.box && inBox(candidate.box, point) && isInsidePlace(candidate.place, point))
      found[candidate.tier].push(candidate.place)
  }
  for (const tier of ['city', 'region', 'country'] as const) {
    const places = found[tier]
    if (places.length > 0) return places.reduce((a, b) => (distanceTo(b, point) < distanceTo(a, point) ? b : a))
  }
  return null
}

/**
 * Reads an imported photo: its capture day (unless absurd: before EARLIEST_PHOTO_DAY, or in the future anywhere on
 * Earth) and the place it was taken in. A future date makes the position no proof either, as for a memory's picture;
 * a position on a pole is a receiver's placeholder, not a fix.
 */
export async function readImportedPhoto(catalogue: Catalogue, upload: Buffer): Promise<PhotoReading> {
  const { position, takenOn } = await readPhotoLocation(upload)
  const future = takenOn !== null && isInFuture(takenOn)
  const believedDay = takenOn !== null && !future && takenOn >= EARLIEST_PHOTO_DAY ? takenOn : null
  const usable = position !== null && !future && Math.abs(position[1]) < 90
  return { takenOn: believedDay, place: usable ? matchPlace(catalogue, position) : null }
}
