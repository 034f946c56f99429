import crypto from 'node:crypto'

import { Migrator, type MigrationProvider } from 'kysely'

import { loadConfig } from '@server/config'
import { openDatabase, type Db } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { migrations } from '@server/db/migrations'
import { RENAMED_NOTIFICATION } from '@server/db/migrations/2026_11_26_1000_username_skeletons'
import { usernameSkeleton } from '@server/lib/usernames'
import { createTestDatabase, type TestDatabase } from '@test/helpers/server'

/** The migration before usernames had skeletons: the data a live database holds when it is applied. */
const BEFORE_SKELETONS = '2026_11_25_1300_collection_groups'

let database: TestDatabase
let db: Db
beforeAll(async () => {
  database = await createTestDatabase(false)
  db = openDatabase(loadConfig({ DATABASE_URL: database.url }).database).db
  const provider: MigrationProvider = { getMigrations: async () => migrations }
  const { error } = await new Migrator({ db, provider }).migrateTo(BEFORE_SKELETONS)
  if (error) throw new Error('the migrations before usernames had skeletons failed', { cause: error })
}, 60_000)
afterAll(async () => {
  await db.destroy()
  await database.drop()
})

async function addUser(username: string, createdAt: string, closed = false): Promise<string> {
  const id = crypto.randomUUID()
  // Written as the older schema has them, without the column the migration adds.
  await db
    .insertInto('users')
    .values({
      id,
      email: closed ? `closed:${id}` : `${id}@example.com`,
      username: closed ? `closed:${id}` : username,
      password_hash: '',
      friend_code: closed ? `closed:${id}` : id.slice(0, 6).toUpperCase(),
      avatar_id: 1,
      digital_credit: 0,
      physical_credit: 0,
      experience: 0,
      referral_source: null,
      invited_by: null,
      created_at: createdAt,
      ...(closed ? { closed_at: createdAt } : {}),
    })
    .execute()
  return id
}

describe('the migration that gives usernames their skeleton', () => {
  it('keeps the oldest of names that look alike, renames the later ones with a notification, and never fails', async () => {
    const original = await addUser('martadala', '2026-01-01T00:00:00.000Z')
    const cyrillic = await addUser('mаrtаdаlа', '2026-02-01T00:00:00.000Z')
    const rn = await addUser('rnartadala', '2026-03-01T00:00:00.000Z')
    const alone = await addUser('ｈａｒｂｏｕｒ', '2026-03-02T00:00:00.000Z')
    const tombstone = await addUser('', '2026-03-03T00:00:00.000Z', true)
    const secondTombstone = await addUser('', '2026-03-04T00:00:00.000Z', true)

    await migrateToLatest(db)

    const rows = await db.selectFrom('users').select(['id', 'username', 'username_skeleton']).execute()
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(original)).toMatchObject({
      username: 'martadala',
      username_skeleton: usernameSkeleton('martadala'),
    })
    expect(byId.get(alone)).toMatchObject({ username: 'ｈａｒｂｏｕｒ', username_skeleton: 'harbour' })
    for (const id of [tombstone, secondTombstone]) expect(byId.get(id)?.username_skeleton).toBeNull()
    for (const [id, from] of [
      [cyrillic, 'mаrtаdаlа'],
      [rn, 'rnartadala'],
    ] as const) {
      const renamed = byId.get(id)
      expect(renamed?.username).toMatch(/^traveller\d{6}$/)
      expect(renamed?.username_skeleton).toBe(usernameSkeleton(renamed?.username ?? ''))
      const notes = await db
        .selectFrom('notifications')
        .select(['title', 'content', 'link'])
        .where('user_id', '=', id)
        .execute()
      expect(notes).toEqual([
        {
          title: RENAMED_NOTIFICATION.title,
          content: RENAMED_NOTIFICATION.content(from, renamed?.username ?? ''),
          link: '/myAccount',
        },
      ])
    }
    expect(await db.selectFrom('notifications').select('id').where('user_id', '=', original).execute()).toEqual([])

    // From now on the database itself refuses a second account with a look-alike name. (The driver's error may come
    // from another test file's realm, where `toThrow` does not see an Error, hence the outcome as a word.)
    const secondClaim = db
      .updateTable('users')
      .set({ username_skeleton: usernameSkeleton('martadala') })
      .where('id', '=', alone)
      .execute()
    expect(
      await secondClaim.then(
        () => 'stored',
        () => 'refused',
      ),
    ).toBe('refused')
  })
})
