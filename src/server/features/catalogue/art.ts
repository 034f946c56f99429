import crypto from 'node:crypto'

import sharp from 'sharp'

import { ART_REVISION, CATALOGUE_VERSION } from '@shared/artVersion'
import { AVATAR_COUNT, type IconSize } from '@shared/constants'

import type { Db } from '../../db/createDb'
import { formatArea, formatCoordinates, formatPopulation } from '../../db/seed/catalogue/text'
import type { ShapeRef } from '../../db/seed/catalogue/types'
import { inlineArtRenderer, type ArtRenderer } from '../../lib/art/artRenderer'
import type { CardArtData } from '../../lib/art/cardSvg'
import { avatarSvg, iconSvg, placeholderSvg, type CollectionArtData } from '../../lib/art/otherArt'
import { CARD_PREVIEW_ART, cardPreviewSvg } from '../../lib/art/previewSvg'
import type { BlobStore } from '../../lib/blobStore'

import { collectionCode, findCardArtRow, findCollectionArtRows } from './queries'

export type ArtSize = 'sm' | 'lg'
export const CARD_SIZES: Record<ArtSize, { width: number; height: number }> = {
  sm: { width: 250, height: 350 },
  lg: { width: 750, height: 1050 },
}

export interface RenderedImage {
  body: Buffer
  contentType: 'image/webp' | 'image/png' | 'image/jpeg'
  etag: string
}

export interface ArtContext {
  db: Db
  /**
   * Where rendered images are kept between restarts and shared between instances (the art folder of the blob store,
   * see ART_FOLDER); null keeps them in memory only.
   */
  store: BlobStore | null
  /** False for the start-up warm-up, whose thousands of pictures would push the ones people are looking at out of memory. */
  keepInMemory?: boolean
  /** Draws cards and collections; the server's draws on worker threads (app.artRenderer), without one they are drawn here. */
  renderer?: ArtRenderer
}

const MEMORY_LIMIT = 600
const memory = new Map<string, RenderedImage>()
const inFlight = new Map<string, Promise<RenderedImage | null>>()

/** Card art's folder in the blob store. */
export const ART_FOLDER = 'card-art'
/** Each catalogue version and drawing revision has its own sub-folder, so a new one renders afresh and an old one is never served. */
export const ART_VERSION_FOLDER = `v${CATALOGUE_VERSION}-r${ART_REVISION}`

const SAFE_IMAGE_KEY = /^[A-Za-z0-9_-]+$/

/** The name of each image in the caches; its ETag follows from it. */
export const ART_KEYS = {
  card: (cardId: string, size: ArtSize) => `card-${cardId}-${size}`,
  cardPreview: (cardId: string) => `preview-${cardId}`,
  collection: (collectionId: string) => `collection-${collectionId}`,
  avatar: (avatarId: number) => `avatar-${avatarId}`,
  placeholder: (size: ArtSize) => `placeholder-${size}`,
  icon: (size: IconSize) => `icon-${size}`,
}

/** The key an image is kept under in the art folder: catalogue version and revision, then the image (card id and size). */
export function artBlobKey(imageKey: string, contentType: RenderedImage['contentType']): string {
  return `${ART_VERSION_FOLDER}/${imageKey}.${contentType.slice('image/'.length)}`
}

function versionedKey(imageKey: string): string {
  return `v${CATALOGUE_VERSION}-${imageKey}`
}

/** The ETag of an image follows from its key alone, so a request that has it already needs no rendering. */
export function etagFor(imageKey: string): string {
  return etagOf(versionedKey(imageKey))
}

function etagOf(key: string): string {
  const digest = crypto
    .createHash('sha1')
    .update(`${CATALOGUE_VERSION}:${ART_REVISION}:${key}`)
    .digest('hex')
    .slice(0, 20)
  return `"${digest}"`
}

function remember(context: ArtContext, key: string, image: RenderedImage): RenderedImage {
  if (context.keepInMemory === false) return image
  memory.delete(key)
  memory.set(key, image)
  if (memory.size > MEMORY_LIMIT) memory.delete(memory.keys().next().value as string)
  return image
}

