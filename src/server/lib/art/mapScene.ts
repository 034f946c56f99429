import {
  geoArea,
  geoAzimuthalEqualArea,
  geoCentroid,
  geoCircle,
  geoContains,
  geoDistance,
  geoGraticule10,
  geoPath,
  type GeoProjection,
} from 'd3-geo'
import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import statesTopology from 'us-atlas/states-10m.json'
import coarseWorldTopology from 'world-atlas/countries-110m.json'
import worldTopology from 'world-atlas/countries-50m.json'

/** What the art needs to place a card set on a map; read from card_sets.facts and its columns. */
export interface MapSubject {
  kind: string
  /** The place's own outline (a country, a US state). */
  shape: { atlas: 'world' | 'us'; id: string } | null
  /** The country a place without an outline of its own lies in: its card is a locator map on that country. */
  within?: { atlas: 'world' | 'us'; id: string } | null
  latitude: number | null
  longitude: number | null
}

/** SVG path data in the window's own pixel space. */
export interface MapScene {
  graticule: string
  land: string
  /** The country around a city or the other states around a state, drawn between the land and the place. */
  context: string
  contextBorders: string
  place: string
  /** A point to mark: the city, or the centre of a place too small to see. */
  marker: { x: number; y: number } | null
}

interface WorldShapes {
  byId: Map<string, Feature>
  all: Feature[]
  /** Centre and angular radius of each of `all`, to skip countries far outside the window cheaply. */
  reach: { center: [number, number]; radius: number }[]
}

interface ShapeIndex {
  world: Map<string, Feature>
  worldAll: WorldShapes
  /** The 1:110m atlas, for views so wide that 1:50m detail is invisible and only slows rendering down. */
  coarse: WorldShapes
  us: Map<string, Feature>
  usAll: Feature[]
  usBorders: Geometry
}

/** Names world-atlas uses for the countries it lists without an ISO number. */
const WORLD_ID_BY_NAME: Record<string, string> = { Kosovo: 'XK' }
/** The window always spans at least this many degrees, so microstates appear with their surroundings. */
const MIN_SPAN_DEGREES = 2.4
/**
 * A territory smaller than this (in angular radius: about 45 km across) was a speck in a 2.4° window, an almost empty
 * card; its window may close in to 0.3°, where such a place spans about a fifth of it.
 */
const TINY_PLACE_RADIUS_DEGREES = 0.4
const TINY_MIN_SPAN_DEGREES = 0.3
const CITY_VIEW_RADIUS_DEGREES = 8
const COARSE_VIEW_SPAN_DEGREES = 30
const CITY_FITS_COUNTRY_RADIUS_DEGREES = 11
const LOCATOR_RADIUS_DEGREES = 3.5

let index: ShapeIndex | null = null

function worldShapes(topology: Topology): WorldShapes {
  const collection = topology.objects.countries as GeometryCollection<{ name?: string }>
  const all: Feature[] = []
  const byId = new Map<string, Feature>()
  for (const geometry of collection.geometries) {
    const shape = feature(topology, geometry) as Feature
    all.push(shape)
    const id =
      geometry.id !== undefined
        ? String(geometry.id)
        : WORLD_ID_BY_NAME[(geometry.properties as { name?: string } | null)?.name ?? '']
    if (id) byId.set(id, shape)
  }
  const reach = all.map((f) => {
    const center = geoCentroid(f)
    const radius = Math.max(0, ...polygonsOf(f.geometry).map((polygon) => angularRadius(center, polygon)))
    return { center, radius }
  })
  return { byId, all, reach }
}

function shapes(): ShapeIndex {
  if (index) return index
  const fine = worldShapes(worldTopology as unknown as Topology)
  const coarse = worldShapes(coarseWorldTopology as unknown as Topology)
  const worldById = fine.byId
  const worldAll = fine
  const us = statesTopology as unknown as Topology
  const usCollection = us.objects.states as GeometryCollection
  const usShapes = usCollection.geometries.map((g) => ({
    id: String(g.id),
    shape: feature(us, g) as Feature,
  }))
  const usAll = usShapes.map(({ shape }) => shape)
  const usById = new Map(usShapes.map(({ id, shape }) => [id, shape]))
  index = {
    world: worldById,
    worldAll,
    coarse,
    us: usById,
    usAll,
    usBorders: mesh(us, usCollection, (a, b) => a !== b),
  }
  return index
}

