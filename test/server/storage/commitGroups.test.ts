import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql, type Transaction } from 'kysely'

import { parseDatabaseUrl } from '@server/config/database'
import { createDb, type Db } from '@server/db/createDb'
import type { Database } from '@server/db/schema'
import { inTransaction } from '@server/db/transactions'

/** SQLite's transactions that arrive together share one commit (src/server/db/commitGroups.ts). */
let folder: string
let db: Db
beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-commit-groups-'))
  db = createDb(parseDatabaseUrl(`sqlite:${path.join(folder, 'groups.sqlite')}`))
  await sql`create table trips (id text primary key)`.execute(db)
  await sql`create table stops (id text primary key, trip_id text not null references trips (id))`.execute(db)
})
afterEach(async () => {
  await db.destroy()
  fs.rmSync(folder, { recursive: true, force: true })
})

async function tripIds(): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from trips order by id`.execute(db)
  return rows.map((row) => row.id)
}

function addTrip(id: string) {
  return (trx: Transaction<Database>) => sql`insert into trips (id) values (${id})`.execute(trx).then(() => id)
}

/** The pages `work` writes into the log: each commit writes every page it changed, however few bytes changed. */
async function logFramesOf(work: () => Promise<unknown>): Promise<number> {
  await sql`pragma wal_checkpoint(truncate)`.execute(db)
  await work()
  const { rows } = await sql<{ log: number }>`pragma wal_checkpoint(passive)`.execute(db)
  return rows[0]?.log ?? 0
}

describe('SQLite transactions that arrive together', () => {
  it('each answer its own result, all written, in one commit', async () => {
    let results: string[] = []
    const together = await logFramesOf(async () => {
      results = await Promise.all(['lisbon', 'porto', 'faro'].map((id) => inTransaction(db, addTrip(id))))
    })
    expect(results).toEqual(['lisbon', 'porto', 'faro'])
    expect(await tripIds()).toEqual(['faro', 'lisbon', 'porto'])
    // As many pages as one transaction writing the three rows: one commit, not three.
    const inOne = await logFramesOf(() =>
      inTransaction(db, async (trx) => {
        for (const id of ['braga', 'evora', 'sintra']) await addTrip(id)(trx)
      }),
    )
    expect(together).toBe(inOne)
    const oneByOne = await logFramesOf(async () => {
      for (const id of ['coimbra', 'nazare', 'tomar']) await inTransaction(db, addTrip(id))
    })
    expect(oneByOne).toBe(3 * inOne)
  })

  it('lose only the work of the one that fails, and tell only it', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(db, addTrip('lisbon')),
      inTransaction(db, async (trx) => {
        await addTrip('porto')(trx)
        // A second row with the same id: this transaction fails after writing, and its first row goes with it.
        await addTrip('porto')(trx)
      }),
      inTransaction(db, addTrip('faro')),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await tripIds()).toEqual(['faro', 'lisbon'])
  })

  it('all fail, and none is written, when the shared commit fails', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(db, addTrip('lisbon')),
      inTransaction(db, async (trx) => {
        // A stop of a trip that does not exist, with the check left to the commit: the commit is refused.
        await sql`pragma defer_foreign_keys = on`.execute(trx)
        await sql`insert into stops (id, trip_id) values ('s1', 'nowhere')`.execute(trx)
      }),
      inTransaction(db, addTrip('faro')),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(await tripIds()).toEqual([])
    // The database takes the next transaction as usual.
    await inTransaction(db, addTrip('porto'))
    expect(await tripIds()).toEqual(['porto'])
  })

  it('run one after another, each seeing what the ones before it wrote', async () => {
    const seen = await Promise.all(
      ['lisbon', 'porto', 'faro'].map((id) =>
        inTransaction(db, async (trx) => {
          const { rows } = await sql<{ count: number }>`select count(*) as count from trips`.execute(trx)
          await addTrip(id)(trx)
          return rows[0]?.count
        }),
      ),
    )
    expect(seen).toEqual([0, 1, 2])
  })

  it('refuse a query sent after its transaction has returned, so it is never committed with the others', async () => {
    let late: Promise<unknown> = Promise.resolve()
    await inTransaction(db, async (trx) => {
      // A write not awaited: it would otherwise land in the next transaction's savepoint or in the shared commit.
      late = new Promise((resolve) => setImmediate(resolve)).then(() => addTrip('ghost')(trx))
      return addTrip('lisbon')(trx)
    })
    await expect(late).rejects.toThrow('A query was sent after its transaction had ended.')
    await inTransaction(db, addTrip('porto'))
    expect(await tripIds()).toEqual(['lisbon', 'porto'])
  })

  it('start afresh after another connection wrote since they began, so only the one that met it fails', async () => {
    const other = createDb(parseDatabaseUrl(`sqlite:${path.join(folder, 'groups.sqlite')}`))
    try {
      const outcomes = await Promise.allSettled([
        inTransaction(db, async (trx) => {
          // This group reads, then an operator's command writes to the file from its own connection.
          await sql`select count(*) from trips`.execute(trx)
          await sql`insert into trips (id) values ('by-the-operator')`.execute(other)
        }),
        inTransaction(db, addTrip('lisbon')),
        inTransaction(db, addTrip('porto')),
      ])
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
      expect(await tripIds()).toEqual(['by-the-operator', 'porto'])
    } finally {
      await other.destroy()
    }
  })
})
