import { CATALOGUE_VERSION } from '@shared/artVersion'
import { buildCatalogue, type SeedCollection } from '@server/db/seed/catalogueData'
import { seedCatalogue } from '@server/db/seed/seedCatalogue'
import { buildTestApp, type TestApp } from '@test/helpers/server'

const VERSION_1_COLLECTIONS = [
  'great-cities',
  'europe',
  'asia',
  'africa',
  'north-america',
  'south-america',
  'oceania',
  'us-states',
]

async function snapshot(t: TestApp) {
  return {
    collections: await t.db.selectFrom('collections').selectAll().orderBy('id').execute(),
    cardSets: await t.db.selectFrom('card_sets').selectAll().orderBy('id').execute(),
    cards: await t.db.selectFrom('cards').selectAll().orderBy('id').execute(),
  }
}

async function insertUserWithCard(t: TestApp, cardId: string): Promise<string> {
  const now = new Date().toISOString()
  await t.db
    .insertInto('users')
    .values({
      id: 'seed-test-user',
      email: 'seed-test@example.com',
      username: 'seedtester',
      password_hash: 'x',
      friend_code: 'SEEDTS',
      avatar_id: 1,
      digital_credit: 0,
      physical_credit: 0,
      experience: 0,
      referral_source: null,
      invited_by: null,
      created_at: now,
    })
    .execute()
  await t.db
    .insertInto('user_cards')
    .values({
      id: 'seed-test-copy',
      user_id: 'seed-test-user',
      card_id: cardId,
      acquisition: 'pick',
      transaction_id: null,
      created_at: now,
    })
    .execute()
  return 'seed-test-copy'
}

// Rendering art and seeding the catalogue are slow on a busy two-core machine.
jest.setTimeout(120_000)

describe('seedCatalogue', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('seeds every collection, place and rarity at first start', async () => {
    const catalogue = buildCatalogue()
    const perCollection = await t.db
      .selectFrom('card_sets')
      .select(['collection_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('collection_id')
      .execute()
    expect(Object.fromEntries(perCollection.map((row) => [row.collection_id, row.n]))).toEqual(
      Object.fromEntries(catalogue.map((c) => [c.id, c.places.length])),
    )
    const places = catalogue.reduce((sum, c) => sum + c.places.length, 0)
    const perRarity = await t.db
      .selectFrom('cards')
      .select('rarity')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('rarity')
      .orderBy('rarity')
      .execute()
    expect(perRarity.map((row) => [row.rarity, row.n])).toEqual([1, 2, 3, 4, 5].map((r) => [r, places]))
    const lisbon = await t.db
      .selectFrom('cards')
      .select(['id', 'rarity'])
      .where('card_set_id', '=', 'pt-lisbon')
      .orderBy('rarity')
      .execute()
    expect(lisbon.map((c) => c.id)).toEqual(['pt-lisbon-1', 'pt-lisbon-2', 'pt-lisbon-3', 'pt-lisbon-4', 'pt-lisbon-5'])
    const versions = await t.db.selectFrom('catalogue_versions').select('version').execute()
    expect(versions.map((v) => v.version)).toEqual([CATALOGUE_VERSION])
  })

  it('changes nothing when run again', async () => {
    const before = await snapshot(t)
    await expect(seedCatalogue(t.db)).resolves.toEqual({ applied: false })
    expect(await snapshot(t)).toEqual(before)
  })

  it('applies a newer version: adds and updates places without losing cards users own', async () => {
    const copyId = await insertUserWithCard(t, 'country-pt-3')
    const current = buildCatalogue()
    const updated: SeedCollection[] = current.map((collection) => ({
      ...collection,
      places:
        collection.id === 'europe'
          ? [
              // Portugal is left out of the new version: its cards must stay for the user who owns one.
              ...collection.places
                .filter((place) => place.id !== 'country-pt')
                .map((place) =>
                  place.id === 'country-es' ? { ...place, description: `${place.description} Updated.` } : place,
                ),
              {
                id: 'country-test-atlantis',
                name: 'Atlantis',
                kind: 'country' as const,
                description: 'Atlantis is a test place. It exists only in this test.',
                countryCode: null,
                latitude: 0,
                longitude: 0,
                facts: {},
              },
            ]
          : collection.places,
    }))

    await expect(seedCatalogue(t.db, () => updated, CATALOGUE_VERSION + 1)).resolves.toEqual({ applied: true })

    const atlantis = await t.db
      .selectFrom('cards')
      .select('id')
      .where('card_set_id', '=', 'country-test-atlantis')
      .execute()
    expect(atlantis).toHaveLength(5)
    const spain = await t.db
      .selectFrom('card_sets')
      .select('description')
      .where('id', '=', 'country-es')
      .executeTakeFirstOrThrow()
    expect(spain.description.endsWith(' Updated.')).toBe(true)
    const copy = await t.db.selectFrom('user_cards').selectAll().where('id', '=', copyId).executeTakeFirstOrThrow()
    expect(copy.card_id).toBe('country-pt-3')
    const portugal = await t.db.selectFrom('cards').select('id').where('card_set_id', '=', 'country-pt').execute()
    expect(portugal).toHaveLength(5)
    await expect(seedCatalogue(t.db, () => updated, CATALOGUE_VERSION + 1)).resolves.toEqual({ applied: false })
  })
})

describe('seedCatalogue on a database of catalogue version 1', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('adds the new places in place, keeping the cards and been-there marks users own', async () => {
    const current = buildCatalogue()
    const version1 = current
      .filter((collection) => VERSION_1_COLLECTIONS.includes(collection.id))
      .map((collection) => ({ ...collection, description: `${collection.description} (version 1)` }))
    await expect(seedCatalogue(t.db, () => version1, 1)).resolves.toEqual({ applied: true })
    const copyId = await insertUserWithCard(t, 'jp-kyoto-4')
    await t.db
      .insertInto('been_there')
      .values({ user_id: 'seed-test-user', card_set_id: 'us-ca', created_at: new Date().toISOString() })
      .execute()

    await expect(seedCatalogue(t.db)).resolves.toEqual({ applied: true })

    const places = await t.db.selectFrom('card_sets').select('id').execute()
    expect(places).toHaveLength(current.reduce((sum, collection) => sum + collection.places.length, 0))
    const collections = await t.db.selectFrom('collections').select(['id', 'description', 'group_id']).execute()
    expect(collections).toHaveLength(current.length)
    expect(collections.find((c) => c.id === 'europe')).toMatchObject({ group_id: 'continents' })
    expect(collections.some((c) => c.description.endsWith('(version 1)'))).toBe(false)
    const copy = await t.db.selectFrom('user_cards').selectAll().where('id', '=', copyId).executeTakeFirstOrThrow()
    expect(copy.card_id).toBe('jp-kyoto-4')
    const been = await t.db.selectFrom('been_there').select('card_set_id').execute()
    expect(been).toEqual([{ card_set_id: 'us-ca' }])
    const versions = await t.db.selectFrom('catalogue_versions').select('version').orderBy('version').execute()
    expect(versions.map((v) => v.version)).toEqual([1, CATALOGUE_VERSION])
  })
})