function polygonsOf(geometry: Geometry): Position[][][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates]
  if (geometry.type === 'MultiPolygon') return geometry.coordinates
  return []
}

function angularRadius(center: [number, number], polygon: Position[][]): number {
  let max = 0
  for (const point of polygon[0] ?? []) max = Math.max(max, geoDistance(center, point as [number, number]))
  return (max * 180) / Math.PI
}

/**
 * The part of a country a traveller recognises: its largest landmass and what lies near it,
 * without far-away overseas territories that would shrink the mainland to a dot.
 */
export function mainCluster(shape: Feature): { geometry: MultiPolygon; radius: number } {
  const polygons = polygonsOf(shape.geometry)
  const measured = polygons.map((coordinates) => {
    const polygon: Feature<Polygon> = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } }
    const center = geoCentroid(polygon)
    return { coordinates, center, radius: angularRadius(center, coordinates), area: geoArea(polygon) }
  })
  const [first, ...others] = measured
  if (!first) throw new Error('mainCluster needs a shape with at least one polygon')
  const largest = others.reduce((a, b) => (b.area > a.area ? b : a), first)
  const reach = Math.max(6, largest.radius * 2.5)
  // Big islands far from the largest landmass (Sumatra, Alaska) still belong to the picture.
  const kept = measured.filter(
    (p) => (geoDistance(largest.center, p.center) * 180) / Math.PI <= reach || p.area >= largest.area * 0.25,
  )
  const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: kept.map((p) => p.coordinates) }
  const center = geoCentroid(geometry)
  const radius = Math.max(...kept.map((p) => angularRadius(center, p.coordinates)))
  return { geometry, radius }
}

function circle(center: [number, number], radius: number): Geometry {
  return geoCircle().center(center).radius(radius)()
}

function projectionFor(
  focus: Geometry,
  width: number,
  height: number,
  padding: number,
  minSpanDegrees = MIN_SPAN_DEGREES,
): GeoProjection {
  const center = geoCentroid({ type: 'Feature', properties: {}, geometry: focus })
  const projection = geoAzimuthalEqualArea()
    .rotate([-center[0], -center[1]])
    .clipAngle(150)
    .fitExtent(
      [
        [padding, padding],
        [width - padding, height - padding],
      ],
      { type: 'Feature', properties: {}, geometry: focus },
    )
  const maxScale = (Math.min(width, height) / 2 / ((minSpanDegrees / 2) * Math.PI)) * 180
  if (projection.scale() > maxScale) {
    projection.scale(maxScale).translate([width / 2, height / 2])
  }
  return projection
}

function atlasShape(shape: MapSubject['shape']): Feature | undefined {
  if (!shape) return undefined
  const { world, us } = shapes()
  return shape.atlas === 'us' ? us.get(shape.id) : world.get(shape.id)
}

/**
 * A place's own outline: the shape its facts name, except for a city, whose shape is the country around it. The card
 * art and the travel map follow this one rule; a place without one is drawn as a marker at its position.
 */
export function ownOutline(subject: Pick<MapSubject, 'kind' | 'shape'>): Feature | null {
  if (subject.kind === 'city') return null
  return atlasShape(subject.shape) ?? null
}

/**
 * Every country of the 1:110m world atlas, catalogued or not: the land a whole-world map is drawn on. The places are
 * drawn over it in their own outlines, so the land only shows where no place is, and its coarser coast halves the
 * map's drawing and its size.
 */
export function worldLand(): Feature[] {
  return shapes().coarse.all
}

