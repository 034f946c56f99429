import type { Kysely, Transaction } from 'kysely'

import { CATALOGUE_VERSION } from '@shared/artVersion'

import { nowIso } from '../../lib/clock'
import type { Database } from '../schema'

import type { SeedCollection } from './catalogue/types'

export const RARITY_LEVELS = [1, 2, 3, 4, 5] as const
/** Rows per INSERT: well under SQLite's bound-variable limit for the widest table (card_sets, 10 columns). */
const ROWS_PER_INSERT = 200

export function cardIdOf(cardSetId: string, rarity: number): string {
  return `${cardSetId}-${rarity}`
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size))
  return result
}

/**
 * Brings the catalogue to CATALOGUE_VERSION once: upserts collections, card sets and their five cards, in one
 * transaction of a few dozen multi-row statements. It never deletes, so cards users own keep existing when a later
 * version drops or renames a place, and an existing database gains the new places in place.
 */
/** The catalogue's builders read large open-data packages: loaded only when a version is to be applied. */
async function buildCatalogueLazily(): Promise<SeedCollection[]> {
  const { buildCatalogue } = await import('./catalogueData')
  return buildCatalogue()
}

export async function seedCatalogue(
  db: Kysely<Database>,
  catalogue: () => SeedCollection[] | Promise<SeedCollection[]> = buildCatalogueLazily,
  version: number = CATALOGUE_VERSION,
): Promise<{ applied: boolean }> {
  const recorded = await db
    .selectFrom('catalogue_versions')
    .select('version')
    .where('version', '=', version)
    .executeTakeFirst()
  if (recorded) return { applied: false }
  // Built only when needed: reading the open-data packages takes a second or two.
  const collections = await catalogue()
  return db.transaction().execute(async (trx) => {
    // A concurrently starting instance may have applied it between the check above and this transaction.
    const claimed = await trx
      .insertInto('catalogue_versions')
      .values({ version, applied_at: nowIso() })
      .onConflict((oc) => oc.column('version').doNothing())
      .executeTakeFirst()
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { applied: false }
    await upsertCatalogue(trx, collections)
    return { applied: true }
  })
}

async function upsertCatalogue(trx: Transaction<Database>, catalogue: SeedCollection[]): Promise<void> {
  await trx
    .insertInto('collections')
    .values(
      catalogue.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        sort_order: c.sortOrder,
        group_id: c.group,
        code: c.code,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
        sort_order: eb.ref('excluded.sort_order'),
        group_id: eb.ref('excluded.group_id'),
        code: eb.ref('excluded.code'),
      })),
    )
    .execute()

  const cardSets = catalogue.flatMap((collection) =>
    collection.places.map((place, index) => ({
      id: place.id,
      collection_id: collection.id,
      name: place.name,
      kind: place.kind,
      description: place.description,
      country_code: place.countryCode,
      facts: JSON.stringify(place.facts),
      latitude: place.latitude,
      longitude: place.longitude,
      sort_order: index + 1,
    })),
  )
  for (const rows of chunks(cardSets, ROWS_PER_INSERT)) {
    await trx
      .insertInto('card_sets')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          collection_id: eb.ref('excluded.collection_id'),
          name: eb.ref('excluded.name'),
          kind: eb.ref('excluded.kind'),
          description: eb.ref('excluded.description'),
          country_code: eb.ref('excluded.country_code'),
          facts: eb.ref('excluded.facts'),
          latitude: eb.ref('excluded.latitude'),
          longitude: eb.ref('excluded.longitude'),
          sort_order: eb.ref('excluded.sort_order'),
        })),
      )
      .execute()
  }

  const cards = cardSets.flatMap((set) =>
    RARITY_LEVELS.map((rarity) => ({ id: cardIdOf(set.id, rarity), card_set_id: set.id, rarity })),
  )
  for (const rows of chunks(cards, ROWS_PER_INSERT * 3)) {
    await trx
      .insertInto('cards')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
  }
}
