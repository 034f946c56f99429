import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from 'kysely'

import { parseDatabaseUrl } from '@server/config/database'
import { openDatabase, type Db } from '@server/db/createDb'

let folder: string
let db: Db | undefined
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-checkpoint-'))
})
afterEach(async () => {
  await db?.destroy()
  db = undefined
  fs.rmSync(folder, { recursive: true, force: true })
})

async function writeSomePages(target: Db): Promise<void> {
  await sql`create table notes (body text)`.execute(target)
  // About 250 pages in one commit: far below the connection's own automatic checkpoint, so only the worker moves them.
  await target.transaction().execute(async (trx) => {
    for (let i = 0; i < 500; i += 1) await sql`insert into notes values (${'x'.repeat(2000)})`.execute(trx)
  })
}

async function fileSizeOnceSettled(file: string, waitMs: number): Promise<number> {
  const deadline = Date.now() + waitMs
  while (Date.now() < deadline && fs.statSync(file).size < 500_000) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return fs.statSync(file).size
}

it('copies committed writes into the database file in the background, with no commit waiting for it', async () => {
  const file = path.join(folder, 'wandercards.db')
  const failures: Error[] = []
  db = openDatabase(parseDatabaseUrl(`sqlite:${file}`), {
    checkpointInBackground: true,
    onConnectionLost: (error) => failures.push(error),
  }).db
  await writeSomePages(db)

  expect(await fileSizeOnceSettled(file, 5000)).toBeGreaterThan(500_000)
  expect((await sql<{ count: number }>`select count(*) as count from notes`.execute(db)).rows[0]?.count).toBe(500)
  expect(failures).toEqual([])
})

it('leaves checkpoints to SQLite itself when not asked to (tests, scripts)', async () => {
  const file = path.join(folder, 'wandercards.db')
  db = openDatabase(parseDatabaseUrl(`sqlite:${file}`)).db
  await writeSomePages(db)
  await new Promise((resolve) => setTimeout(resolve, 1500))

  // SQLite's own checkpoint comes at 1,000 pages; these writes are all still in the write-ahead log.
  expect(fs.statSync(file).size).toBeLessThan(500_000)
})
