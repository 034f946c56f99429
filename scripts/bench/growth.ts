/**
 * Growth benchmark: seeds a temporary SQLite database (and a temporary PostgreSQL database when TEST_DATABASE_URL is
 * set) with 1 000 000 memories by 10 000 authors and one collector who holds 10 000 copies from 1 000 ten-draws, then
 * times the screens that grow with the data as the app answers them (`app.inject`: the login hook, the call and the
 * answer's serialization, no socket): feed pages for a viewer with friends and tags, one with none and the collector;
 * My Collection, My Map and My Draws pages for the collector and for an ordinary traveller.
 * Run: `npm run bench:growth` (BENCH_MEMORIES and BENCH_COPIES change the sizes; BENCH_KEEP_DATABASES=1 keeps the
 * seeded databases and prints where they are, to read query plans against); figures go to docs/benchmarks.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql, type Insertable, type RawBuilder } from 'kysely'

import { buildApp, type App } from '@server/app'
import { loadConfig } from '@server/config'
import { createDb, openDatabase, type Db } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import type { Database } from '@server/db/schema'
import { seedCatalogue } from '@server/db/seed/seedCatalogue'
import { createSession } from '@server/features/session/service'

import { scratchDatabase } from '../db/scratchDatabase'

const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 1_000_000)
const COLLECTOR_COPIES = Number(process.env.BENCH_COPIES ?? 10_000)
const AUTHORS = 10_000
const FRIENDS_OF_VIEWER = 50
const DRAW_SIZE = 10
const COLLECTOR_MEMORIES = Math.floor(COLLECTOR_COPIES / 5)
const FEED_SESSIONS = 40
const PAGES_PER_SESSION = 10
const WHOLE_SCREEN_REPEATS = 40
const KEEP_DATABASES = process.env.BENCH_KEEP_DATABASES === '1'
const ROWS_PER_INSERT = 500
/** 2025-01-01T00:00:00Z: every generated instant lies in the year after it. */
const YEAR_START = 1_735_689_600
const YEAR_SECONDS = 365 * 24 * 3600

type Dialect = 'sqlite' | 'postgres'

const VIEWER_WITH_FRIENDS = `u${AUTHORS}`
const VIEWER_ALONE = `u${AUTHORS + 1}`
const COLLECTOR = `u${AUTHORS + 2}`
/** An ordinary traveller: one of the authors, with about a hundred copies. */
const ORDINARY = 'u77'

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

/** `WITH series(i)`: the integers 0 … count − 1, for statements that generate their rows in the database. */
function series(dialect: Dialect, count: number): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`with series(i) as (select generate_series(0, ${sql.lit(count - 1)})::bigint)`
    : sql`with recursive series(i) as (select 0 union all select i + 1 from series where i < ${sql.lit(count - 1)})`
}

