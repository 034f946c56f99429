import tzLookup from '@photostructure/tz-lookup'
import type { MultiPolygon, Polygon } from 'geojson'
import { feature } from 'topojson-client'
import type { Topology } from 'topojson-specification'
import landTopology from 'world-atlas/land-50m.json'

/** Small geographic helpers for the descriptions: distances, directions, the coast and the clocks. */

const EARTH_RADIUS_KM = 6371
const RADIANS = Math.PI / 180

export interface Point {
  latitude: number
  longitude: number
}

/** Great-circle distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = (b.latitude - a.latitude) * RADIANS
  const dLng = (b.longitude - a.longitude) * RADIANS
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const
export type Compass = (typeof COMPASS)[number]

/** The compass point one would head towards from `from` to reach `to` (initial bearing, eight points). */
export function directionFrom(from: Point, to: Point): Compass {
  const φ1 = from.latitude * RADIANS
  const φ2 = to.latitude * RADIANS
  const Δλ = (to.longitude - from.longitude) * RADIANS
  const y = Math.sin(Δλ) * Math.cos(φ2)
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ)
  const bearing = (Math.atan2(y, x) / RADIANS + 360) % 360
  return COMPASS[Math.round(bearing / 45) % 8] ?? 'north'
}

/** Distances read as people say them: 40 km, 350 km, 1,200 km. */
export function formatKm(km: number): string {
  const rounded =
    km < 100 ? Math.round(km / 5) * 5 || 5 : km < 1000 ? Math.round(km / 10) * 10 : Math.round(km / 50) * 50
  return `${rounded.toLocaleString('en-US')} km`
}

const ORDINAL_WORDS = ['', '', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']

/** "the largest", "the third-largest", "the 24th-largest". */
export function largestRank(rank: number): string {
  if (rank <= 1) return 'the largest'
  const word = ORDINAL_WORDS[rank] ?? ordinalNumber(rank)
  return `the ${word}-largest`
}

function ordinalNumber(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`
}

/** Where a point lies within an area, as a traveller says it: "the north-east", "the centre". */
export function partOf(point: Point, centre: Point, spanKm: number): string {
  if (distanceKm(point, centre) < spanKm * 0.15) return 'centre'
  return directionFrom(centre, point)
}

interface CoastIndex {
  cells: Map<string, [number, number, number, number][]>
}

const CELL_DEGREES = 1
let coast: CoastIndex | null = null

function cellKey(longitude: number, latitude: number): string {
  return `${Math.floor(longitude / CELL_DEGREES)}:${Math.floor(latitude / CELL_DEGREES)}`
}

/** The coastline of the 1:50m land outline as segments filed by one-degree cell, read once. */
function coastIndex(): CoastIndex {
  if (coast) return coast
  const topology = landTopology as unknown as Topology
  const landObject = topology.objects.land
  if (!landObject) throw new Error('The world atlas has no land outline')
  const land = feature(topology, landObject) as unknown as { features?: { geometry: Polygon | MultiPolygon }[] }
  const geometries = land.features?.map((f) => f.geometry) ?? [(land as unknown as { geometry: MultiPolygon }).geometry]
  const cells = new Map<string, [number, number, number, number][]>()
  for (const geometry of geometries) {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i += 1) {
        const [x1 = 0, y1 = 0] = ring[i - 1] ?? []
        const [x2 = 0, y2 = 0] = ring[i] ?? []
        const segment: [number, number, number, number] = [x1, y1, x2, y2]
        for (const key of new Set([cellKey(x1, y1), cellKey(x2, y2)])) {
          const list = cells.get(key)
          if (list) list.push(segment)
          else cells.set(key, [segment])
        }
      }
    }
  }
  coast = { cells }
  return coast
}

/** Distance in km from a point to the nearest coastline, or Infinity when none lies within about a degree. */
export function coastDistanceKm(point: Point): number {
  const { cells } = coastIndex()
  const cx = Math.floor(point.longitude / CELL_DEGREES)
  const cy = Math.floor(point.latitude / CELL_DEGREES)
  const kx = Math.cos(point.latitude * RADIANS) * RADIANS * EARTH_RADIUS_KM
  const ky = RADIANS * EARTH_RADIUS_KM
  let best = Infinity
  for (let dx = -1; dx <= 1; dx += 1) {
    for (let dy = -1; dy <= 1; dy += 1) {
      for (const [x1, y1, x2, y2] of cells.get(`${cx + dx}:${cy + dy}`) ?? []) {
        // Planar distance to the segment, in km around the point: exact enough within a degree.
        const ax = (x1 - point.longitude) * kx
        const ay = (y1 - point.latitude) * ky
        const bx = (x2 - point.longitude) * kx
        const by = (y2 - point.latitude) * ky
        const vx = bx - ax
        const vy = by - ay
        const length = vx * vx + vy * vy
        const t = length > 0 ? Math.max(0, Math.min(1, -(ax * vx + ay * vy) / length)) : 0
        best = Math.min(best, Math.hypot(ax + t * vx, ay + t * vy))
      }
    }
  }
  return best
}

/** The IANA time zone at a point (America/Toronto). */
export function timeZoneAt(point: Point): string {
  return tzLookup(point.latitude, point.longitude)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function offsetMinutes(timeZone: string, at: Date): number {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    formatters.set(timeZone, formatter)
  }
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return 'UTC'
  const sign = minutes > 0 ? '+' : '−'
  const hours = Math.floor(Math.abs(minutes) / 60)
  const rest = Math.abs(minutes) % 60
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`
}

export interface Clock {
  standard: string
  summer: string | null
  standardMinutes: number
}

const clocks = new Map<string, Clock>()

/** A zone's standard offset and, where clocks change, its summer one: { standard: 'UTC+1', summer: 'UTC+2' }. */
export function clockOf(timeZone: string): Clock {
  const known = clocks.get(timeZone)
  if (known) return known
  // January and July of a fixed year, so the same zone always reads the same.
  const january = offsetMinutes(timeZone, new Date(Date.UTC(2026, 0, 15)))
  const july = offsetMinutes(timeZone, new Date(Date.UTC(2026, 6, 15)))
  const standard = Math.min(january, july)
  const summer = Math.max(january, july)
  const clock = {
    standard: formatOffset(standard),
    summer: summer !== standard ? formatOffset(summer) : null,
    standardMinutes: standard,
  }
  clocks.set(timeZone, clock)
  return clock
}
