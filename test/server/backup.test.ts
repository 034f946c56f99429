import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'

import type { PickCardResult, DrawCardResult } from '@shared/acquire'
import type { CreateMemoryResult, Memory, UploadMemoryPictureResult } from '@shared/memories'
import { startTestS3, type TestS3 } from '@test/helpers/s3'
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, fetchPicture, grantDigitalCredit, uploadFile } from './memories/fixtures'
import { expectEveryLedgerToMatchBalances } from './wallet/walletKit'

/**
 * A backup taken by the compiled backup command while travellers pick, draw and write memories with pictures holds
 * every write answered before it started, whole: restored into a fresh database (and, with a local store, a fresh
 * folder), the app serves those copies, draws, memories and pictures, and every balance equals its ledger. SQLite
 * keeps its files in a folder; PostgreSQL runs as in production, with the files in an S3 bucket the backup lists.
 */
const root = path.resolve(__dirname, '../..')
const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'
const TRAVELLERS = 3

function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`dist/server/${script}.js`, ...args], {
      cwd: root,
      // NODE_NO_WARNINGS: the AWS SDK warns of Node 20's end of life on every run, which is no failure of the command.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_NO_WARNINGS: '1', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

interface Acknowledged {
  user: TestUser
  userCardIds: string[]
  drawIds: string[]
  /** Memory id → the bytes of its picture as uploaded. */
  memories: Map<string, Buffer>
}

let s3: TestS3 | null = null
let source: TestApp
let blobEnv: Record<string, string>
let backups: string
let cardId: string

beforeAll(async () => {
  s3 = dialect === 'postgres' ? await startTestS3() : null
  blobEnv = s3?.env ?? {}
  source = await buildTestApp({ env: { ...blobEnv, RATE_LIMITS: 'off' } })
  ;[cardId] = await cardsOfRarity(source, 1, 1)
  backups = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-backups-'))
}, 120_000)
afterAll(async () => {
  await source.close()
  await s3?.stop()
  fs.rmSync(backups, { recursive: true, force: true })
})

/** One traveller's writes, in a loop until told to stop: a pick, a draw, then a memory with a picture on the copy. */
async function keepWriting(done: Acknowledged, stopping: () => boolean, round = { n: 0 }): Promise<void> {
  const { user } = done
  while (!stopping()) {
    round.n += 1
    const pick = await source.call<PickCardResult>('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: cardId },
    })
    if (pick.status !== 200) throw new Error(`pick: ${JSON.stringify(pick.body)}`)
    const userCardId = pick.body.data.cardResult.userCardId
    done.userCardIds.push(userCardId)

    const draw = await source.call<DrawCardResult>('GET', '/api/drawCard', { token: user.token })
    if (draw.status !== 200) throw new Error(`draw: ${JSON.stringify(draw.body)}`)
    done.drawIds.push(draw.body.data.shareId)

    const picture = await sharp({
      create: { width: 8 + (round.n % 7), height: 6, channels: 3, background: { r: round.n % 256, g: 90, b: 40 } },
    })
      .png()
      .toBuffer()
    const upload = await uploadFile(source, user.token, { data: picture, fileName: 'p.png', contentType: 'image/png' })
    if (upload.status !== 200) throw new Error(`upload: ${JSON.stringify(upload.body)}`)
    const { pictureFileName } = (upload.body as { data: UploadMemoryPictureResult }).data
    const memory = await source.call<CreateMemoryResult>('POST', '/api/memory/createMemory', {
      token: user.token,
      body: {
        userCardId,
        memoryStartDate: '2026-06-01',
        memoryEndDate: '2026-06-02',
        memoryContent: `Day ${round.n}`,
        memoryPictures: [pictureFileName],
        taggedFriends: [],
        visibility: 1,
      },
    })
    if (memory.status !== 200) throw new Error(`memory: ${JSON.stringify(memory.body)}`)
    const stored = await source.app.blobs.get(`memory-pictures/${pictureFileName}`)
    done.memories.set(memory.body.data.memoryId, stored ?? Buffer.alloc(0))
  }
}

/** What was acknowledged so far, as a copy that later writes do not change. */
function snapshot(all: Acknowledged[]): Acknowledged[] {
  return all.map((done) => ({
    user: done.user,
    userCardIds: [...done.userCardIds],
    drawIds: [...done.drawIds],
    memories: new Map(done.memories),
  }))
}

