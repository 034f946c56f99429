/**
 * Picture latency under a login flood (`npx tsx scripts/bench/loginFlood.ts`): builds the real server on a scratch
 * SQLite database with production password hashing (scrypt N=2^17), then, for each password-hashing bound, fetches a
 * memory picture (read from disk on every request, on libuv's pool) one request at a time, first with
 * no other load, then while FLOOD_CLIENTS clients send logins back to back. Prints p50, p95 and max in ms, and how
 * the logins were answered. Figures go to docs/benchmarks.md.
 *
 * Settings: BENCH_FLOOD_CLIENTS (comma-separated, default "8,16"), BENCH_PICTURES (fetches per run, default 60),
 * BENCH_BOUNDS (PASSWORD_HASH_CONCURRENCY values, default "64,2": 64 stands for no bound, as before the bound existed).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'

import { buildApp } from '@server/app'
import { loadConfig } from '@server/config'
import { createDb } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { seedDatabase } from '@server/seedDatabase'

const FLOOD_CLIENTS = (process.env.BENCH_FLOOD_CLIENTS ?? '8,16').split(',').map(Number)
const PICTURES = Number(process.env.BENCH_PICTURES ?? 60)
const BOUNDS = (process.env.BENCH_BOUNDS ?? '64,2').split(',').map(Number)
const API_KEY = 'bench-key'

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function timePictures(pictureUrl: string): Promise<number[]> {
  const times: number[] = []
  for (let index = 0; index < PICTURES; index += 1) {
    const started = performance.now()
    const response = await fetch(pictureUrl)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`picture answered ${response.status}`)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

async function run(bound: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-flood-'))
  const config = loadConfig({
    DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
    DATA_DIR: dir,
    WEB_ROOT: '',
    API_KEYS: API_KEY,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    ART_WARMUP: 'off',
    PICTURE_SWEEP: 'off',
    PASSWORD_HASH_CONCURRENCY: String(bound),
    PASSWORD_HASH_QUEUE: '1000',
  })
  const db = createDb(config.database)
  await migrateToLatest(db)
  await seedDatabase(db)
  const app = await buildApp({ config, db, closeDb: true, logger: false })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY }
  const registered = (await (
    await fetch(`${address}/api/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'flood@example.com', name: 'flood', password: 'the real one' }),
    })
  ).json()) as { data: { authKey: string } }
  const form = new FormData()
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer()
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'trip.jpg')
  const uploaded = (await (
    await fetch(`${address}/api/memory/uploadMemoryPicture`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'x-auth-key': registered.data.authKey },
      body: form,
    })
  ).json()) as { data: { url: string } }
  // A memory picture is read from disk on every request, on libuv's pool like scrypt.
  const pictureUrl = address + uploaded.data.url

  const quiet = await timePictures(pictureUrl)
  console.log(
    `bound ${bound}, no flood: p50 ${percentile(quiet, 50).toFixed(1)} p95 ${percentile(quiet, 95).toFixed(1)}`,
  )

  for (const clients of FLOOD_CLIENTS) {
    let flooding = true
    const answers = new Map<number, number>()
    const flooders = Array.from({ length: clients }, async () => {
      while (flooding) {
        const response = await fetch(`${address}/api/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email: 'flood@example.com', password: 'a wrong guess' }),
        })
        await response.arrayBuffer()
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1)
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 500)) // lets the flood fill the pool
    const times = await timePictures(pictureUrl)
    flooding = false
    await Promise.all(flooders)
    console.log(
      `bound ${bound}, ${clients} login clients: p50 ${percentile(times, 50).toFixed(1)} p95 ${percentile(times, 95).toFixed(1)} max ${(times.at(-1) ?? NaN).toFixed(1)}; logins ${JSON.stringify(Object.fromEntries(answers))}`,
    )
  }
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
}

async function main(): Promise<void> {
  for (const bound of BOUNDS) await run(bound)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
