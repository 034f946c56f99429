import { sql } from 'kysely'

import { isForeignKeyViolation, isUniqueViolation, refusing, VALUE_NOT_STORABLE } from '@server/lib/databaseErrors'
import { AppError } from '@server/lib/errors'
import { buildTestApp, type TestApp } from '@test/helpers/server'

/** What the database throws for `write`; fails the test when it succeeds. */
async function refusalOf(write: Promise<unknown>): Promise<unknown> {
  try {
    await write
  } catch (error) {
    return error
  }
  throw new Error('the database accepted the write')
}

describe('database refusals', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      extraRoutes: (app) => {
        // A value the database refuses as data: an integer beyond PostgreSQL's integer, a blob beyond SQLite's limit.
        app.get('/api/probe/valueTooLarge', async () => {
          const probe =
            app.config.database.dialect === 'postgres'
              ? sql`select cast('2147483648' as integer) as value`
              : sql`select zeroblob(2000000000) as value`
          await probe.execute(app.db)
          return null
        })
      },
    })
  })
  afterAll(() => t.close())

  it('answers a value the database cannot store with a 400 envelope', async () => {
    const { status, body } = await t.call('GET', '/api/probe/valueTooLarge')
    expect(status).toBe(400)
    expect(body).toEqual({
      metadata: { status: false, errorCode: 'BadRequest', message: VALUE_NOT_STORABLE, authorized: false },
      data: null,
    })
  })

  async function insertUser(id: string, email: string, username: string) {
    await t.db
      .insertInto('users')
      .values({
        id,
        email,
        username,
        password_hash: 'x',
        friend_code: `CODE${id}`,
        avatar_id: 1,
        digital_credit: 0,
        physical_credit: 0,
        experience: 0,
        referral_source: null,
        invited_by: null,
        created_at: new Date().toISOString(),
      })
      .execute()
  }

  it('tells which unique key refused a write', async () => {
    await insertUser('u1', 'ann@example.com', 'Ann')
    const email = { table: 'users', columns: ['email'] }
    const username = { index: 'users_username_lower_unique' }

    const sameEmail = await refusalOf(insertUser('u2', 'ann@example.com', 'Bea'))
    expect(isUniqueViolation(sameEmail)).toBe(true)
    expect(isUniqueViolation(sameEmail, email)).toBe(true)
    expect(isUniqueViolation(sameEmail, username)).toBe(false)

    const sameName = await refusalOf(insertUser('u3', 'cid@example.com', 'ANN'))
    expect(isUniqueViolation(sameName, username)).toBe(true)
    expect(isUniqueViolation(sameName, email)).toBe(false)
    expect(isForeignKeyViolation(sameName)).toBe(false)
  })

  it('turns an expected refusal into the service refusal and lets any other error through', async () => {
    const taken = new AppError('Conflict', 'taken')
    const expected = [{ when: 'unique' as const, key: { table: 'users', columns: ['email'] }, refusal: taken }]
    await expect(refusing(() => insertUser('u4', 'ann@example.com', 'Dee'), expected)).rejects.toBe(taken)

    const orphan = refusing(
      () =>
        t.db
          .insertInto('notifications')
          .values({ id: 'n1', user_id: 'nobody', title: 't', content: 'c', created_at: '', read_at: null })
          .execute(),
      expected,
    )
    const error = await refusalOf(orphan)
    expect(error).not.toBe(taken)
    expect(isForeignKeyViolation(error)).toBe(true)
  })
})