describe(`backup and restore on ${dialect}`, () => {
  let target: TestDatabase | undefined
  let restoredDataDir: string | undefined
  let restoredEnv: Record<string, string>
  afterAll(async () => {
    await target?.drop()
    if (restoredDataDir) fs.rmSync(restoredDataDir, { recursive: true, force: true })
  })

  it('restores every write acknowledged before the backup, every picture, and balances equal to their ledgers', async () => {
    const all: Acknowledged[] = []
    for (let index = 0; index < TRAVELLERS; index += 1) {
      const user = await source.register()
      await grantDigitalCredit(source, user.userId, 1_000_000)
      all.push({ user, userCardIds: [], drawIds: [], memories: new Map() })
    }
    let stop = false
    const writers = all.map((done) => keepWriting(done, () => stop))
    const failed = Promise.all(writers).then(() => null)

    // Some writes are answered before the backup starts, and the travellers go on writing while it runs.
    while (all.some((done) => done.memories.size < 2)) {
      await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 50))])
    }
    const before = snapshot(all)
    const backedUp = await runCommand('backup', [backups], {
      DATABASE_URL: source.config.database.url,
      DATA_DIR: source.config.dataDir,
      ...blobEnv,
    })
    const after = snapshot(all)
    stop = true
    await Promise.all(writers)

    expect(backedUp).toMatchObject({ code: 0, stderr: '' })
    const folder = backedUp.stdout.trim()
    expect(path.dirname(folder)).toBe(backups)
    expect(after.reduce((sum, done) => sum + done.userCardIds.length, 0)).toBeGreaterThan(
      before.reduce((sum, done) => sum + done.userCardIds.length, 0),
    )

    target = await createTestDatabase(false)
    restoredDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-restored-'))
    restoredEnv = { DATABASE_URL: target.url, DATA_DIR: restoredDataDir, ...blobEnv }
    const restored = await runCommand('restore', [folder], restoredEnv)
    expect(restored).toMatchObject({ code: 0, stderr: '' })

    const t = await buildTestApp({ seed: false, env: { ...restoredEnv, RATE_LIMITS: 'off' } })
    try {
      for (const done of before) {
        const { user } = done
        const copies = await t.db
          .selectFrom('user_cards')
          .select('id')
          .where('user_id', '=', user.userId)
          .where('id', 'in', done.userCardIds)
          .execute()
        expect(copies).toHaveLength(done.userCardIds.length)
        const draws = await t.db
          .selectFrom('draw_transactions')
          .select('id')
          .where('user_id', '=', user.userId)
          .where('id', 'in', done.drawIds)
          .execute()
        expect(draws).toHaveLength(done.drawIds.length)
        for (const [memoryId, picture] of done.memories) {
          // Through the restored app, with the session the traveller had: the memory and its picture as uploaded.
          const memory = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, {
            token: user.token,
          })
          expect(memory.status).toBe(200)
          const [shown] = memory.body.data.pictures
          const served = await fetchPicture(t, shown?.url ?? '')
          expect(served.status).toBe(200)
          expect(Buffer.compare(served.data, picture)).toBe(0)
        }
      }
      // Whatever else the snapshot caught, it caught whole: every balance equals its ledger, and none is negative.
      await expectEveryLedgerToMatchBalances(t)
      const copiesWithoutDebit = await t.db
        .selectFrom('user_cards')
        .leftJoin('credit_ledger', (join) => join.onRef('credit_ledger.reference', '=', 'user_cards.transaction_id'))
        .select('user_cards.id')
        .where('user_cards.acquisition', '=', 'pick')
        .where('credit_ledger.id', 'is', null)
        .execute()
      expect(copiesWithoutDebit).toEqual([])
    } finally {
      await t.close()
    }

    const again = await runCommand('restore', [folder], restoredEnv)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/^restore: the (database .*|blob store) is not empty.*Restore into a new, empty one/)

    if (s3) {
      // A picture deleted from the bucket since the backup is named by the restore, which then exits 3.
      const [memoryId] = [...(before[0]?.memories.keys() ?? [])]
      const { file_name: lost } = await source.db
        .selectFrom('memory_pictures')
        .select('file_name')
        .where('memory_id', '=', memoryId ?? '')
        .executeTakeFirstOrThrow()
      await source.app.blobs.delete(`memory-pictures/${lost}`)
      const forced = await runCommand('restore', [folder, '--force'], restoredEnv)
      expect(forced).toMatchObject({ code: 3, stderr: '' })
      expect(forced.stdout).toContain(`  memory-pictures/${lost}\n`)
      expect(forced.stdout).toMatch(/^1 of the \d+ files the backup lists are missing from the bucket/m)
    }
  }, 300_000)
})
