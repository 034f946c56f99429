import sharp from 'sharp'

import { PRODUCT_NAME } from '@shared/constants'
import { progressSentence, type MapPlaces, type PlaceStatus, type Progress } from '@shared/travel'

import { fittedSize, textPath } from '../../lib/art/textPaths'
import type { BlobStore } from '../../lib/blobStore'

/** The link-preview size every chat app and network shows whole (1.91:1). */
export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630
const MAP_BOX = { x: 24, y: 16, width: 1152, height: 520 }

/** Preview images' folder in the blob store: one file per traveller and map version. */
export const PREVIEW_FOLDER = 'travel-maps'

/** The figures of the public profile: counts only, as the share page shows them. */
export interface TravelShareFacts {
  userId: string
  username: string
  progress: Progress
  /** Changes whenever the preview would look different; part of the image's address and its ETag. */
  version: string
  statuses: Map<string, Exclude<PlaceStatus, 'none'>>
}

const COLOURS = {
  paper: '#FAF7F2',
  sea: '#E4EEF0',
  land: '#DCD5C8',
  border: '#FAF7F2',
  collected: '#8FC3BD',
  beenThere: '#0F5C63',
  verified: '#C4531C',
  ink: '#1B1B1B',
  muted: '#5B5B5B',
} as const

/** What a map preview shows: the places shaded by status, a title and a line of figures. */
export interface MapPreviewDrawing {
  title: string
  sentence: string
  statuses: ReadonlyMap<string, Exclude<PlaceStatus, 'none'>>
  /** Places in the order travelled (a trip): the map frames them and draws the route between them. */
  route?: readonly string[]
}

/** The part of the map a preview shows: the whole world, or the route's places with room around them. */
function frameOf(map: MapPlaces, route: readonly { x: number; y: number }[]) {
  if (route.length === 0) return { x: 0, y: 0, width: map.width, height: map.height }
  const xs = route.map((point) => point.x)
  const ys = route.map((point) => point.y)
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  // At least a region's breadth, so one city is shown among its neighbours rather than filling the picture.
  const span = Math.max(right - left, (bottom - top) * (MAP_BOX.width / MAP_BOX.height), 160)
  const width = Math.min(span * 1.5, map.width)
  const height = width * (MAP_BOX.height / MAP_BOX.width)
  return { x: (left + right) / 2 - width / 2, y: (top + bottom) / 2 - height / 2, width, height }
}

