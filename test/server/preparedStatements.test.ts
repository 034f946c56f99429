import { AsyncLocalStorage } from 'node:async_hooks'

import SqliteDatabase from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'

import type { User } from '@shared/session'
import { preparedStatementName } from '@server/db/createDb'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy, makeFriends } from './memories/fixtures'

jest.setTimeout(60_000)

const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'

describe('which statements PostgreSQL keeps prepared', () => {
  it('names a statement after its text, the same name every time', () => {
    const text = 'select "id", "username" from "users" where "id" = $1'
    expect(preparedStatementName(text)).toMatch(/^wc_[0-9a-f]{20}$/)
    expect(preparedStatementName(text)).toBe(preparedStatementName(text))
    expect(preparedStatementName(`${text} limit $2`)).not.toBe(preparedStatementName(text))
  })

  it('leaves a statement unnamed whose columns are *, which a newer build adding a column would change', () => {
    expect(preparedStatementName('select * from "users" where "email" = $1')).toBeUndefined()
    expect(preparedStatementName('select "payments".* from "payments" where "id" = $1')).toBeUndefined()
    expect(preparedStatementName('insert into "mail_outbox" ("id") values ($1) returning *')).toBeUndefined()
    expect(preparedStatementName('select "id", * from "users"')).toBeUndefined()
  })

  it('names counts and arithmetic, which are not * columns', () => {
    expect(preparedStatementName('select count(*) as "count" from "memories" where "user_id" = $1')).toBeDefined()
    expect(preparedStatementName('update "users" set "experience" = "experience" * 2 where "id" = $1')).toBeDefined()
  })
})

describe('a column added by a newer build while this one serves', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  /** The newer build's migration, from a connection of its own as another instance's would be. */
  async function addColumnFromAnotherInstance(): Promise<void> {
    const statement = 'ALTER TABLE users ADD COLUMN added_by_a_newer_build TEXT'
    if (t.dialect === 'postgres') {
      const other = new pg.Client({ connectionString: t.config.database.url })
      await other.connect()
      await other.query(statement)
      await other.end()
    } else {
      const other = new SqliteDatabase(t.config.database.sqlitePath)
      other.exec(statement)
      other.close()
    }
  }

  it('keeps answering getUser, whole user rows and logging in, on every pooled connection', async () => {
    const traveller = await t.register({ password: 'a long enough password' })
    // More at once than the pool has connections, so every connection has run (and prepared) each statement.
    const everyConnection = () =>
      Promise.all(
        Array.from({ length: 12 }, async () => {
          const [answer, row] = await Promise.all([
            t.call<User>('GET', '/api/getUser', { token: traveller.token }),
            t.db.selectFrom('users').selectAll().where('id', '=', traveller.userId).executeTakeFirstOrThrow(),
          ])
          return { status: answer.status, username: row.username }
        }),
      )
    const expected = Array(12).fill({ status: 200, username: traveller.username })
    expect(await everyConnection()).toEqual(expected)

    await addColumnFromAnotherInstance()

    expect(await everyConnection()).toEqual(expected)
    const login = await t.call('POST', '/api/login', {
      body: { email: traveller.email, password: 'a long enough password' },
    })
    expect(login.status).toBe(200)
    expect(t.loggedErrors).toEqual([])
  })

  // PostgreSQL only: SQLite's statements are prepared once by the server's own cache (db/createDb.ts), not by the server.
  if (dialect === 'postgres') {
    it('keeps a statement prepared on the connection that ran it, under its name', async () => {
      const traveller = await t.register()
      const text = 'select "username" from "users" where "id" = $1'
      const prepared = await t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('username').where('id', '=', traveller.userId).execute()
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements
        `.execute(trx)
        return rows
      })
      expect(prepared).toContainEqual({ name: preparedStatementName(text), statement: text })
    })

    // Each statement is a round trip to the database server; these screens were several (docs/benchmarks.md).
    it('reads a feed page in two prepared statements, and My Collection and a card in one each', async () => {
      const viewer = await t.register()
      const friend = await t.register()
      await makeFriends(t, viewer, friend)
      const [cardId] = await cardsOfRarity(t, 1, 1)
      const memoryId = await createMemory(t, friend, present(cardId), { visibility: 2 })
      await giveCopy(t, viewer.userId, present(cardId))
      const paths = ['/api/feed/getMemoryFeed', '/api/getMyCollection', `/api/getCard?cardId=${present(cardId)}`]
      // The first call of a session looks it up; later ones find it in the cache.
      await t.call('GET', '/api/getUser', { token: viewer.token })

      // Only what the call itself sends: the job runner's polling and the mail outbox query the same server meanwhile.
      const sentByCall = new AsyncLocalStorage<string[]>()
      const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')?.value as (
        ...args: unknown[]
      ) => unknown
      const sent = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        sentByCall.getStore()?.push(isNamedQuery(args[0]) ? 'prepared' : 'unprepared')
        return query.apply(this, args) as never
      })
      const statements: string[][] = []
      const answers: unknown[] = []
      try {
        for (const path of paths) {
          const ofCall: string[] = []
          const answer = await sentByCall.run(ofCall, () => t.call('GET', path, { token: viewer.token }))
          answers.push(answer.body)
          statements.push(ofCall)
        }
      } finally {
        sent.mockRestore()
      }

      expect(statements).toEqual([['prepared', 'prepared'], ['prepared'], ['prepared']])
      expect(answers[0]).toMatchObject({ data: { memories: [{ memoryId }] } })
      expect(answers[1]).toMatchObject({ data: [{ cardId, mine: [expect.any(Object)] }] })
      expect(answers[2]).toMatchObject({ data: { cardId, owned: 1 } })
    })
  }
})

function isNamedQuery(query: unknown): boolean {
  return typeof query === 'object' && query !== null && 'name' in query && typeof query.name === 'string'
}
