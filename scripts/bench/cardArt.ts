/**
 * Card art benchmark: seeds the catalogue into a temporary SQLite database, then renders the small picture (250×350 WebP) of
 * 50 cards without any cache, twice: 50 different places spread over the catalogue (a grid of one rarity, the worst case),
 * and 10 places × 5 rarities (the warm-up's order, where each place's map is projected once). A first, untimed card loads
 * the atlases. Run: `npx tsx scripts/bench/cardArt.ts`; figures go to docs/benchmarks.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { createDb } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { seedCatalogue } from '@server/db/seed/seedCatalogue'
import { renderCardArt, type ArtContext } from '@server/features/catalogue/art'

const CARDS = 50
const PLACES_IN_ORDER = 10

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-art-bench-'))
  const file = path.join(dir, 'bench.db')
  const db = createDb({ dialect: 'sqlite', url: `sqlite:${file}`, sqlitePath: file })
  try {
    await migrateToLatest(db)
    await seedCatalogue(db)
    const cards = await db
      .selectFrom('cards')
      .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
      .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
      .select('cards.id')
      .orderBy('collections.sort_order')
      .orderBy('card_sets.sort_order')
      .orderBy('cards.rarity')
      .execute()
    const ids = cards.map((card) => card.id)
    const spreadStep = Math.floor(ids.length / CARDS)
    const spread = Array.from({ length: CARDS }, (_, i) => ids[i * spreadStep + 3]).filter((id) => id !== undefined)
    const placeStep = Math.floor(ids.length / 5 / PLACES_IN_ORDER) * 5
    const byPlace = Array.from({ length: PLACES_IN_ORDER }, (_, i) =>
      ids.slice(i * placeStep + 5, i * placeStep + 10),
    ).flat()
    const context: ArtContext = { db, store: null, keepInMemory: false }
    const [firstId] = ids
    if (!firstId) throw new Error('The catalogue has no cards')
    await renderCardArt(context, firstId, 'sm')
    for (const [name, sample] of [
      ['50 places, one rarity each', spread],
      ['10 places x 5 rarities', byPlace],
    ] as const) {
      const started = performance.now()
      for (const id of sample) await renderCardArt(context, id, 'sm')
      const ms = performance.now() - started
      console.log(`${name}: ${ms.toFixed(0)} ms, ${(ms / sample.length).toFixed(1)} ms per card`)
    }
  } finally {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
