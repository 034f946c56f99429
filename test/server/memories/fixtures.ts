import crypto from 'node:crypto'
import zlib from 'node:zlib'

import type { CreateMemoryBody, CreateMemoryResult } from '@shared/memories'
import { befriend } from '@server/features/friends/friendships'
import { credit } from '@server/features/wallet/ledger'
import { API_KEY, type TestApp, type TestUser } from '@test/helpers/server'

/** `Length` strings, as a tuple, so a test can name each one. */
export type Strings<Length extends number, Found extends string[] = []> = Found['length'] extends Length
  ? Found
  : Strings<Length, [...Found, string]>

/** Card ids of `count` different card sets, all of one rarity. */
export async function cardsOfRarity<Count extends number>(
  t: TestApp,
  rarity: number,
  count: Count,
): Promise<Strings<Count>> {
  const rows = await t.db
    .selectFrom('cards')
    .select('id')
    .where('rarity', '=', rarity)
    .orderBy('id')
    .limit(count)
    .execute()
  if (rows.length !== count) throw new Error(`The catalogue has ${rows.length} cards of rarity ${rarity}, not ${count}`)
  // The length was just checked, which the type system cannot follow from an array.
  return rows.map((row) => row.id) as Strings<Count>
}

/** Gives the user one more copy of a card, as a pick would. */
export async function giveCopy(
  t: TestApp,
  userId: string,
  cardId: string,
  createdAt = new Date().toISOString(),
): Promise<string> {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('user_cards')
    .values({ id, user_id: userId, card_id: cardId, acquisition: 'pick', transaction_id: null, created_at: createdAt })
    .execute()
  return id
}

export async function makeFriends(t: TestApp, a: TestUser, b: TestUser): Promise<void> {
  await t.db.transaction().execute((trx) => befriend(trx, a.userId, b.userId))
}

export async function grantDigitalCredit(t: TestApp, userId: string, amount: number): Promise<void> {
  await t.db
    .transaction()
    .execute((trx) =>
      credit(trx, { userId, currency: 'digital', amount, reason: 'test_grant', reference: crypto.randomUUID() }),
    )
}

export function memoryBody(userCardId: string, overrides: Partial<CreateMemoryBody> = {}): CreateMemoryBody {
  return {
    userCardId,
    memoryStartDate: '2026-06-01',
    memoryEndDate: '2026-06-14',
    memoryContent: 'Two weeks of trains, markets and late dinners.',
    memoryPictures: [],
    taggedFriends: [],
    visibility: 3,
    ...overrides,
  }
}

/** Creates a memory through the API on a new copy of `cardId` and returns its id. */
export async function createMemory(
  t: TestApp,
  user: TestUser,
  cardId: string,
  overrides: Partial<CreateMemoryBody> = {},
): Promise<string> {
  const userCardId = await giveCopy(t, user.userId, cardId)
  const { status, body } = await t.call<CreateMemoryResult>('POST', '/api/memory/createMemory', {
    token: user.token,
    body: memoryBody(userCardId, overrides),
  })
  if (status !== 200) throw new Error(`createMemory failed: ${JSON.stringify(body)}`)
  return body.data.memoryId
}

/** Posts one file as multipart/form-data, the way the browser's upload does. */
export async function uploadFile(
  t: TestApp,
  token: string | undefined,
  file: { data: Buffer; fileName: string; contentType: string },
  query: { userCardId?: string } = {},
) {
  const boundary = `----wandercards${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/memory/uploadMemoryPicture${query.userCardId ? `?userCardId=${encodeURIComponent(query.userCardId)}` : ''}`,
    headers: {
      'x-api-key': API_KEY,
      ...(token ? { 'x-auth-key': token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return { status: response.statusCode, body: response.json() }
}

/** Fetches a picture the way <img> does: no headers at all. */
export async function fetchPicture(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url })
  return { status: response.statusCode, headers: response.headers, data: response.rawPayload }
}

export async function notificationsOf(t: TestApp, userId: string) {
  return t.db
    .selectFrom('notifications')
    .select(['title', 'content'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A real, complete black-and-white PNG of side × side pixels: 400 megapixels fit in about 50 KB. */
export function blankPng(side: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // one bit per pixel, greyscale (colour type 0)
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