/** ISO-8601 UTC text with milliseconds, as the app writes created_at, of a second within the year. */
function isoAt(dialect: Dialect, secondOfYear: RawBuilder<unknown>): RawBuilder<string> {
  const epoch = sql`${sql.lit(YEAR_START)} + ${secondOfYear}`
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp(${epoch}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${epoch}, 'unixepoch')`
}

/** A fixed scramble of i below `modulus`, the same on both databases (Knuth's multiplicative hash). */
function scrambled(i: RawBuilder<unknown>, salt: number, modulus: number): RawBuilder<number> {
  return sql<number>`((${i} * 2654435761 + ${sql.lit(salt)}) % ${sql.lit(modulus)})`
}

async function seed(db: Db, dialect: Dialect): Promise<void> {
  const created = '2025-01-01T00:00:00.000Z'
  const users = Array.from({ length: AUTHORS + 3 }, (_, i) => ({
    id: `u${i}`,
    email: `u${i}@bench.test`,
    username: `user${i}`,
    username_skeleton: `user${i}`,
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
  await insertChunked(db, 'users', users)

  const friendships = new Map<string, { user_id: string; friend_id: string; created_at: string }>()
  const pair = (a: string, b: string) => {
    friendships.set(`${a}:${b}`, { user_id: a, friend_id: b, created_at: created })
    friendships.set(`${b}:${a}`, { user_id: b, friend_id: a, created_at: created })
  }
  for (let i = 0; i < FRIENDS_OF_VIEWER; i += 1) pair(VIEWER_WITH_FRIENDS, `u${i * 37}`)
  for (let i = 0; i < FRIENDS_OF_VIEWER; i += 1) pair(COLLECTOR, `u${i * 41 + 3}`)
  for (let i = 0; i < AUTHORS; i += 1)
    for (let k = 1; k <= 5; k += 1) if (i + k * 11 < AUTHORS) pair(`u${i}`, `u${i + k * 11}`)
  await insertChunked(db, 'friendships', [...friendships.values()])

  // The cards numbered, so that generated rows can pick one by number.
  await sql`create table bench_cards (n integer primary key, id text not null)`.execute(db)
  const cards = (await db.selectFrom('cards').select('id').orderBy('id').execute()).map((row, n) => ({ n, id: row.id }))
  for (let i = 0; i < cards.length; i += ROWS_PER_INSERT)
    await sql`insert into bench_cards (n, id) values ${sql.join(
      cards.slice(i, i + ROWS_PER_INSERT).map((card) => sql`(${card.n}, ${card.id})`),
    )}`.execute(db)
  const cardCount = cards.length

  // The authors' memories, each on a copy of its own: 40 % Public, 40 % Friends, 20 % Private, spread over a year.
  const i = sql`series.i`
  const memoryCreated = isoAt(dialect, scrambled(i, 17, YEAR_SECONDS))
  await sql`${series(dialect, MEMORIES)}
    insert into user_cards (id, user_id, card_id, acquisition, transaction_id, created_at)
    select 'c' || series.i, 'u' || ${scrambled(i, 3, AUTHORS)}, bench_cards.id, 'draw', null, ${memoryCreated}
    from series join bench_cards on bench_cards.n = ${scrambled(i, 5, cardCount)}`.execute(db)
  await sql`${series(dialect, MEMORIES)}
    insert into memories (id, user_id, user_card_id, start_date, end_date, content, visibility, created_at, updated_at)
    select 'm' || series.i, 'u' || ${scrambled(i, 3, AUTHORS)}, 'c' || series.i, '2025-01-01', '2025-01-05',
      'A day of walking the old town, coffee by the river and a long dinner.',
      case when ${scrambled(i, 11, 10)} < 4 then 3 when ${scrambled(i, 11, 10)} < 8 then 2 else 1 end,
      ${memoryCreated}, ${memoryCreated}
    from series`.execute(db)
  await sql`${series(dialect, Math.ceil(MEMORIES / 2_000))}
    insert into memory_tags (memory_id, user_id) select 'm' || (series.i * 2000), ${VIEWER_WITH_FRIENDS} from series`.execute(
    db,
  )

  // The collector: ten-draws over the year, each copy from one of them, a memory on every fifth copy, a been-there
  // mark on a place in every seven and a verified visit in every twenty.
  const draws = Math.ceil(COLLECTOR_COPIES / DRAW_SIZE)
  const drawCreated = isoAt(dialect, sql`(series.i * ${sql.lit(Math.floor(YEAR_SECONDS / draws))})`)
  await sql`${series(dialect, draws)}
    insert into draw_transactions (id, user_id, kind, price, exp_gain_result, claimed_by, created_at)
    select 'd' || series.i, ${COLLECTOR}, 'draw10', 900, null, null, ${drawCreated} from series`.execute(db)
  const copyDraw = sql`(series.i / ${sql.lit(DRAW_SIZE)})`
  const copyCreated = isoAt(dialect, sql`(${copyDraw} * ${sql.lit(Math.floor(YEAR_SECONDS / draws))})`)
  await sql`${series(dialect, COLLECTOR_COPIES)}
    insert into user_cards (id, user_id, card_id, acquisition, transaction_id, created_at)
    select 'k' || series.i, ${COLLECTOR}, bench_cards.id, 'draw', 'd' || ${copyDraw}, ${copyCreated}
    from series join bench_cards on bench_cards.n = ${scrambled(i, 23, cardCount)}`.execute(db)
  await sql`${series(dialect, COLLECTOR_COPIES)}
    insert into draw_items (transaction_id, position, card_id, user_card_id, is_new)
    select 'd' || ${copyDraw}, series.i % ${sql.lit(DRAW_SIZE)}, user_cards.card_id, user_cards.id, 0
    from series join user_cards on user_cards.id = 'k' || series.i`.execute(db)
  // Each memory written when its copy was drawn, so the collector's memories are spread over the year like everyone's.
  const memoryDraw = sql`(series.i * 5 / ${sql.lit(DRAW_SIZE)})`
  const collectorMemoryCreated = isoAt(dialect, sql`(${memoryDraw} * ${sql.lit(Math.floor(YEAR_SECONDS / draws))})`)
  await sql`${series(dialect, COLLECTOR_MEMORIES)}
    insert into memories (id, user_id, user_card_id, start_date, end_date, content, visibility, created_at, updated_at)
    select 'km' || series.i, ${COLLECTOR}, 'k' || (series.i * 5), '2025-03-01', '2025-03-02', 'Rain, then sun.',
      3, ${collectorMemoryCreated}, ${collectorMemoryCreated}
    from series`.execute(db)
  const places = await db.selectFrom('card_sets').select('id').orderBy('id').execute()
  const marks = places.filter((_, n) => n % 7 === 0).map((place) => ({ user_id: COLLECTOR, card_set_id: place.id }))
  await insertChunked(
    db,
    'been_there',
    marks.map((mark) => ({ ...mark, created_at: created })),
  )
  await insertChunked(
    db,
    'place_verifications',
    places
      .filter((_, n) => n % 20 === 0)
      .map((place) => ({
        user_id: COLLECTOR,
        card_set_id: place.id,
        memory_id: null,
        taken_on: '2025-03-01',
        verified_at: created,
      })),
  )
  await sql`drop table bench_cards`.execute(db)
  // PostgreSQL's autovacuum vacuums and analyses tables after a load this size (its insert threshold); done here at
  // once rather than waited for, so that index-only scans find the visibility map set, as they would in service.
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db)
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

interface Timing {
  samples: number
  p50: number
  p95: number
  /** The size of the last answer, in bytes. */
  bytes: number
}

const API_KEY = 'bench-api-key'

/** A signed-in traveller's GET through the whole app (hooks, the call, the answer's serialization), without a socket. */
async function call(app: App, token: string, url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url, headers: { 'x-api-key': API_KEY, 'x-auth-key': token } })
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`)
  return response.body
}

