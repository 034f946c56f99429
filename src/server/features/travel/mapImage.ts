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
}

function previewSvg(map: MapPlaces, facts: MapPreviewDrawing): string {
  const scale = Math.min(MAP_BOX.width / map.width, MAP_BOX.height / map.height)
  const offsetX = MAP_BOX.x + (MAP_BOX.width - map.width * scale) / 2
  const offsetY = MAP_BOX.y + (MAP_BOX.height - map.height * scale) / 2
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
  const { title, sentence } = facts
  const titleSize = fittedSize(title, { face: 'display', size: 34 }, 700, 20)
  const lineSize = fittedSize(sentence, { face: 'text', size: 24 }, PREVIEW_WIDTH - 80, 14)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<rect width="100%" height="100%" fill="${COLOURS.paper}"/>
<g transform="translate(${offsetX.toFixed(2)} ${offsetY.toFixed(2)}) scale(${scale.toFixed(5)})">
<rect width="${map.width}" height="${map.height}" rx="40" fill="${COLOURS.sea}"/>
<path d="${map.land}" fill="${COLOURS.land}" stroke="${COLOURS.border}" stroke-width="2"/>
<g stroke="${COLOURS.border}" stroke-width="2">${areas.join('')}</g>
${markers.join('')}
</g>
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
