import crypto from 'node:crypto'

import { Migrator, type MigrationProvider } from 'kysely'

import { loadConfig } from '@server/config'
import { openDatabase, type Db } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { migrations } from '@server/db/migrations'
import { createTestDatabase, type TestDatabase } from '@test/helpers/server'

/** The migration before addresses were confirmed: the data a live database holds when it is applied. */
const BEFORE_VERIFICATION = '2026_11_27_0900_mail_outbox_password_resets'

let database: TestDatabase
let db: Db
beforeAll(async () => {
  database = await createTestDatabase(false)
  db = openDatabase(loadConfig({ DATABASE_URL: database.url }).database).db
  const provider: MigrationProvider = { getMigrations: async () => migrations }
  const { error } = await new Migrator({ db, provider }).migrateTo(BEFORE_VERIFICATION)
  if (error) throw new Error('the migrations before e-mail verification failed', { cause: error })
}, 60_000)
afterAll(async () => {
  await db.destroy()
  await database.drop()
})

it('counts every account that existed before as confirmed from its sign-up, so nobody paying is locked out', async () => {
  const id = crypto.randomUUID()
  const createdAt = '2026-03-01T10:00:00.000Z'
  // Written as the older schema has it, without the column the migration adds.
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      username: 'earlybird',
      username_skeleton: 'earlybird',
      password_hash: '',
      friend_code: id.slice(0, 6).toUpperCase(),
      avatar_id: 1,
      digital_credit: 0,
      physical_credit: 0,
      experience: 0,
      referral_source: null,
      invited_by: null,
      created_at: createdAt,
    })
    .execute()

  await migrateToLatest(db)

  const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow()
  expect(row.email_verified_at).toBe(createdAt)
  expect(await db.selectFrom('email_verifications').selectAll().execute()).toEqual([])
})
