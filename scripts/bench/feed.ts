/**
 * Feed benchmark: seeds 100 000 memories into a temporary SQLite database (and a temporary PostgreSQL database when
 * TEST_DATABASE_URL is set), then times feed pages as the API builds them (keys + hydration), for a viewer with
 * friends and tags and for a viewer with none. Run: `npx tsx scripts/bench/feed.ts`; figures go to docs/benchmarks.md.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Insertable } from 'kysely'
import pg from 'pg'

import { parseDatabaseUrl } from '@server/config/database'
import { createDb, type Db } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import type { Database } from '@server/db/schema'
import { seedCatalogue } from '@server/db/seed/seedCatalogue'
import { listFeedKeys } from '@server/features/feed/queries'
import { getMemoryFeed } from '@server/features/feed/service'
import { PictureSigner } from '@server/lib/pictureSigner'

const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 100_000)
const AUTHORS = 2_000
const FRIENDS_OF_VIEWER = 50
const SESSIONS = 40
const PAGES_PER_SESSION = 10
const PAGE_SIZE = 20
const ROWS_PER_INSERT = 500

/** Deterministic, so every run measures the same data. */
function mulberry32(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function insertChunked<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute()
  }
}

async function seed(db: Db): Promise<{ viewerWithFriends: string; viewerAlone: string }> {
  const random = mulberry32(42)
  const cards = (await db.selectFrom('cards').select('id').execute()).map((row) => row.id)
  const created = '2025-01-01T00:00:00.000Z'
  const users = Array.from({ length: AUTHORS + 2 }, (_, i) => ({
    id: `u${i}`,
    email: `u${i}@bench.test`,
    username: `user${i}`,
    password_hash: 'x',
    friend_code: `F${i}`,
    avatar_id: 1 + (i % 8),
    digital_credit: 0,
    physical_credit: 0,
    experience: i * 7,
    referral_source: null,
    invited_by: null,
    created_at: created,
  }))
  const viewerWithFriends = `u${AUTHORS}`
  const viewerAlone = `u${AUTHORS + 1}`
  await insertChunked(db, 'users', users)

  const friendships: { user_id: string; friend_id: string; created_at: string }[] = []
  const pair = (a: string, b: string) =>
    friendships.push(
      { user_id: a, friend_id: b, created_at: created },
      { user_id: b, friend_id: a, created_at: created },
    )
  for (let i = 0; i < FRIENDS_OF_VIEWER; i += 1) pair(viewerWithFriends, `u${i * 37}`)
  for (let i = 0; i < AUTHORS; i += 1)
    for (let k = 1; k <= 5; k += 1) if (i + k * 11 < AUTHORS) pair(`u${i}`, `u${i + k * 11}`)
  const unique = new Map(friendships.map((f) => [`${f.user_id}:${f.friend_id}`, f]))
  await insertChunked(db, 'friendships', [...unique.values()])

  const start = Date.parse('2025-01-01T00:00:00Z')
  const userCards = []
  const memories = []
  const tags = []
  for (let i = 0; i < MEMORIES; i += 1) {
    const author = `u${Math.floor(random() * AUTHORS)}`
    const roll = random()
    const visibility = roll < 0.4 ? 3 : roll < 0.8 ? 2 : 1
    const createdAt = new Date(start + Math.floor(random() * 365 * 24 * 3600 * 1000)).toISOString()
    const userCardId = `c${i}`
    const memoryId = crypto.randomUUID()
    userCards.push({
      id: userCardId,
      user_id: author,
      card_id: pickOne(cards, random),
      acquisition: 'draw',
      transaction_id: null,
      created_at: createdAt,
    })
    memories.push({
      id: memoryId,
      user_id: author,
      user_card_id: userCardId,
      start_date: '2025-01-01',
      end_date: '2025-01-05',
      content: 'A day of walking the old town, coffee by the river and a long dinner.',
      visibility,
      created_at: createdAt,
      updated_at: createdAt,
    })
    if (random() < 0.0005) tags.push({ memory_id: memoryId, user_id: viewerWithFriends })
  }
  await insertChunked(db, 'user_cards', userCards)
  await insertChunked(db, 'memories', memories)
  await insertChunked(db, 'memory_tags', tags)
  return { viewerWithFriends, viewerAlone }
}