/** Memory first, then the blob store, then `render` (which may find nothing: null); each image is rendered once at a time. */
async function cached(
  context: ArtContext,
  imageKey: string,
  contentType: RenderedImage['contentType'],
  render: () => Promise<Buffer | null>,
): Promise<RenderedImage | null> {
  // Ids come from the query string: anything but a plain slug could name a file outside the cache folder.
  if (!SAFE_IMAGE_KEY.test(imageKey)) return null
  // The stored key is per version already; the memory key needs it too, for a catalogue updated while running.
  const key = versionedKey(imageKey)
  const hit = memory.get(key)
  if (hit) return remember(context, key, hit)
  const pending = inFlight.get(key)
  if (pending) return pending
  const { store } = context
  const blobKey = artBlobKey(imageKey, contentType)
  const work = (async (): Promise<RenderedImage | null> => {
    if (store) {
      const body = await store.get(blobKey)
      if (body) return remember(context, key, { body, contentType, etag: etagOf(key) })
    }
    const body = await render()
    if (!body) return null
    // Kept for every instance: a picture one instance rendered is never rendered by another.
    if (store) await store.put(blobKey, body)
    return remember(context, key, { body, contentType, etag: etagOf(key) })
  })()
  inFlight.set(key, work)
  try {
    return await work
  } finally {
    inFlight.delete(key)
  }
}

async function mustRender(image: Promise<RenderedImage | null>): Promise<RenderedImage> {
  const rendered = await image
  if (!rendered) throw new Error('image rendering produced nothing')
  return rendered
}

async function svgToWebp(svg: string, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer()
}

function cardArtData(row: NonNullable<Awaited<ReturnType<typeof findCardArtRow>>>): CardArtData {
  const facts = JSON.parse(row.facts) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
  const area = typeof facts.areaKm2 === 'number' && facts.areaKm2 > 0 ? formatArea(facts.areaKm2) : null
  const position =
    row.latitude !== null && row.longitude !== null ? formatCoordinates(row.latitude, row.longitude) : null
  const population = typeof facts.population === 'number' ? formatPopulation(facts.population) : null
  const shape = (facts.shape as ShapeRef | undefined) ?? null
  const within = (facts.within as ShapeRef | undefined) ?? null
  let typeLine: string
  let kindLabel = row.kind
  let lines: [string, string | null][]
  if (row.kind === 'state' && shape) {
    typeLine = 'United States'
    lines = [
      ['Capital', text(facts.capital)],
      // The District of Columbia was founded, never admitted as a state.
      [
        facts.stateCode === 'DC' ? 'Founded' : 'Admitted',
        typeof facts.admitted === 'number' ? String(facts.admitted) : null,
      ],
    ]
  } else if (row.kind === 'state') {
    // A region without an outline of its own: named by what it is there (prefecture, voivodeship).
    typeLine = text(facts.country) ?? ''
    kindLabel = text(facts.regionKind) ?? row.kind
    lines = [
      ['Capital', text(facts.capital)],
      ['Largest', text(facts.largestCity) !== text(facts.capital) ? text(facts.largestCity) : null],
      ['Position', position],
    ]
  } else if (row.kind === 'city') {
    typeLine = text(facts.country) ?? ''
    const region = text(facts.state)
    lines = [
      [
        region ? (text(facts.stateKind) ?? (population ? 'Region' : 'State')) : 'Country',
        region ?? text(facts.country),
      ],
      population ? ['People', population] : ['Position', position],
    ]
  } else {
    typeLine = text(facts.subregion) ?? text(facts.region) ?? ''
    lines = [
      ['Capital', text(facts.capital)],
      ['Area', area],
      ['Position', position],
    ]
  }
  return {
    cardSetId: row.card_set_id,
    name: row.name,
    rarity: row.rarity,
    kind: kindLabel,
    typeLine,
    facts: lines.filter((line): line is [string, string] => !!line[1]).slice(0, 2),
    flagCode: text(facts.flag),
    serial: `${row.collection_code || collectionCode(row.collection_id)} ${String(row.sort_order).padStart(3, '0')}/${String(row.set_count).padStart(3, '0')}`,
    subject: { kind: row.kind, shape, within, latitude: row.latitude, longitude: row.longitude },
  }
}

