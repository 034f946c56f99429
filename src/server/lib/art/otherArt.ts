import { createAvatar } from '@dicebear/core'
import * as personas from '@dicebear/personas'
import { geoAlbersUsa, geoCentroid, geoGraticule10, geoOrthographic, geoPath } from 'd3-geo'
import type { Feature } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import statesTopology from 'us-atlas/states-10m.json'
import worldTopology from 'world-atlas/countries-110m.json'
import landTopology from 'world-atlas/land-110m.json'

import { starPath } from './cardSvg'
import { fitLines, fittedSize, textPath } from './textPaths'

export const COLLECTION_WIDTH = 800
export const COLLECTION_HEIGHT = 500

/** What a collection image shows: its places on a globe (or on the map of the United States). */
export interface CollectionArtData {
  id: string
  name: string
  placeCount: number
  places: {
    kind: string
    shapeAtlas: 'world' | 'us' | null
    shapeId: string | null
    /** The country a place without an outline of its own lies in (world-atlas id). */
    withinId: string | null
    latitude: number | null
    longitude: number | null
  }[]
}

const PALETTES: Record<string, [string, string, string]> = {
  'great-cities': ['#0F5C63', '#0A3D42', '#F2B35B'],
  europe: ['#1F4E79', '#0F2A47', '#F2C94C'],
  asia: ['#8C2F39', '#4A1520', '#FFB870'],
  africa: ['#9A5B13', '#4D2C08', '#FFD27A'],
  'north-america': ['#1E6B52', '#0B3A2C', '#F7D070'],
  'south-america': ['#2D6A2E', '#133A14', '#FFC857'],
  oceania: ['#0B6E99', '#053A52', '#FFD88A'],
  'us-states': ['#23395D', '#101D33', '#F25F5C'],
}

/** Collections without a palette of their own take one of these, chosen by their id. */
const PALETTE_CYCLE: [string, string, string][] = [
  ['#1F4E79', '#0F2A47', '#F2C94C'],
  ['#8C2F39', '#4A1520', '#FFB870'],
  ['#9A5B13', '#4D2C08', '#FFD27A'],
  ['#1E6B52', '#0B3A2C', '#F7D070'],
  ['#2D6A2E', '#133A14', '#FFC857'],
  ['#0B6E99', '#053A52', '#FFD88A'],
  ['#5B3A8C', '#2C1A47', '#FFC9E0'],
  ['#0F5C63', '#0A3D42', '#F2B35B'],
]

function paletteOf(id: string): [string, string, string] {
  const known = PALETTES[id]
  if (known) return known
  let hash = 0
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return PALETTE_CYCLE[hash % PALETTE_CYCLE.length] ?? ['#0F5C63', '#0A3D42', '#F2B35B']
}

interface WorldIndex {
  land: Feature
  countries: Map<string, Feature>
}
let world: WorldIndex | null = null

function worldShapes(): WorldIndex {
  if (!world) {
    const land = landTopology as unknown as Topology
    const countries = worldTopology as unknown as Topology
    const collection = countries.objects.countries as GeometryCollection
    const landObject = land.objects.land
    if (!landObject) throw new Error('The world atlas has no land outline')
    world = {
      land: feature(land, landObject) as unknown as Feature,
      countries: new Map(collection.geometries.map((g) => [String(g.id), feature(countries, g) as Feature])),
    }
  }
  return world
}

function usStates(): Map<string, Feature> {
  const topology = statesTopology as unknown as Topology
  const collection = topology.objects.states as GeometryCollection
  return new Map(collection.geometries.map((g) => [String(g.id), feature(topology, g) as Feature]))
}