/** The cursor of the page after the one at `url`; untimed. */
async function nextCursor(app: App, token: string, url: string): Promise<string | undefined> {
  const answer = JSON.parse(await call(app, token, url)) as { data: { nextCursor: string | null } }
  return answer.data.nextCursor ?? undefined
}

/** Times `urls` in turn, after one untimed call of the first. */
async function time(app: App, token: string, urls: string[]): Promise<Timing> {
  const times: number[] = []
  let bytes = 0
  await call(app, token, urls[0] ?? '')
  for (const url of urls) {
    const t0 = performance.now()
    const body = await call(app, token, url)
    times.push(performance.now() - t0)
    bytes = Buffer.byteLength(body)
  }
  times.sort((a, b) => a - b)
  return { samples: times.length, p50: percentile(times, 50), p95: percentile(times, 95), bytes }
}

function withCursor(path: string, cursor: string | undefined): string {
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path
}

/**
 * Feed pages as a traveller scrolls: sessions of up to ten pages, every other one starting deep in the feed (up to 50
 * pages down, reached beforehand and not timed).
 */
async function timeFeed(app: App, token: string): Promise<Timing> {
  const feed = '/api/feed/getMemoryFeed'
  const urls: string[] = []
  let random = 7
  for (let session = 0; session < FEED_SESSIONS; session += 1) {
    let cursor: string | undefined
    if (session % 2 === 1) {
      random = (random * 48271) % 2147483647
      for (let skip = random % 50; skip > 0; skip -= 1) {
        cursor = await nextCursor(app, token, withCursor(feed, cursor))
        if (!cursor) break
      }
    }
    for (let p = 0; p < PAGES_PER_SESSION; p += 1) {
      urls.push(withCursor(feed, cursor))
      cursor = await nextCursor(app, token, withCursor(feed, cursor))
      if (!cursor) break
    }
  }
  return time(app, token, urls)
}