function previewSvg(map: MapPlaces, facts: MapPreviewDrawing): string {
  const byId = new Map(map.places.map((place) => [place.cardSetId, place]))
  const stops = (facts.route ?? []).flatMap((cardSetId) => byId.get(cardSetId) ?? [])
  const frame = frameOf(map, stops)
  const scale = Math.min(MAP_BOX.width / frame.width, MAP_BOX.height / frame.height)
  const offsetX = MAP_BOX.x + (MAP_BOX.width - frame.width * scale) / 2 - frame.x * scale
  const offsetY = MAP_BOX.y + (MAP_BOX.height - frame.height * scale) / 2 - frame.y * scale
  const areas: string[] = []
  const markers: string[] = []
  // Places drawn in status order, so a verified place lies above a collected one around it.
  for (const status of ['collected', 'beenThere', 'verified'] as const) {
    for (const place of map.places) {
      if (facts.statuses.get(place.cardSetId) !== status) continue
      if (place.outline) areas.push(`<path d="${place.outline}" fill="${COLOURS[status]}"/>`)
      if (!place.outline || place.small) {
        const radius = (status === 'verified' ? 20 : 14) / scale / 2.2
        markers.push(
          `<circle cx="${place.x}" cy="${place.y}" r="${radius.toFixed(1)}" fill="${COLOURS[status]}" stroke="${COLOURS.paper}" stroke-width="${(4 / scale / 2.2).toFixed(1)}"/>`,
        )
      }
    }
  }
  // The route: a line through the stops in order, a ring at the start and a dot at each stop, sized for the picture.
  const unit = 1 / scale
  // Borders as thin on a trip's close-up as on the world.
  const border = (2 * Math.min(MAP_BOX.width / map.width, MAP_BOX.height / map.height) * unit).toFixed(2)
  const route =
    stops.length === 0
      ? ''
      : `<polyline points="${stops.map((stop) => `${stop.x},${stop.y}`).join(' ')}" fill="none" stroke="${COLOURS.ink}" stroke-width="${(4 * unit).toFixed(2)}" stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="${(12 * unit).toFixed(2)} ${(8 * unit).toFixed(2)}"/>` +
        stops
          .map(
            (stop, index) =>
              `<circle cx="${stop.x}" cy="${stop.y}" r="${((index === 0 ? 13 : 10) * unit).toFixed(2)}" fill="${index === 0 ? COLOURS.paper : COLOURS.verified}" stroke="${COLOURS.verified}" stroke-width="${(5 * unit).toFixed(2)}"/>`,
          )
          .join('')
  const { title, sentence } = facts
  const titleSize = fittedSize(title, { face: 'display', size: 34 }, 700, 20)
  const lineSize = fittedSize(sentence, { face: 'text', size: 24 }, PREVIEW_WIDTH - 80, 14)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<rect width="100%" height="100%" fill="${COLOURS.paper}"/>
<clipPath id="frame"><rect x="${MAP_BOX.x}" y="${MAP_BOX.y}" width="${MAP_BOX.width}" height="${MAP_BOX.height}" rx="16"/></clipPath>
<rect x="${MAP_BOX.x}" y="${MAP_BOX.y}" width="${MAP_BOX.width}" height="${MAP_BOX.height}" rx="16" fill="${COLOURS.sea}"/>
<g clip-path="url(#frame)"><g transform="translate(${offsetX.toFixed(2)} ${offsetY.toFixed(2)}) scale(${scale.toFixed(5)})">
<path d="${map.land}" fill="${COLOURS.land}" stroke="${COLOURS.border}" stroke-width="${border}"/>
<g stroke="${COLOURS.border}" stroke-width="${border}">${areas.join('')}</g>
${markers.join('')}
${route}
</g></g>
<path d="${textPath(title, 40, 580, { face: 'display', size: titleSize })}" fill="${COLOURS.ink}"/>
<path d="${textPath(PRODUCT_NAME, PREVIEW_WIDTH - 40, 580, { face: 'textBold', size: 22, anchor: 'end' })}" fill="${COLOURS.beenThere}"/>
<path d="${textPath(sentence, 40, 614, { face: 'text', size: lineSize })}" fill="${COLOURS.muted}"/>
</svg>`
}

/**
 * The profile's map preview as PNG (link previews take PNG everywhere, WebP not): kept in the blob store under the
 * traveller and the map's version, so it is drawn once per change and shared by every instance; a traveller's older
 * versions are deleted when a new one is stored.
 */
export async function renderTravelMapPreview(
  store: BlobStore,
  map: MapPlaces,
  facts: TravelShareFacts,
): Promise<Buffer> {
  // A version is base64url and may begin with '-' or '_', which no blob key segment may.
  const key = `${facts.userId}/map-${facts.version}.png`
  const drawing = {
    title: `${facts.username}'s travel map`,
    sentence: progressSentence(facts.progress.total),
    ...facts,
  }
  return renderMapPreview(store, key, map, drawing, facts.userId)
}

/**
 * A map preview as PNG, kept in `store` under `key` so it is drawn once and shared by every instance; the other
 * previews under `owner/` (older versions) are deleted when a new one is stored.
 */
export async function renderMapPreview(
  store: BlobStore,
  key: string,
  map: MapPlaces,
  drawing: MapPreviewDrawing,
  owner: string,
): Promise<Buffer> {
  const stored = await store.get(key)
  if (stored) return stored
  const body = await sharp(Buffer.from(previewSvg(map, drawing)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()
  await store.put(key, body)
  for await (const old of store.list(owner)) {
    if (old !== key) await store.delete(old)
  }
  return body
}