/** A collection's image: its places lit up on a globe, with the collection's name. */
export function collectionSvg(data: CollectionArtData): string {
  const [base, deep, highlight] = paletteOf(data.id)
  const { land, countries } = worldShapes()
  const mapArea = { x: 400, y: 20, width: 380, height: 460 }
  let mapSvg: string
  if (data.places.length && data.places.every((p) => p.shapeAtlas === 'us' && p.kind === 'state')) {
    const states = usStates()
    const all = { type: 'FeatureCollection' as const, features: [...states.values()] }
    const projection = geoAlbersUsa().fitExtent(
      [
        [mapArea.x, mapArea.y + 60],
        [mapArea.x + mapArea.width, mapArea.y + mapArea.height - 60],
      ],
      all,
    )
    const path = geoPath(projection).digits(1)
    const highlighted = data.places
      .map((p) => (p.shapeId ? states.get(p.shapeId) : undefined))
      .filter(Boolean) as Feature[]
    mapSvg = `<path d="${highlighted.map((f) => path(f) ?? '').join('')}" fill="${highlight}" fill-opacity="0.92" stroke="${deep}" stroke-width="1.2" stroke-linejoin="round"/>`
  } else {
    const features = data.places
      .map((p) => (p.kind !== 'city' && p.shapeId ? countries.get(p.shapeId) : undefined))
      .filter(Boolean) as Feature[]
    // Places without an outline of their own (cities, most regions) are dots; when they all lie in one country, that
    // country is lit faintly behind them.
    const points = data.places.flatMap(({ kind, shapeId, longitude, latitude }) =>
      (kind === 'city' || !shapeId) && longitude !== null && latitude !== null ? [{ longitude, latitude }] : [],
    )
    const withinIds = new Set(data.places.map((p) => p.withinId))
    const [onlyWithin] = withinIds
    const country = withinIds.size === 1 && onlyWithin ? countries.get(onlyWithin) : undefined
    const focus: Feature =
      country ??
      (features.length
        ? {
            type: 'Feature',
            properties: {},
            geometry: { type: 'GeometryCollection', geometries: features.map((f) => f.geometry) },
          }
        : {
            type: 'Feature',
            properties: {},
            geometry: { type: 'MultiPoint', coordinates: points.map((p) => [p.longitude, p.latitude]) },
          })
    const [lon, lat] = data.id === 'great-cities' ? [20, 22] : geoCentroid(focus)
    const radius = 228
    const cx = mapArea.x + mapArea.width / 2 + 10
    const cy = COLLECTION_HEIGHT / 2
    const projection = geoOrthographic()
      .rotate([-lon, -Math.max(-50, Math.min(50, lat))])
      .translate([cx, cy])
      .scale(radius)
      .clipAngle(90)
    const path = geoPath(projection).digits(1)
    const dots = points
      .map((p) => projection([p.longitude, p.latitude]))
      .filter((xy): xy is [number, number] => !!xy)
      .map(
        ([x, y]) =>
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5" fill="${highlight}" stroke="#FFFFFF" stroke-width="1.5"/>`,
      )
      .join('')
    mapSvg = `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="url(#sea)"/>
      <path d="${path(geoGraticule10()) ?? ''}" fill="none" stroke="#FFFFFF" stroke-opacity="0.12" stroke-width="0.8"/>
      <path d="${path(land) ?? ''}" fill="#FFFFFF" fill-opacity="0.16" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="0.6"/>
      ${country ? `<path d="${path(country) ?? ''}" fill="${highlight}" fill-opacity="0.3" stroke="${highlight}" stroke-opacity="0.6" stroke-width="0.8" stroke-linejoin="round"/>` : ''}
      <path d="${features.map((f) => path(f) ?? '').join('')}" fill="${highlight}" fill-opacity="0.95" stroke="${deep}" stroke-width="0.8" stroke-linejoin="round"/>
      ${dots}
      <circle cx="${cx}" cy="${cy}" r="${radius}" fill="url(#shine)"/>
      <circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="1.5"/>`
  }
  const { lines, size } = fitLines(data.name, { face: 'display', size: 58 }, 360, 40)
  const titleTop = lines.length === 1 ? 250 : 215
  const title = lines
    .map((line, i) => textPath(line, 44, titleTop + i * size * 1.05, { face: 'display', size }))
    .join('')
  const subtitle = `${data.placeCount} PLACES  ·  ${data.placeCount * 5} CARDS`
  const subtitleY = titleTop + (lines.length - 1) * size * 1.05 + 44
  const sparkles = (
    [
      [70, 86, 9],
      [350, 60, 6],
      [330, 430, 7],
    ] as const
  )
    .map(([x, y, r]) => `<path d="${starPath(x, y, r, r * 0.25, 4)}" fill="#FFFFFF" fill-opacity="0.7"/>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COLLECTION_WIDTH}" height="${COLLECTION_HEIGHT}" viewBox="0 0 ${COLLECTION_WIDTH} ${COLLECTION_HEIGHT}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
  <radialGradient id="sea" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.16"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></radialGradient>
  <radialGradient id="shine" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.18"/><stop offset="0.6" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${COLLECTION_WIDTH}" height="${COLLECTION_HEIGHT}" fill="url(#bg)"/>
${mapSvg}
${sparkles}
<path d="${textPath('WANDERCARDS COLLECTION', 46, 150, { face: 'textBold', size: 14, tracking: 0.22 })}" fill="${highlight}"/>
<rect x="46" y="164" width="56" height="3" rx="1.5" fill="${highlight}"/>
<path d="${title}" fill="#FFFFFF"/>
<path d="${textPath(subtitle, 46, subtitleY, { face: 'textBold', size: fittedSize(subtitle, { face: 'textBold', size: 16, tracking: 0.14 }, 330, 10), tracking: 0.14 })}" fill="#FFFFFF" fill-opacity="0.8"/>
</svg>`
}

const AVATAR_BACKGROUNDS = ['F2B35B', 'B6E3F4', 'C0AEDE', 'D1F4D9', 'FFD5DC', 'FFDFBF', 'A7D8DE', 'F4E4C1']

/** Avatar `id` (1…AVATAR_COUNT): a traveller drawn by DiceBear from a fixed seed, so it never changes. */
export function avatarSvg(id: number): string {
  const background = AVATAR_BACKGROUNDS[id % AVATAR_BACKGROUNDS.length]
  return createAvatar(personas, {
    seed: `wandercards-traveller-${id}`,
    // Travellers look happy to be on the road: no frowns, no pacifiers.
    mouth: ['bigSmile', 'smile', 'smirk', 'lips'],
    backgroundColor: background ? [background] : [],
    radius: 50,
    size: 256,
  }).toString()
}

/** The back of a card: shown while art loads, for an empty image id, or for an unknown card. */
export function placeholderSvg(width: number, height: number): string {
  const cx = 250
  const cy = 330
  const compass = starPath(cx, cy, 96, 16, 4)
  const minor = `<g transform="rotate(45 ${cx} ${cy})"><path d="${starPath(cx, cy, 60, 12, 4)}" fill="#F2B35B" fill-opacity="0.55"/></g>`
  const rings = [140, 118]
    .map(
      (r, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#F2B35B" stroke-opacity="${i ? 0.35 : 0.6}" stroke-width="${i ? 1 : 2}"/>`,
    )
    .join('')
  const ticks = Array.from({ length: 36 }, (_, i) => {
    const a = (i * Math.PI) / 18
    const r1 = 140
    const r2 = i % 9 === 0 ? 126 : 133
    return `M${(cx + r1 * Math.cos(a)).toFixed(1)},${(cy + r1 * Math.sin(a)).toFixed(1)}L${(cx + r2 * Math.cos(a)).toFixed(1)},${(cy + r2 * Math.sin(a)).toFixed(1)}`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 500 700">
<defs>
  <linearGradient id="back" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14737B"/><stop offset="1" stop-color="#0A3D42"/></linearGradient>
  <pattern id="grid" width="28" height="28" patternUnits="userSpaceOnUse"><path d="M28,0H0V28" fill="none" stroke="#FFFFFF" stroke-opacity="0.06"/></pattern>
</defs>
<rect width="500" height="700" rx="26" fill="url(#back)"/>
<rect width="500" height="700" rx="26" fill="url(#grid)"/>
<rect x="18" y="18" width="464" height="664" rx="16" fill="none" stroke="#F2B35B" stroke-opacity="0.7" stroke-width="2"/>
${rings}
<path d="${ticks}" stroke="#F2B35B" stroke-opacity="0.6" stroke-width="2"/>
${minor}
<path d="${compass}" fill="#F7D9A0"/>
<circle cx="${cx}" cy="${cy}" r="8" fill="#0A3D42" stroke="#F7D9A0" stroke-width="3"/>
<path d="${textPath('Wandercards', 250, 560, { face: 'display', size: 46, anchor: 'middle' })}" fill="#FFFFFF"/>
<path d="${textPath('DISCOVER · COLLECT · SHARE', 250, 600, { face: 'textBold', size: 13, tracking: 0.24, anchor: 'middle' })}" fill="#F2B35B"/>
</svg>`
}

/** The page icon: a card with the compass of the card back. */
export function iconSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14737B"/><stop offset="1" stop-color="#0A3D42"/></linearGradient></defs>
<rect width="512" height="512" rx="112" fill="url(#bg)"/>
<g transform="rotate(-8 256 256)">
  <rect x="146" y="102" width="220" height="308" rx="26" fill="#FAF7F2"/>
  <rect x="162" y="118" width="188" height="276" rx="16" fill="none" stroke="#E8773A" stroke-width="6"/>
  <path d="${starPath(256, 256, 92, 17, 4)}" fill="#E8773A"/>
  <circle cx="256" cy="256" r="12" fill="#FAF7F2" stroke="#0F5C63" stroke-width="6"/>
</g>
</svg>`
}
