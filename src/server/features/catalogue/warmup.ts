import { performance } from 'node:perf_hooks'

import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

import { AVATAR_COUNT, ICON_SIZES } from '@shared/constants'

import type { Db } from '../../db/createDb'
import { blobFolder } from '../../lib/blobStore'

import {
  ART_FOLDER,
  ART_KEYS,
  ART_VERSION_FOLDER,
  artBlobKey,
  renderAvatar,
  renderCardArt,
  renderCollectionArt,
  renderIcon,
  renderPlaceholder,
  type ArtContext,
  type RenderedImage,
} from './art'
import { listCardIds, listCollectionIds } from './queries'

const PROGRESS_EVERY = 200
/**
 * The rarity whose small pictures are rendered ahead: the one a collection opens on (Legendary). The other four render
 * when first asked for and are kept in the blob store for every instance, so a fresh install spends minutes, not a
 * quarter of an hour, of its CPU on pictures (docs/benchmarks.md#card-art).
 */
export const WARMUP_RARITY = 5

/** One picture the warm-up makes sure is in the blob store. */
export interface ArtWarmupItem {
  imageKey: string
  contentType: RenderedImage['contentType']
  render: (context: ArtContext) => Promise<unknown>
}

export interface ArtWarmupSummary {
  total: number
  rendered: number
  skipped: number
  failed: number
  seconds: number
}

/**
 * The pictures rendered ahead: the page icon and placeholder first, then collections and avatars, then the small
 * Legendary card of every place in catalogue order, so the grids a collection opens on fill first.
 */
export async function artWarmupItems(db: Db): Promise<ArtWarmupItem[]> {
  const collections = await listCollectionIds(db)
  const cards = await listCardIds(db, WARMUP_RARITY)
  return [
    ...ICON_SIZES.map((size): ArtWarmupItem => ({
      imageKey: ART_KEYS.icon(size),
      contentType: 'image/png',
      render: (context) => renderIcon(context, size),
    })),
    {
      imageKey: ART_KEYS.placeholder('sm'),
      contentType: 'image/webp',
      render: (context) => renderPlaceholder(context, 'sm'),
    },
    ...collections.map(({ id }): ArtWarmupItem => ({
      imageKey: ART_KEYS.collection(id),
      contentType: 'image/webp',
      render: (context) => renderCollectionArt(context, id),
    })),
    ...Array.from({ length: AVATAR_COUNT }, (_, i): ArtWarmupItem => ({
      imageKey: ART_KEYS.avatar(i + 1),
      contentType: 'image/webp',
      render: (context) => renderAvatar(context, i + 1),
    })),
    ...cards.map(({ id }): ArtWarmupItem => ({
      imageKey: ART_KEYS.card(id, 'sm'),
      contentType: 'image/webp',
      render: (context) => renderCardArt(context, id, 'sm'),
    })),
  ]
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Renders, one at a time, the pictures not yet in the blob store, so a fresh install's long grids are not blank.
 * Gives the event loop back between pictures so requests stay responsive, stops when the server closes, and never throws.
 */
export async function warmArtCache(app: FastifyInstance, stopping?: AbortSignal): Promise<ArtWarmupSummary | null> {
  if (!app.config.artWarmup) return null
  const context: ArtContext = {
    db: app.db,
    store: blobFolder(app.blobs, ART_FOLDER),
    keepInMemory: false,
    renderer: app.artRenderer,
  }
  try {
    return await warmItems(
      context,
      await artWarmupItems(app.db),
      app.log,
      () => app.server.listening && !stopping?.aborted,
    )
  } catch (error) {
    app.log.warn({ err: error }, 'card art warm-up stopped')
    return null
  }
}

export async function warmItems(
  context: ArtContext,
  items: ArtWarmupItem[],
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  running: () => boolean = () => true,
): Promise<ArtWarmupSummary> {
  const started = performance.now()
  const summary: ArtWarmupSummary = { total: items.length, rendered: 0, skipped: 0, failed: 0, seconds: 0 }
  // One listing instead of a look-up per picture: against an object store that is a few requests, not thousands.
  const stored = new Set<string>()
  if (context.store) for await (const key of context.store.list(ART_VERSION_FOLDER)) stored.add(key)
  for (const [index, item] of items.entries()) {
    if (!running()) break
    if (stored.has(artBlobKey(item.imageKey, item.contentType))) {
      summary.skipped += 1
    } else {
      try {
        await item.render(context)
        summary.rendered += 1
      } catch (error) {
        summary.failed += 1
        log.warn({ err: error, imageKey: item.imageKey }, 'card art warm-up could not render a picture')
      }
      await nextTurn()
    }
    const done = index + 1
    if (done % PROGRESS_EVERY === 0)
      log.info({ done, total: items.length, rendered: summary.rendered }, `card art warm-up: ${done}/${items.length}`)
  }
  summary.seconds = Math.round(performance.now() - started) / 1000
  log.info(
    summary,
    `card art warm-up finished: ${summary.rendered} rendered, ${summary.skipped} already cached, ${summary.failed} failed in ${summary.seconds} s`,
  )
  return summary
}