/** A card's art, or null for an unknown card id. */
export async function renderCardArt(context: ArtContext, cardId: string, size: ArtSize): Promise<RenderedImage | null> {
  const { width, height } = CARD_SIZES[size]
  return cached(context, ART_KEYS.card(cardId, size), 'image/webp', async () => {
    const row = await findCardArtRow(context.db, cardId)
    // Small cards fill long grids: a lighter encoder search is 10 % faster for 3 % more bytes and no visible change (docs/benchmarks.md).
    if (!row) return null
    return (context.renderer ?? inlineArtRenderer).render({
      kind: 'card',
      data: cardArtData(row),
      width,
      height,
      quality: size === 'lg' ? 90 : 86,
      effort: size === 'lg' ? 4 : 2,
    })
  })
}

/**
 * A card's link preview: its large art beside its name and rarity on a 1200×630 JPEG, the size and format every chat
 * app and network unfolds in full (a 250×350 WebP showed as a thumbnail, or not at all). Null for an unknown card id.
 */
export async function renderCardPreview(context: ArtContext, cardId: string): Promise<RenderedImage | null> {
  return cached(context, ART_KEYS.cardPreview(cardId), 'image/jpeg', async () => {
    const row = await findCardArtRow(context.db, cardId)
    const art = row && (await renderCardArt(context, cardId, 'lg'))
    if (!row || !art) return null
    const { name, rarity, typeLine } = cardArtData(row)
    const { x, y, width, height } = CARD_PREVIEW_ART
    const card = await sharp(art.body).resize(width, height).png().toBuffer()
    return sharp(Buffer.from(cardPreviewSvg({ name, rarity, typeLine })))
      .composite([{ input: card, left: x, top: y }])
      .flatten({ background: '#FAF7F2' })
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer()
  })
}

export async function renderCollectionArt(context: ArtContext, collectionId: string): Promise<RenderedImage | null> {
  return cached(context, ART_KEYS.collection(collectionId), 'image/webp', async () => {
    const rows = await findCollectionArtRows(context.db, collectionId)
    if (!rows) return null
    return (context.renderer ?? inlineArtRenderer).render({
      kind: 'collection',
      data: collectionArtData(rows),
      quality: 88,
    })
  })
}

function collectionArtData(rows: NonNullable<Awaited<ReturnType<typeof findCollectionArtRows>>>): CollectionArtData {
  return {
    id: rows.collection.id,
    name: rows.collection.name,
    placeCount: rows.places.length,
    places: rows.places.map((place) => {
      const { shape, within } = JSON.parse(place.facts) as { shape?: ShapeRef; within?: ShapeRef }
      return {
        kind: place.kind,
        shapeAtlas: shape?.atlas ?? null,
        shapeId: shape?.id ?? null,
        withinId: within?.id ?? null,
        latitude: place.latitude,
        longitude: place.longitude,
      }
    }),
  }
}

export function isAvatarId(avatarId: number): boolean {
  return Number.isInteger(avatarId) && avatarId >= 1 && avatarId <= AVATAR_COUNT
}

export async function renderAvatar(context: ArtContext, avatarId: number): Promise<RenderedImage | null> {
  if (!isAvatarId(avatarId)) return null
  return cached(context, ART_KEYS.avatar(avatarId), 'image/webp', () => svgToWebp(avatarSvg(avatarId), 90))
}

export async function renderPlaceholder(context: ArtContext, size: ArtSize): Promise<RenderedImage> {
  const { width, height } = CARD_SIZES[size]
  return mustRender(
    cached(context, ART_KEYS.placeholder(size), 'image/webp', () => svgToWebp(placeholderSvg(width, height), 90)),
  )
}

export async function renderIcon(context: ArtContext, size: IconSize = 512): Promise<RenderedImage> {
  return mustRender(
    cached(context, ART_KEYS.icon(size), 'image/png', () =>
      sharp(Buffer.from(iconSvg(size)))
        .png()
        .toBuffer(),
    ),
  )
}