/** Outlines for the art window: land, context, the place and a marker, projected around the place. */
export function buildMapScene(subject: MapSubject, width: number, height: number): MapScene {
  const { worldAll, coarse, usAll, usBorders } = shapes()
  const point: [number, number] | null =
    subject.longitude !== null && subject.latitude !== null ? [subject.longitude, subject.latitude] : null
  // Cards made before `within` existed name a city's country as its shape.
  const locator = subject.kind === 'city' || !subject.shape
  const placeShape = locator ? undefined : atlasShape(subject.shape)
  const countryRef = locator ? (subject.within ?? subject.shape) : null
  const countryShape = atlasShape(countryRef)

  let focus: Geometry
  let highlighted: Geometry | null = null
  let context: Geometry | null = null
  let marker: [number, number] | null = null
  let minSpan = MIN_SPAN_DEGREES

  if (locator && point) {
    const country = countryShape ? mainCluster(countryShape) : null
    const fitsCountry =
      country && country.radius <= CITY_FITS_COUNTRY_RADIUS_DEGREES && geoContainsNear(country.geometry, point)
    focus = fitsCountry ? country.geometry : circle(point, CITY_VIEW_RADIUS_DEGREES)
    context = countryShape?.geometry ?? null
    marker = point
  } else if (placeShape) {
    const cluster =
      subject.shape?.atlas === 'us' ? { geometry: placeShape.geometry, radius: Infinity } : mainCluster(placeShape)
    focus = cluster.geometry
    if (cluster.radius < TINY_PLACE_RADIUS_DEGREES) minSpan = Math.max(TINY_MIN_SPAN_DEGREES, cluster.radius * 3)
    highlighted = placeShape.geometry
    if (subject.shape?.atlas === 'us') context = null
  } else {
    focus = circle(point ?? [0, 0], LOCATOR_RADIUS_DEGREES)
    marker = point
  }

  const projection = projectionFor(focus, width, height, Math.round(width * 0.08), minSpan)
  projection.clipExtent([
    [-2, -2],
    [width + 2, height + 2],
  ])
  const path = geoPath(projection).digits(1)
  const draw = (geometry: Geometry | null) =>
    geometry ? (path({ type: 'Feature', properties: {}, geometry }) ?? '') : ''

  const wide = viewSpanDegrees(projection, width, height) > COARSE_VIEW_SPAN_DEGREES
  const drawnRef = locator ? countryRef : subject.shape
  const coarsePlace = drawnRef?.atlas === 'world' ? coarse.byId.get(drawnRef.id) : undefined
  if (wide && coarsePlace) {
    if (highlighted) highlighted = coarsePlace.geometry
    if (context && locator) context = coarsePlace.geometry
  }
  const viewCenter = projection.invert?.([width / 2, height / 2]) ?? [0, 0]
  const viewRadius = viewSpanDegrees(projection, width, height) * 0.75
  const atlas = wide ? coarse : worldAll
  const land = atlas.all
    .filter((_, i) => {
      const reach = atlas.reach[i]
      return (
        reach !== undefined && (geoDistance(viewCenter, reach.center) * 180) / Math.PI <= viewRadius + reach.radius + 1
      )
    })
    .map((f) => path(f) ?? '')
    .join('')
  let contextPath = draw(context)
  let contextBorders = ''
  if (subject.shape?.atlas === 'us') {
    contextPath = usAll.map((f) => path(f) ?? '').join('')
    contextBorders = draw(usBorders)
  }
  const place = draw(highlighted)
  // A place smaller than a few pixels gets a ring so the eye finds it.
  const tiny =
    highlighted &&
    (placeBoxSize(path, highlighted) < width * 0.04 ||
      path.area({ type: 'Feature', properties: {}, geometry: highlighted }) < 80)
  const markerPoint =
    marker ?? (tiny && highlighted ? geoCentroid({ type: 'Feature', properties: {}, geometry: highlighted }) : null)
  const projected = markerPoint ? projection(markerPoint) : null
  return {
    graticule: path(geoGraticule10()) ?? '',
    land,
    context: contextPath,
    contextBorders,
    place,
    marker: projected ? { x: Math.round(projected[0] * 10) / 10, y: Math.round(projected[1] * 10) / 10 } : null,
  }
}

function viewSpanDegrees(projection: GeoProjection, width: number, height: number): number {
  const left = projection.invert?.([0, height / 2])
  const right = projection.invert?.([width, height / 2])
  if (!left || !right) return 180
  return (geoDistance(left, right) * 180) / Math.PI
}

function placeBoxSize(path: ReturnType<typeof geoPath>, geometry: Geometry): number {
  const [[x0, y0], [x1, y1]] = path.bounds({ type: 'Feature', properties: {}, geometry })
  return Math.max(x1 - x0, y1 - y0)
}

function geoContainsNear(geometry: MultiPolygon, point: [number, number]): boolean {
  if (geoContains({ type: 'Feature', properties: {}, geometry }, point)) return true
  // Coastal cities sit on the shoreline of a simplified outline; near is enough.
  return geometry.coordinates.some((polygon) =>
    (polygon[0] ?? []).some((vertex) => geoDistance(point, vertex as [number, number]) < 0.02),
  )
}
