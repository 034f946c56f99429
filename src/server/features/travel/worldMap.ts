import crypto from 'node:crypto'

import { geoArea, geoCentroid, geoEqualEarth, geoPath, type GeoProjection } from 'd3-geo'
import type { Feature, Polygon } from 'geojson'

import type { MapPlace, MapPlaces } from '@shared/travel'

import { worldLand } from '../../lib/art/mapScene'
import type { Catalogue } from '../catalogue/catalogueCache'

import { outlineOf } from './geography'

/** Bump when the drawing changes, so cached maps (browsers by ETag, stored preview images) are drawn afresh. */
export const MAP_REVISION = 2

/**
 * The map's own units: 4,000 across the world, so one unit is about 10 km at the equator, detail enough at the
 * closest zoom (8×) while the whole map stays small (relative whole-unit path commands; docs/decisions.md).
 */
const MAP_WIDTH = 4000
/** The map stops at 60° south: the catalogue has nothing in Antarctica, which would take a fifth of the height. */
const SOUTHERNMOST_LATITUDE = -60
/** An outline smaller than this (map units) is hard to find and to touch, so it gets a marker as well. */
const SMALL_OUTLINE_UNITS = 14
const ANTARCTICA = '010'

/**
 * A path context writing whole map units as relative commands and skipping points that land on the previous one:
 * the 1:50m outlines carry far more points than 4,000 units can show.
 */
class CompactPath {
  private out = ''
  private x = 0
  private y = 0

  moveTo(x: number, y: number): void {
    this.x = Math.round(x)
    this.y = Math.round(y)
    this.out += `M${this.x} ${this.y}`
  }

  lineTo(x: number, y: number): void {
    const nx = Math.round(x)
    const ny = Math.round(y)
    if (nx === this.x && ny === this.y) return
    this.out += `l${nx - this.x} ${ny - this.y}`
    this.x = nx
    this.y = ny
  }

  closePath(): void {
    this.out += 'z'
  }

  beginPath(): void {
    // Each outline is taken whole with take(); nothing to start.
  }

  arc(): void {
    // Points are drawn as markers by the client, never as path arcs.
  }

  take(): string {
    const result = this.out
    this.out = ''
    return result
  }
}

export interface MapGeometry {
  projection: GeoProjection
  width: number
  height: number
}

let geometry: MapGeometry | null = null

/** The map's projection (Equal Earth: areas stay true, so no country looks bigger than it is) and size. */
export function mapGeometry(): MapGeometry {
  if (geometry) return geometry
  const projection = geoEqualEarth().fitWidth(MAP_WIDTH, { type: 'Sphere' })
  const [, bottom] = projection([0, SOUTHERNMOST_LATITUDE]) ?? [0, MAP_WIDTH / 2]
  geometry = { projection, width: MAP_WIDTH, height: Math.round(bottom) }
  return geometry
}

/** The largest landmass of an outline: where its marker and label go (France's is not in the Atlantic). */
function mainland(shape: Feature): Feature {
  const { geometry: g } = shape
  if (g.type !== 'MultiPolygon') return shape
  let best: Feature<Polygon> | null = null
  let bestArea = -1
  for (const coordinates of g.coordinates) {
    const polygon: Feature<Polygon> = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } }
    const area = geoArea(polygon)
    if (area > bestArea) {
      best = polygon
      bestArea = area
    }
  }
  return best ?? shape
}

function drawPlaces(catalogueData: Catalogue): { land: string; places: MapPlace[] } {
  const { projection } = mapGeometry()
  const context = new CompactPath()
  const path = geoPath(projection, context)
  const measure = geoPath(projection)

  for (const country of worldLand()) {
    if (country.id === ANTARCTICA) continue
    path(country)
  }
  const land = context.take()

  const places: MapPlace[] = []
  for (const place of catalogueData.places) {
    const outline = outlineOf(place)
    let drawn: string | null = null
    let point: [number, number] | null = null
    let small = false
    if (outline) {
      path(outline)
      drawn = context.take()
      point = projection(geoCentroid(mainland(outline)))
      const [[x0, y0], [x1, y1]] = measure.bounds(outline)
      small = Math.max(x1 - x0, y1 - y0) < SMALL_OUTLINE_UNITS
    } else if (place.latitude !== null && place.longitude !== null) {
      point = projection([place.longitude, place.latitude])
    }
    // A place with neither an outline nor a position cannot be drawn; the list view still names it.
    if (!point) continue
    places.push({
      cardSetId: place.cardSetId,
      cardId: place.commonCardId,
      name: place.name,
      kind: place.kind,
      countryCode: place.countryCode,
      collectionId: place.collectionId,
      outline: drawn || null,
      x: Math.max(0, Math.round(point[0])),
      y: Math.max(0, Math.round(point[1])),
      small,
    })
  }
  return { land, places }
}

export interface PreparedMap {
  data: MapPlaces
  /** The answer's entity tag: it changes with the catalogue's places and the drawing. */
  etag: string
}

/**
 * A cache derived from the catalogue, keyed by the catalogue object the app read at start (`fastify.catalogue`): the
 * map is drawn once for it and goes with it, and is never consulted for any other catalogue.
 */
const drawn = new WeakMap<Catalogue, PreparedMap>()

/** The catalogue's map, drawn once per catalogue (it changes only with a new catalogue version) and kept. */
export function worldMap(catalogueData: Catalogue): PreparedMap {
  let prepared = drawn.get(catalogueData)
  if (!prepared) {
    const { width, height } = mapGeometry()
    const data: MapPlaces = { width, height, ...drawPlaces(catalogueData) }
    const digest = crypto
      .createHash('sha256')
      .update(`${MAP_REVISION}:${JSON.stringify(data)}`)
      .digest('base64url')
      .slice(0, 27)
    prepared = { data, etag: `"${digest}"` }
    drawn.set(catalogueData, prepared)
  }
  return prepared
}