function pickOne<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('Nothing to pick from')
  return item
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function measure(db: Db, viewerId: string) {
  const signer = new PictureSigner('bench')
  const random = mulberry32(7)
  const pageTimes: number[] = []
  const keyTimes: number[] = []
  for (let session = 0; session < SESSIONS; session += 1) {
    let cursor: string | undefined
    // Half the sessions start deep in the feed, as a long scroll would.
    if (session % 2 === 1) {
      const skip = Math.floor(random() * 2_000)
      const keys = await listFeedKeys(db, viewerId, null, 1)
      let at = keys[0]
      for (let hop = 0; hop < skip / 50 && at; hop += 1) at = (await listFeedKeys(db, viewerId, at, 50)).at(-1) ?? at
      if (at) cursor = Buffer.from(JSON.stringify([at.createdAt, at.id])).toString('base64url')
    }
    for (let p = 0; p < PAGES_PER_SESSION; p += 1) {
      const t0 = performance.now()
      const page = await getMemoryFeed(db, signer, viewerId, { cursor, limit: PAGE_SIZE })
      pageTimes.push(performance.now() - t0)
      const last = page.memories.at(-1)
      if (last) {
        const k0 = performance.now()
        await listFeedKeys(db, viewerId, { createdAt: last.createdAt, id: last.memoryId }, PAGE_SIZE + 1)
        keyTimes.push(performance.now() - k0)
      }
      if (!page.nextCursor) break
      cursor = page.nextCursor
    }
  }
  pageTimes.sort((a, b) => a - b)
  keyTimes.sort((a, b) => a - b)
  return {
    pages: pageTimes.length,
    pageP50: percentile(pageTimes, 50),
    pageP95: percentile(pageTimes, 95),
    keysP50: percentile(keyTimes, 50),
    keysP95: percentile(keyTimes, 95),
  }
}

async function run(label: string, url: string, drop: () => Promise<void>): Promise<string[]> {
  const db = createDb(parseDatabaseUrl(url))
  try {
    await migrateToLatest(db)
    await seedCatalogue(db)
    const seedStart = performance.now()
    const viewers = await seed(db)
    console.error(`${label}: seeded ${MEMORIES} memories in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    const rows: string[] = []
    for (const [name, viewerId] of [
      ['50 friends, tagged', viewers.viewerWithFriends],
      ['no friends', viewers.viewerAlone],
    ] as const) {
      const r = await measure(db, viewerId)
      const ms = (value: number) => value.toFixed(2)
      rows.push(
        `| ${label} | ${name} | ${r.pages} | ${ms(r.pageP50)} | ${ms(r.pageP95)} | ${ms(r.keysP50)} | ${ms(r.keysP95)} |`,
      )
    }
    return rows
  } finally {
    await db.destroy()
    await drop()
  }
}

async function main(): Promise<void> {
  const rows: string[] = []
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-'))
  rows.push(
    ...(await run('SQLite', `sqlite:${path.join(dir, 'bench.db')}`, async () =>
      fs.rmSync(dir, { recursive: true, force: true }),
    )),
  )

  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const name = `wandercards_bench_${crypto.randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    rows.push(
      ...(await run('PostgreSQL', url.toString(), async () => {
        const client = new pg.Client({ connectionString: serverUrl })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await client.end()
      })),
    )
  }
  console.log(`${MEMORIES} memories, ${AUTHORS} authors, page size ${PAGE_SIZE}; times in ms`)
  console.log('| Database | Viewer | Pages | Page p50 | Page p95 | Keys p50 | Keys p95 |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
