import { sql, type KyselyPlugin } from 'kysely'

import {
  compiledOnce,
  compiledPerShape,
  inOneStatement,
  rowValues,
  type RowValues,
  type ValueOf,
} from '@server/db/compiledOnce'
import { buildTestApp, type TestApp } from '@test/helpers/server'

jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('a query compiled once', () => {
  it('answers each call with its own values, building the query only once', async () => {
    const ada = await t.register()
    const bo = await t.register()
    const build = jest.fn((db: Parameters<Parameters<typeof compiledOnce>[0]>[0], value: ValueOf<{ id: string }>) =>
      db.selectFrom('users').select(['id', 'username']).where('id', '=', value('id')),
    )
    const userById = compiledOnce(build)

    expect(await userById(t.db, { id: ada.userId })).toEqual([{ id: ada.userId, username: ada.username }])
    expect(await userById(t.db, { id: bo.userId })).toEqual([{ id: bo.userId, username: bo.username }])
    expect(await userById(t.db, { id: 'nobody' })).toEqual([])
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('puts a value used twice in both places, and runs in a transaction with the rollback undoing it', async () => {
    const traveller = await t.register()
    await t.db.updateTable('users').set({ digital_credit: 10 }).where('id', '=', traveller.userId).execute()
    const creditBefore = { digital_credit: 10 }
    const takeIfCovered = compiledOnce((db, value: ValueOf<{ id: string; amount: number }>) =>
      db
        .updateTable('users')
        .set({ digital_credit: sql`digital_credit - ${value('amount')}` })
        .where('id', '=', value('id'))
        .where('digital_credit', '>=', value('amount'))
        .returning('digital_credit'),
    )

    expect(await takeIfCovered(t.db, { id: traveller.userId, amount: creditBefore.digital_credit + 1 })).toEqual([])
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await takeIfCovered(trx, { id: traveller.userId, amount: 1 })).toEqual([
          { digital_credit: creditBefore.digital_credit - 1 },
        ])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(
      await t.db.selectFrom('users').select('digital_credit').where('id', '=', traveller.userId).executeTakeFirst(),
    ).toEqual(creditBefore)
  })

  it('refuses a value the query does not use, and one it names but is not given, on every call', async () => {
    const byName = compiledOnce((db, value: ValueOf<{ username: string; email?: string }>) =>
      db.selectFrom('users').select('id').where('username', '=', value('username')),
    )
    expect(await byName(t.db, { username: 'nobody' })).toEqual([])
    await expect(byName(t.db, { username: 'nobody', email: 'nobody@example.com' })).rejects.toThrow(
      'The query does not use email',
    )
    await expect(byName(t.db, {} as { username: string })).rejects.toThrow("The query's value username is missing")
  })

  it("goes through the plugins of the database it runs on, as SQLite's group commit relies on to refuse late queries", async () => {
    const traveller = await t.register()
    const usernameOf = compiledOnce((db, value: ValueOf<{ id: string }>) =>
      db.selectFrom('users').select('username').where('id', '=', value('id')),
    )
    const state = { ended: false }
    const refusedOnceEnded: KyselyPlugin = {
      transformQuery({ node }) {
        if (state.ended) throw new Error('A query was sent after its transaction had ended.')
        return node
      },
      transformResult: ({ result }) => Promise.resolve(result),
    }
    const guarded = t.db.withPlugin(refusedOnceEnded)

    expect(await usernameOf(guarded, { id: traveller.userId })).toEqual([{ username: traveller.username }])
    state.ended = true
    await expect(usernameOf(guarded, { id: traveller.userId })).rejects.toThrow(
      'A query was sent after its transaction had ended.',
    )
    // The query compiled with the plugin in place runs as before on the database without it.
    expect(await usernameOf(t.db, { id: traveller.userId })).toEqual([{ username: traveller.username }])
  })
})

describe('a query compiled once per shape', () => {
  it('compiles each row count once and answers each call with its own rows', async () => {
    const [ada, bo, cy] = [await t.register(), await t.register(), await t.register()]
    const build = jest.fn(
      (
        db: Parameters<Parameters<typeof compiledOnce>[0]>[0],
        value: ValueOf<RowValues<{ id: string }>>,
        shape: string,
      ) =>
        db
          .selectFrom('users')
          .select('username')
          .where(
            'id',
            'in',
            Array.from({ length: Number(shape) }, (_, index) => value(`id${index}`)),
          ),
    )
    const usersById = compiledPerShape(build)
    const usernames = async (ids: string[]) =>
      (await usersById(t.db, String(ids.length), rowValues(ids.map((id) => ({ id })))))
        .map((row) => row.username)
        .sort()

    expect(await usernames([ada.userId])).toEqual([ada.username])
    expect(await usernames([bo.userId, cy.userId])).toEqual([bo.username, cy.username].sort())
    expect(await usernames([cy.userId])).toEqual([cy.username])
    expect(await usernames([ada.userId, cy.userId])).toEqual([ada.username, cy.username].sort())
    expect(build.mock.calls.map(([, , shape]) => shape)).toEqual(['1', '2'])
  })
})

describe('writes carried by the statement after them', () => {
  const freeDraw = compiledOnce((db, value: ValueOf<{ id: string; createdAt: string }>) =>
    db.insertInto('draw_transactions').values({
      id: value('id'),
      user_id: null,
      kind: 'free',
      price: 0,
      claimed_by: null,
      created_at: value('createdAt'),
    }),
  )
  const credit = compiledOnce((db, value: ValueOf<{ id: string; amount: number }>) =>
    db
      .updateTable('users')
      .set({ digital_credit: value('amount') })
      .where('id', '=', value('id')),
  )
  // The item points at the transaction written with it: its foreign key holds when the statement ends.
  const drawItem = compiledOnce((db, value: ValueOf<{ transactionId: string; cardId: string }>) =>
    db
      .insertInto('draw_items')
      .values({
        transaction_id: value('transactionId'),
        position: 0,
        card_id: value('cardId'),
        user_card_id: null,
        is_new: 1,
      })
      .returning(['transaction_id', 'card_id']),
  )

  async function someCardId(): Promise<string> {
    return (await t.db.selectFrom('cards').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  }

  /** How many statements reach the database: the queries Kysely's plugins see. */
  function counted() {
    const sent = { statements: 0 }
    const counter: KyselyPlugin = {
      transformQuery({ node }) {
        sent.statements += 1
        return node
      },
      transformResult: ({ result }) => Promise.resolve(result),
    }
    return { db: t.db.withPlugin(counter), sent }
  }

  it('writes them all and answers the last, in one statement on PostgreSQL and one by one on SQLite', async () => {
    const traveller = await t.register()
    const cardId = await someCardId()
    const transactionId = `carried-${traveller.userId}`
    const { db, sent } = counted()

    const rows = await inOneStatement(
      db,
      [
        credit.withValues({ id: traveller.userId, amount: 42 }),
        freeDraw.withValues({ id: transactionId, createdAt: '2026-11-29T08:00:00.000Z' }),
      ],
      drawItem.withValues({ transactionId, cardId }),
    )

    expect(rows).toEqual([{ transaction_id: transactionId, card_id: cardId }])
    expect(sent.statements).toBe(t.dialect === 'postgres' ? 1 : 3)
    expect(
      await t.db.selectFrom('users').select('digital_credit').where('id', '=', traveller.userId).executeTakeFirst(),
    ).toEqual({ digital_credit: 42 })
    expect(
      await t.db.selectFrom('draw_transactions').select('kind').where('id', '=', transactionId).executeTakeFirst(),
    ).toEqual({ kind: 'free' })
  })

  it('fails as a whole in a transaction when a write fails, leaving nothing behind', async () => {
    const traveller = await t.register()
    const cardId = await someCardId()
    const taken = `carried-taken-${traveller.userId}`
    await freeDraw(t.db, { id: taken, createdAt: '2026-11-29T08:00:00.000Z' })

    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          inOneStatement(
            trx,
            [
              credit.withValues({ id: traveller.userId, amount: 42 }),
              freeDraw.withValues({ id: taken, createdAt: '2026-11-29T09:00:00.000Z' }),
            ],
            drawItem.withValues({ transactionId: taken, cardId }),
          ),
        ),
      // Matched by its message: a later test file's toThrow does not take better-sqlite3's error for an Error
      // (test/server/operator/auditLog.test.ts).
    ).rejects.toMatchObject({ message: expect.stringMatching(/UNIQUE constraint failed|duplicate key value/) })

    expect(
      await t.db.selectFrom('users').select('digital_credit').where('id', '=', traveller.userId).executeTakeFirst(),
    ).toEqual({ digital_credit: 0 })
    expect(
      await t.db.selectFrom('draw_items').select('position').where('transaction_id', '=', taken).execute(),
    ).toEqual([])
  })

  it('refuses a statement carried twice, whose values could not be told apart', async () => {
    const [ada, bo] = [await t.register(), await t.register()]
    const cardId = await someCardId()
    await expect(
      inOneStatement(
        t.db,
        [credit.withValues({ id: ada.userId, amount: 1 }), credit.withValues({ id: bo.userId, amount: 2 })],
        drawItem.withValues({ transactionId: 'none', cardId }),
      ),
    ).rejects.toThrow('A statement goes into one statement at most once')
  })
})