/** My Draws from the newest page on, as far as `pages` go, each asked for in turn. */
async function timeDraws(app: App, token: string, pages: number): Promise<Timing> {
  const draws = '/api/getMyDraws'
  const urls = [draws]
  let cursor: string | undefined
  for (let p = 1; p < pages; p += 1) {
    cursor = await nextCursor(app, token, withCursor(draws, cursor))
    if (!cursor) break
    urls.push(withCursor(draws, cursor))
  }
  return time(app, token, urls)
}

async function measure(app: App, db: Db): Promise<[string, string, Timing][]> {
  const tokenOf = async (userId: string) => createSession(db, userId, 1)
  const rows: [string, string, Timing][] = []
  for (const [who, viewerId] of [
    ['50 friends, tagged', VIEWER_WITH_FRIENDS],
    ['no friends', VIEWER_ALONE],
    ['the collector (50 friends)', COLLECTOR],
  ] as const)
    rows.push(['Feed page', who, await timeFeed(app, await tokenOf(viewerId))])
  const repeat = (url: string) => Array.from({ length: WHOLE_SCREEN_REPEATS }, () => url)
  for (const [who, userId] of [
    [`the collector (${COLLECTOR_COPIES} copies)`, COLLECTOR],
    ['an author (about 100 copies)', ORDINARY],
  ] as const) {
    const token = await tokenOf(userId)
    rows.push(['My Collection', who, await time(app, token, repeat('/api/getMyCollection'))])
    rows.push(['My Map', who, await time(app, token, repeat('/api/travel/getMyMap'))])
  }
  rows.push([
    'My Draws page',
    `the collector (${COLLECTOR_COPIES / DRAW_SIZE} draws)`,
    await timeDraws(app, await tokenOf(COLLECTOR), WHOLE_SCREEN_REPEATS),
  ])
  return rows
}

async function run(label: string, url: string, drop: () => Promise<void>): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-data-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    MAIL: 'off',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    WEB_ROOT: '',
    API_KEYS: API_KEY,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    // The timed calls follow one another without a pause, as no single traveller's would; shedding load would refuse
    // some of them instead of timing them.
    LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '0',
    ART_WARMUP: 'off',
    PICTURE_SWEEP: 'off',
    PAYMENTS_TEST_MODE: 'on',
    MEDIA_SIGNING_SECRET: 'bench-signing-secret-of-enough-length',
  })
  try {
    // Seeded over a connection of its own: loading a million rows takes longer than the app's statement timeout allows.
    const seeding = createDb(config.database)
    try {
      await migrateToLatest(seeding)
      await seedCatalogue(seeding)
      const seedStart = performance.now()
      await seed(seeding, config.database.dialect)
      console.error(`${label}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    } finally {
      await seeding.destroy()
    }
    const { db, poolStats } = openDatabase(config.database, { limits: config.databaseLimits })
    const app = await buildApp({ config, db, poolStats })
    try {
      await app.ready()
      const ms = (value: number) => value.toFixed(2)
      return (await measure(app, db)).map(
        ([screen, who, t]) =>
          `| ${label} | ${screen} | ${who} | ${t.samples} | ${ms(t.p50)} | ${ms(t.p95)} | ${Math.round(t.bytes / 1024)} |`,
      )
    } finally {
      await app.close()
      await db.destroy()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (KEEP_DATABASES) console.error(`${label}: kept at ${url}`)
    else await drop()
  }
}

async function main(): Promise<void> {
  const rows: string[] = []
  const sqlite = await scratchDatabase('sqlite', '')
  rows.push(...(await run('SQLite', sqlite.url, () => sqlite.drop())))
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const postgres = await scratchDatabase('postgres', serverUrl)
    rows.push(...(await run('PostgreSQL', postgres.url, () => postgres.drop())))
  }
  console.log(
    `${MEMORIES} memories by ${AUTHORS} authors; a collector with ${COLLECTOR_COPIES} copies; times in ms through the app`,
  )
  console.log('| Database | Screen | Traveller | Samples | p50 | p95 | KB |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
