import crypto from 'node:crypto'

import fc from 'fast-check'
import sharp from 'sharp'

import type { Envelope } from '@shared/envelope'
import { MemoryPictureQuerySchema } from '@shared/memories'
import { TravelMapImageQuerySchema } from '@shared/travel'
import { TripMapImageQuerySchema } from '@shared/trips'
import { TEST_MODE_CARDS } from '@shared/wallet'
import { UnsubscribeSigner } from '@server/features/mail/unsubscribe'
import { contractRoutes, type ContractRoute, type JsonSchema } from '@test/helpers/contractRoutes'
import { present } from '@test/helpers/present'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import {
  cardsOfRarity,
  createMemory,
  giveCopy,
  grantDigitalCredit,
  makeFriends,
  uploadFile,
} from '../memories/fixtures'

import {
  acceptedValue,
  accepts,
  chaoticValue,
  controlObject,
  fresh,
  hostileValue,
  known,
  loneSurrogateAt,
  knownOptional,
  withOneHostileField,
  type KnownFields,
  type Mutation,
} from './fuzzValues'

/**
 * Sends every call of the contract (the OpenAPI document the routes' TypeBox schemas generate, plus the hidden picture
 * routes — a memory's picture and the share pages' maps —, the multipart upload and the share pages) mostly valid
 * requests from the logged-in user, naming real objects (copies, memories, trips, friends, share links), with exactly
 * one hostile field, so writes succeed and what they store is read back; and some requests that are hostile throughout,
 * as visitors too. Fails on any 5xx, any JSON answer that is not the envelope, any request slower than 5 s, any read
 * that a stored value breaks, and any call that got fewer than its minimum of requests.
 *
 * FUZZ_RUNS: requests per call (default 8; CI sets more). FUZZ_MIN_RUNS: the fewest every call must get (default 4).
 * FUZZ_SECONDS: past this many seconds (default 40), no request starts beyond a call's minimum; the minimum is always
 * sent, however slow the machine. FUZZ_SEED: replay the run a failure names.
 */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 8)
const MIN_RUNS_PER_CALL = Math.min(RUNS_PER_CALL, Number(process.env.FUZZ_MIN_RUNS ?? 4))
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 40) * 1000
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const SLOW_MS = 5000
const PASSWORD = 'fuzzing is caring'
const VERIFICATION_TOKEN = 'fuzzVerificationToken_0123456789abcdefghijk'
/** Stands for the user's session token in a request drawn up front; sending puts in the token of the moment. */
const USER_TOKEN = 'the user'

// Setting up takes a few seconds; the budget bounds the rounds past the minimum, and a slow machine may need minutes
// more for the minimum itself: the timeout only catches a hang.
jest.setTimeout(BUDGET_MS + 600_000)

/** Calls that end the caller's sessions when they succeed. */
const SESSION_ENDING_CALLS = ['/api/logout', '/api/account/requestDeletion']

/** Calls that change the user's password when they succeed: it is set back, so the next login still works. */
const PASSWORD_CHANGING_CALLS = ['/api/account/changePassword']

/** Calls that change something although they are GETs. */
const WRITING_GETS = ['/api/drawCard', '/api/public/freeDrawCard']

/** Calls whose 200 is not JSON by design: pictures and the data export (a ZIP). Their refusals are still the envelope. */
const RAW_CALLS = ['/api/image/', '/api/account/exportMyData']

/** Writes every run should manage at least once, proving requests get past validation and store what they carry. */
const WRITES_THAT_MUST_STORE = [
  'POST /api/memory/createMemory',
  'POST /api/memory/updateMemory',
  'POST /api/memory/updateVisibility',
  'POST /api/memory/postComment',
  'POST /api/memory/uploadMemoryPicture',
  'POST /api/account/updateProfile',
  'POST /api/system/requestNewContent',
  'POST /api/setBeenThere',
  'POST /api/pickCard',
  'POST /api/register',
  'POST /api/mail/setEmailPreferences',
  'POST /api/mail/requestPhysicalCardsNotice',
  'POST /api/trip/createTrip',
  'POST /api/trip/updateTrip',
  'POST /api/trip/deleteTrip',
  'POST /api/trip/addTripMemory',
  'POST /api/trip/removeTripMemory',
  'POST /api/trip/inviteToTrip',
  'POST /api/trip/answerTripInvite',
  'POST /api/trip/removeTripMember',
]

interface Probe {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  asUser: boolean
  /** What is hostile in it, for the report. */
  hostile: string
  /** What it sent, for the report. */
  sent: unknown
  /** A string field of the JSON body holding a lone surrogate, which the contract refuses (`body.commentContent`). */
  loneSurrogateAt?: string | null
}

type Answer = 'envelope' | 'picture' | 'html'

/** One thing to fuzz: a call of the contract, the upload, the picture route or a share page. */
interface Target {
  name: string
  answer: Answer
  writes: boolean
  /** The plain valid request, sent first so every call is seen to work before it is attacked. */
  control: Probe
  probes: fc.Arbitrary<Probe>
}

/** JSON text; `undefined` (which JSON.stringify passes through) travels as null. */
function toJson(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value)
}

/** Text for a query string; a lone surrogate cannot be encoded, so it travels as invalid UTF-8 instead. */
function encodeQueryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : toJson(value)
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')
}

function queryString(query: Record<string, unknown> | null): string {
  if (!query) return ''
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    Array.isArray(value) && value.length > 0
      ? value.map((item) => `${name}=${encodeQueryValue(item)}`)
      : [`${name}=${encodeQueryValue(value)}`],
  )
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

function describeMutation(mutation: Mutation | null): string {
  if (!mutation) return 'none (the control request)'
  if (mutation.kind === 'removed') return `${mutation.field} removed`
  return `${mutation.field} ${mutation.kind}: ${toJson(mutation.value).slice(0, 120)}`
}

const RAW_QUERIES = ['?%', '?a=%zz', '?limit=1&limit=2', '?' + 'x=1&'.repeat(300)]
const RAW_BODIES = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '[1,2' },
  { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'multipart/form-data; boundary=fuzz', payload: '--fuzz\r\nContent-Disposition: form-data; name="f"' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2' },
]

/** A call of the contract: mostly the user's valid requests with one hostile field, sometimes hostile throughout. */
function contractTarget(route: ContractRoute, fields: KnownFields): Target {
  const name = `${route.method} ${route.url}`
  const { query: querySchema, body: bodySchema } = route
  const slots = [
    ...(querySchema ? [{ part: 'query' as const, schema: querySchema }] : []),
    ...(bodySchema ? [{ part: 'body' as const, schema: bodySchema }] : []),
  ]
  const controls = fc.record({
    query: querySchema ? controlObject(querySchema, fields) : fc.constant(null),
    body: bodySchema ? controlObject(bodySchema, fields) : fc.constant(null),
  })

  function probe(
    asUser: boolean,
    parts: { query: unknown; body: unknown; rawQuery?: string; rawBody?: (typeof RAW_BODIES)[number] },
    hostile: string,
  ): Probe {
    const headers: Record<string, string> = { 'x-api-key': API_KEY }
    if (asUser) headers['x-auth-key'] = USER_TOKEN
    let payload: string | undefined
    let loneSurrogate: string | null = null
    if (parts.rawBody) {
      headers['content-type'] = parts.rawBody.contentType
      payload = parts.rawBody.payload
    } else if (route.method === 'POST' && parts.body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = toJson(parts.body)
      loneSurrogate = loneSurrogateAt(bodySchema ?? undefined, parts.body, 'body')
    }
    const query = parts.rawQuery ?? queryString(parts.query as Record<string, unknown> | null)
    return {
      method: route.method,
      url: route.url + query,
      headers,
      payload,
      asUser,
      hostile,
      sent: parts,
      loneSurrogateAt: loneSurrogate,
    }
  }

  const oneHostile =
    slots.length === 0
      ? fc
          .tuple(fc.constantFrom('extra', 'userId'), hostileValue)
          .map(([field, value]) =>
            probe(
              true,
              { query: { [field]: value }, body: route.method === 'POST' ? { [field]: value } : undefined },
              `${field} added: ${toJson(value).slice(0, 120)}`,
            ),
          )
      : fc.oneof(
          ...slots.map(({ part, schema }) =>
            controls.chain((control) => {
              // The control request, or another one the schema accepts, naming other real objects.
              const controlPart = control[part] ?? {}
              const accepted = acceptedValue(schema, fields).map((value) =>
                accepts(schema, value) ? (value as Record<string, unknown>) : controlPart,
              )
              const base = fc.oneof(
                { arbitrary: fc.constant(controlPart), weight: 3 },
                { arbitrary: accepted, weight: 1 },
              )
              return withOneHostileField(schema, base, fields).map(({ value, mutation }) =>
                probe(true, { ...control, [part]: value }, `${part}: ${describeMutation(mutation)}`),
              )
            }),
          ),
        )
  const chaos = fc
    .record({
      asUser: fc.boolean(),
      query: querySchema ? chaoticValue(querySchema, fields) : fc.constant(null),
      body: bodySchema
        ? chaoticValue(bodySchema, fields)
        : route.method === 'POST'
          ? hostileValue
          : fc.constant(undefined),
      rawQuery: fc.option(fc.constantFrom(...RAW_QUERIES), { freq: 6, nil: undefined }),
      rawBody:
        route.method === 'POST'
          ? fc.option(fc.constantFrom(...RAW_BODIES), { freq: 4, nil: undefined })
          : fc.constant(undefined),
    })
    .map(({ asUser, ...parts }) => probe(asUser, parts, 'hostile throughout'))

  return {
    name,
    answer: RAW_CALLS.some((prefix) => route.url.startsWith(prefix)) ? 'picture' : 'envelope',
    writes: route.method === 'POST' || WRITING_GETS.includes(route.url),
    control: probe(true, present(fc.sample(controls, { seed: SEED, numRuns: 1 })[0]), describeMutation(null)),
    probes: fc.oneof({ arbitrary: oneHostile, weight: 4 }, { arbitrary: chaos, weight: 1 }),
  }
}

interface UploadPart {
  field: string
  fileName: string
  contentType: string
  content: string
  layout: 'one file' | 'text field first' | 'two files' | 'no closing boundary' | 'other boundary' | 'no file'
}

/** A real multipart upload of a real picture, with one part hostile: its field name, file name, type, content or layout. */
function uploadTarget(contents: Record<string, Buffer>): Target {
  const control: UploadPart = {
    field: 'file',
    fileName: 'harbour.png',
    contentType: 'image/png',
    content: 'png',
    layout: 'one file',
  }
  const hostileParts: fc.Arbitrary<Partial<UploadPart>>[] = [
    fc.constantFrom('', 'picture', 'a"b', 'ü'.repeat(300), 'file\r\nX-Injected: 1').map((field) => ({ field })),
    fc
      .constantFrom(
        '../../etc/passwd',
        'a"b.png',
        '\u202egnp.exe',
        '😀.jpg',
        `${'x'.repeat(1000)}.png`,
        '',
        'CON',
        'trip.png\r\nX: 1',
        '\u0000.png',
      )
      .map((fileName) => ({ fileName })),
    fc
      .constantFrom(
        'text/html',
        'image/svg+xml',
        '',
        'application/octet-stream',
        'image/png; charset=utf-8\r\nX: 1',
        'image/jpeg',
      )
      .map((contentType) => ({ contentType })),
    fc.constantFrom(...Object.keys(contents)).map((content) => ({ content })),
    fc
      .constantFrom<UploadPart['layout']>(
        'text field first',
        'two files',
        'no closing boundary',
        'other boundary',
        'no file',
      )
      .map((layout) => ({ layout })),
  ]
  const upload = (change: Partial<UploadPart>, asUser: boolean): Probe => {
    const part = { ...control, ...change }
    const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'
    const filePart = (content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ])
    const content = contents[part.content] ?? Buffer.alloc(0)
    const sections: Buffer[] = []
    if (part.layout === 'text field first')
      sections.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`))
    if (part.layout !== 'no file') sections.push(filePart(content))
    if (part.layout === 'two files') sections.push(filePart(content))
    if (part.layout !== 'no closing boundary') sections.push(Buffer.from(`--${boundary}--\r\n`))
    const sentBoundary = part.layout === 'other boundary' ? 'notTheBoundary' : boundary
    return {
      method: 'POST' as const,
      url: '/api/memory/uploadMemoryPicture',
      headers: {
        'x-api-key': API_KEY,
        ...(asUser ? { 'x-auth-key': USER_TOKEN } : {}),
        'content-type': `multipart/form-data; boundary=${sentBoundary}`,
      },
      payload: Buffer.concat(sections),
      asUser,
      hostile: Object.keys(change).length === 0 ? describeMutation(null) : JSON.stringify(change).slice(0, 200),
      sent: part,
    }
  }
  return {
    name: 'POST /api/memory/uploadMemoryPicture',
    answer: 'envelope',
    writes: true,
    control: upload({}, true),
    // Now and then from a visitor, whom the upload refuses whatever it carries.
    probes: fc
      .tuple(fc.oneof(...hostileParts), fc.boolean())
      .map(([change, fromVisitor]) => upload(fromVisitor ? {} : change, !fromVisitor)),
  }
}

/**
 * A picture route as <img> or a link preview's crawler calls it (no headers): a real link (a signed memory picture, a
 * shared map) with one of its fields hostile.
 */
function pictureTarget(
  path: string,
  querySchema: object,
  links: Record<string, unknown>[],
  fields: KnownFields,
): Target {
  const schema = JSON.parse(JSON.stringify(querySchema)) as JsonSchema
  const request = (value: Record<string, unknown>, mutation: Mutation | null): Probe => ({
    method: 'GET',
    url: `${path}${queryString(value)}`,
    headers: {},
    asUser: false,
    hostile: describeMutation(mutation),
    sent: value,
  })
  return {
    name: `GET ${path}`,
    answer: 'picture',
    writes: false,
    control: request(links[0] ?? {}, null),
    probes: withOneHostileField(schema, fc.constantFrom(...links), fields).map(({ value, mutation }) =>
      request(value, mutation),
    ),
  }
}

/** A share page with a real share id, or a hostile one, repeated, missing, or beside other parameters. */
function sharePageTarget(page: string, shareId: string): Target {
  const request = (query: string): Probe => ({
    method: 'GET',
    url: `/s/${page}${query}`,
    headers: {},
    asUser: false,
    hostile: query.slice(0, 200),
    sent: query,
  })
  const shareIds = fc.oneof(
    { arbitrary: hostileValue.map((value) => `?shareId=${encodeQueryValue(value)}`), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '',
        '?shareId',
        `?shareId=${shareId}&shareId=${shareId}`,
        `?shareId[]=${shareId}`,
        `?shareId=${shareId}&extra=%00`,
        `?shareId=%zz`,
        `?shareId=${shareId.toLowerCase()}%20`,
        `?${'shareId=x&'.repeat(200)}`,
      ),
      weight: 2,
    },
  )
  return {
    name: `GET /s/${page}`,
    answer: 'html',
    writes: false,
    control: request(`?shareId=${encodeQueryValue(shareId)}`),
    probes: shareIds.map(request),
  }
}

/**
 * The unsubscribe page of digests and announcements (outside /api, no key, no session): a real signed token, or one
 * hostile, altered, repeated or missing; the POST as RFC 8058's one-click form.
 */
function unsubscribeTarget(method: 'GET' | 'POST', token: string): Target {
  const request = (query: string): Probe => ({
    method,
    url: `/unsubscribe${query}`,
    headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
    asUser: false,
    hostile: query.slice(0, 200),
    sent: query,
  })
  const [list, userId, mac] = token.split('.')
  const tokens = fc.oneof(
    { arbitrary: hostileValue.map((value) => `?token=${encodeQueryValue(value)}`), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '',
        '?token',
        `?token=${token}&token=${token}`,
        `?token[]=${token}`,
        `?token=${list}.${userId}.${mac?.slice(1)}x`,
        `?token=${list}.${userId}.${mac}.${mac}`,
        `?token=notificationDigest.%00.${mac}`,
        `?token=%zz`,
        `?${'token=x&'.repeat(200)}`,
      ),
      weight: 2,
    },
  )
  return {
    name: `${method} /unsubscribe`,
    answer: 'html',
    writes: method === 'POST',
    control: request(`?token=${encodeURIComponent(token)}`),
    probes: tokens.map(request),
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  const metadata = (value as { metadata?: Record<string, unknown> } | null)?.metadata
  return (
    typeof metadata === 'object' &&
    typeof metadata.status === 'boolean' &&
    (metadata.errorCode === null || typeof metadata.errorCode === 'string') &&
    typeof metadata.message === 'string' &&
    typeof metadata.authorized === 'boolean' &&
    'data' in (value as object)
  )
}

async function picture(format: 'png' | 'jpeg', seed: number): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 120, b: 200 } } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer()
}

describe('the contract under hostile input', () => {
  let t: TestApp
  let user: TestUser
  let friend: TestUser
  let stranger: TestUser
  /** A traveller of their own for blocking and muting, so a block never stands in the way of the other calls. */
  let blockable: TestUser
  let ownMemoryIds: string[]
  /** Trips the user may always open: their own, and a stranger's Public one. */
  let openTripIds: string[]
  let cardIds: string[]
  let targets: Target[]
  /** How many requests of each call stored something (a 200 from the user on a write). */
  const stored = new Map<string, number>()

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'off', PENDING_PICTURES_MAX: '200' } })
    // The world map is drawn once per instance, before it listens (main.ts); the test app draws it here likewise, so
    // a request is timed without the 1–3 s an instance spends on it once.
    await t.app.inject({ method: 'GET', url: '/api/travel/getMapPlaces', headers: { 'x-api-key': API_KEY } })
    user = await t.register({ password: PASSWORD })
    friend = await t.register()
    stranger = await t.register()
    blockable = await t.register()
    await makeFriends(t, user, friend)
    await grantDigitalCredit(t, user.userId, 10_000_000)
    // A confirmation link of the user's, as the welcome e-mail would carry: the first valid use confirms the address.
    await t.db
      .insertInto('email_verifications')
      .values({
        token_hash: crypto.createHash('sha256').update(VERIFICATION_TOKEN).digest('hex'),
        user_id: user.userId,
        email: user.email.toLowerCase(),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        used_at: null,
      })
      .execute()

    const [cardId, otherCardId, thirdCardId] = await cardsOfRarity(t, 1, 3)
    const [specialCardId] = await cardsOfRarity(t, 2, 1)
    cardIds = [cardId, otherCardId, thirdCardId, specialCardId]
    const uploads: { pictureFileName: string; url: string }[] = []
    for (let index = 0; index < 6; index += 1) {
      const { status, body } = await uploadFile(t, user.token, {
        data: await picture(index % 2 === 0 ? 'png' : 'jpeg', index),
        fileName: 'view.png',
        contentType: 'image/png',
      })
      if (status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`)
      uploads.push(body.data as { pictureFileName: string; url: string })
    }
    const [firstUpload, ...pendingUploads] = uploads
    if (!firstUpload) throw new Error('no upload')
    const memoryId = await createMemory(t, user, cardId, {
      taggedFriends: [friend.userId],
      memoryPictures: [firstUpload.pictureFileName],
    })
    const friendsOnlyMemoryId = await createMemory(t, user, otherCardId, { visibility: 2 })
    const friendMemoryId = await createMemory(t, friend, otherCardId, { visibility: 2 })
    const strangerMemoryId = await createMemory(t, stranger, thirdCardId, { visibility: 3 })
    const tripMemoryId = await createMemory(t, user, thirdCardId, { visibility: 3 })
    ownMemoryIds = [memoryId, friendsOnlyMemoryId, tripMemoryId]
    const comment = await t.call('POST', '/api/memory/postComment', {
      token: friend.token,
      body: { memoryId, commentContent: 'Take me next time!' },
    })
    if (comment.status !== 200) throw new Error(`comment failed: ${JSON.stringify(comment.body)}`)
    const commentIds = (
      await t.db.selectFrom('memory_comments').select('id').where('memory_id', '=', memoryId).execute()
    ).map(({ id }) => id)

    const memoryCopy = await t.db
      .selectFrom('memories')
      .select('user_card_id')
      .where('id', '=', memoryId)
      .executeTakeFirstOrThrow()
    // Copies without a memory, for createMemory, recycling and switching; a few of the memory's own card, for a free switch.
    const sameCardCopies = [await giveCopy(t, user.userId, cardId), await giveCopy(t, user.userId, cardId)]
    const freeCopies: string[] = [...sameCardCopies]
    for (let index = 0; index < 80; index += 1)
      freeCopies.push(await giveCopy(t, user.userId, cardIds[index % 4] ?? cardId))

    const draws: string[] = []
    for (const tenDraws of ['', '?tenDraws=1', '']) {
      const { status, body } = await t.call<{ shareId: string }>('GET', `/api/drawCard${tenDraws}`, {
        token: user.token,
      })
      if (status !== 200) throw new Error(`draw failed: ${JSON.stringify(body)}`)
      draws.push(body.data.shareId)
    }
    const freeDraw = await t.call<{ transactionId: string }>('GET', '/api/public/freeDrawCard')
    const feedPage = await t.call<{ nextCursor: string | null }>('GET', '/api/feed/getMemoryFeed?limit=1', {
      token: user.token,
    })
    const drawsPage = await t.call<{ nextCursor: string | null }>('GET', '/api/getMyDraws?limit=1', {
      token: user.token,
    })
    const products = await t.db.selectFrom('credit_products').select('id').execute()
    const intent = await t.call<{ clientSecret: string }>('POST', '/api/payment/createPaymentIntent', {
      token: user.token,
      body: { selectedCreditProduct: products[0]?.id },
    })
    const clientSecret = intent.body.data.clientSecret
    const notifications = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    const certificates = await t.db
      .selectFrom('credit_certificates')
      .select('redeem_code')
      .where('user_id', '=', user.userId)
      .execute()
    const collections = await t.db.selectFrom('collections').select('id').execute()
    const cardSets = await t.db.selectFrom('card_sets').select('id').limit(5).execute()

    // Trips: the user's own (a friend invited, the user's memory in it); the friend's, to which the user is invited;
    // the stranger's Public one, behind its share page and route map; and trips of the user's for deleteTrip to take,
    // one a request. The stranger shares their year, behind the recap page and its picture.
    const succeeded = async <T>(who: TestUser, url: string, body: unknown): Promise<T> => {
      const { status, body: answer } = await t.call<T>('POST', url, { token: who.token, body })
      if (status !== 200) throw new Error(`${url} failed: ${JSON.stringify(answer)}`)
      return answer.data
    }
    const newTrip = async (owner: TestUser, visibility: number, memoryIds: string[] = []) =>
      (await succeeded<{ tripId: string }>(owner, '/api/trip/createTrip', { title: 'Fuzzed', visibility, memoryIds }))
        .tripId
    const userTripId = await newTrip(user, 2, [tripMemoryId])
    await succeeded(user, '/api/trip/inviteToTrip', { tripId: userTripId, userId: friend.userId })
    const invitedTripId = await newTrip(friend, 2, [friendMemoryId])
    await succeeded(friend, '/api/trip/inviteToTrip', { tripId: invitedTripId, userId: user.userId })
    const publicTripId = await newTrip(stranger, 3, [strangerMemoryId])
    openTripIds = [userTripId, publicTripId]
    const deletableTripIds: string[] = []
    for (let index = 0; index < RUNS_PER_CALL; index += 1) deletableTripIds.push(await newTrip(user, 1))
    const thisYear = new Date().getUTCFullYear()
    const { shareId: recapShareId } = await succeeded<{ shareId: string }>(stranger, '/api/recap/shareYearRecap', {
      year: thisYear,
    })

    const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`
    const cursors = [feedPage.body.data.nextCursor, drawsPage.body.data.nextCursor].filter((cursor) => cursor !== null)
    const dates = (from: string, to: string) =>
      fc
        .date({ min: new Date(from), max: new Date(to), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10))
    const fields: KnownFields = {
      memoryId: known([memoryId, friendsOnlyMemoryId, friendMemoryId, strangerMemoryId]),
      userCardId: known([...freeCopies, memoryCopy.user_card_id]),
      newUserCardId: known(sameCardCopies),
      newCardSetId: knownOptional(cardSets.map(({ id }) => id)),
      cardId: known(cardIds),
      selectedCardId: known(cardIds),
      collectionId: known(collections.map(({ id }) => id)),
      // The control adds (or removes) the stranger; the friend may be removed by a hostile run and added back.
      friendCode: known([stranger.friendCode, friend.friendCode]),
      'taggedFriends[]': known([friend.userId, stranger.userId]),
      // A friend's page: the friend's, and the stranger's, which is refused.
      userId: known([friend.userId, stranger.userId]),
      travellerId: known([blockable.userId]),
      'memoryPictures[]': known(pendingUploads.map(({ pictureFileName }) => pictureFileName)),
      // Start dates before end dates, so the journey's order holds and the memory is stored.
      memoryStartDate: { control: '2024-05-03', pool: dates('2000-01-01', '2012-12-31') },
      memoryEndDate: { control: '2024-05-11', pool: dates('2013-01-01', '2025-12-31') },
      replyToCommentId: knownOptional(commentIds),
      notificationId: known(notifications.map(({ id }) => id)),
      redeemCode: known(certificates.map(({ redeem_code }) => redeem_code)),
      transactionId: known([...draws, freeDraw.body.data.transactionId]),
      freeDrawTransactionId: knownOptional([freeDraw.body.data.transactionId]),
      cursor: knownOptional(cursors),
      selectedCreditProduct: known(products.map(({ id }) => id)),
      clientSecret: known([clientSecret]),
      paymentIntentId: known([clientSecret.split('_secret_')[0]]),
      cardNumber: known(Object.values(TEST_MODE_CARDS)),
      expiry: known([expiry, '01/20', '13/99']),
      cvc: known(['123', '0000']),
      newAvatarId: known([1, 2]),
      name: known([friend.username.slice(0, 3), stranger.username]),
      imageId: known(cardIds),
      lg: known(['1', '0']),
      avatarId: known([1, 2]),
      tenDraws: known([0, 1]),
      email: known([user.email, friend.email]),
      password: known([PASSWORD]),
      currentPassword: known([PASSWORD]),
      // The confirmation link's token (password reset links are never known here: their e-mail is not read).
      token: known([VERIFICATION_TOKEN]),
      // The user's own trip, the friend's they are invited to, and the stranger's Public one they are not in.
      tripId: known([userTripId, invitedTripId, publicTripId]),
      // The user's memories a new trip may start with: free at first, then in a trip (409).
      'memoryIds[]': knownOptional([memoryId, friendsOnlyMemoryId]),
      // The server's own date, which On This Day takes (the device's date may differ from it by a day).
      today: known([new Date().toISOString().slice(0, 10)]),
      // The user's year so far, full of the run's cards and memories, and the one before.
      year: known([thisYear, thisYear - 1]),
    }
    /** Where one call's control needs other real objects than the rest. */
    const fieldsOf: Record<string, KnownFields> = {
      // A new address every time.
      '/api/register': {
        ...fields,
        email: fresh(fc.uuid().map((id) => `fuzz.${id}@example.com`)),
        friendCode: knownOptional([friend.friendCode]),
      },
      // A copy without a memory each time (a copy holds one memory); pictures come from the pool, not the control.
      '/api/memory/createMemory': {
        ...fields,
        userCardId: fresh(fc.constantFrom(...freeCopies)),
        'memoryPictures[]': knownOptional(pendingUploads.map((upload) => upload.pictureFileName)),
      },
      '/api/memory/updateMemory': {
        ...fields,
        'memoryPictures[]': known([
          firstUpload.pictureFileName,
          ...pendingUploads.map((upload) => upload.pictureFileName).reverse(),
        ]),
      },
      // The memory's own copy, moved for free to another copy of the same card.
      '/api/memory/switchUserCard': { ...fields, userCardId: known([memoryCopy.user_card_id, ...freeCopies]) },
      '/api/recycleUserCard': { ...fields, userCardId: known([...freeCopies].reverse()) },
      // A new password that follows the rules (set back after each change), and a new address every time.
      '/api/account/changePassword': { ...fields, newPassword: known(['fuzzing is sharing']) },
      '/api/account/requestEmailChange': {
        ...fields,
        newEmail: fresh(fc.uuid().map((id) => `moved.${id}@example.com`)),
      },
      // A trip of the user's each time, so the others stay for the other calls.
      '/api/trip/deleteTrip': { ...fields, tripId: fresh(fc.constantFrom(...deletableTripIds)) },
      // The invitation to answer is to the friend's trip.
      '/api/trip/answerTripInvite': { ...fields, tripId: known([invitedTripId, userTripId, publicTripId]) },
      // The user's memory of their trip, taken out and put back round after round; another's is refused.
      '/api/trip/addTripMemory': {
        ...fields,
        memoryId: known([tripMemoryId, memoryId, friendMemoryId, strangerMemoryId]),
      },
      '/api/trip/removeTripMemory': {
        ...fields,
        memoryId: known([tripMemoryId, memoryId, friendMemoryId, strangerMemoryId]),
      },
    }

    const contents: Record<string, Buffer> = {
      png: await picture('png', 7),
      jpeg: await picture('jpeg', 8),
      truncated: (await picture('png', 9)).subarray(0, 60),
      'png header, garbage after': Buffer.concat([
        (await picture('png', 10)).subarray(0, 33),
        Buffer.from('not a picture at all'.repeat(20)),
      ]),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64'),
      empty: Buffer.alloc(0),
      text: Buffer.from('hello'),
    }
    const pictureLinks = uploads.flatMap(({ url }) => {
      const params = new URL(url, 'http://wandercards.test').searchParams
      const link: Record<string, unknown> = Object.fromEntries(params)
      if (typeof link.exp === 'string') link.exp = Number(link.exp)
      return [link, { ...link, w: 480 }]
    })

    // Card art, collection pictures and avatars are drawn on first request, as the start-up warm-up does in
    // production; drawn here first, the fuzzed requests measure the calls rather than the drawing.
    for (const url of [
      ...cardIds.flatMap((id) => [
        `/api/image/card?imageId=${id}`,
        `/api/image/card?imageId=${id}&lg=1`,
        `/api/image/cardPreview?imageId=${id}`,
      ]),
      '/api/image/card?imageId=',
      '/api/image/card?imageId=&lg=1',
      ...collections.map(({ id }) => `/api/image/collection?collectionId=${id}`),
      '/api/image/avatar?avatarId=1',
      '/api/image/avatar?avatarId=2',
      `/api/image/tripMap?shareId=${publicTripId}`,
      `/api/image/yearRecap?shareId=${recapShareId}`,
      `/api/image/travelMap?shareId=${stranger.friendCode}`,
    ])
      await t.app.inject({ method: 'GET', url })

    const unsubscribeToken = new UnsubscribeSigner(t.config.mediaSigningSecret).sign(user.userId, 'notificationDigest')
    targets = [
      ...contractRoutes(t.app)
        .filter(({ url }) => url !== '/api/memory/uploadMemoryPicture')
        .map((route) => contractTarget(route, fieldsOf[route.url] ?? fields)),
      uploadTarget(contents),
      pictureTarget('/api/image/memoryPicture', MemoryPictureQuerySchema, pictureLinks, fields),
      // Link previews of shared pages: a Public trip's route, a shared year, a traveller's map.
      pictureTarget(
        '/api/image/tripMap',
        TripMapImageQuerySchema,
        [{ shareId: publicTripId }, { shareId: publicTripId, v: 'old' }],
        fields,
      ),
      pictureTarget('/api/image/yearRecap', TravelMapImageQuerySchema, [{ shareId: recapShareId }], fields),
      pictureTarget('/api/image/travelMap', TravelMapImageQuerySchema, [{ shareId: stranger.friendCode }], fields),
      sharePageTarget('user', user.friendCode),
      sharePageTarget('draw', draws[0] ?? ''),
      sharePageTarget('card', memoryCopy.user_card_id),
      sharePageTarget('trip', publicTripId),
      sharePageTarget('recap', recapShareId),
      unsubscribeTarget('GET', unsubscribeToken),
      unsubscribeTarget('POST', unsubscribeToken),
    ]
  }, 120_000)
  afterAll(() => t.close())

  /**
   * A logout or an accepted deletion request among the fuzzed calls ends the user's sessions; the next requests need
   * one back (a login also cancels the deletion, as it does for a traveller).
   */
  async function logInAgain() {
    const { status, body } = await t.call<{ authKey: string }>('POST', '/api/login', {
      body: { email: user.email, password: PASSWORD },
    })
    if (status !== 200) throw new Error(`logging in again failed: ${JSON.stringify(body)}`)
    user = { ...user, token: body.data.authKey }
  }

  /** A change of password among the fuzzed calls is undone, so logging in again keeps working. */
  async function setPasswordBack(changedTo: string) {
    const { status, body } = await t.call('POST', '/api/account/changePassword', {
      token: user.token,
      body: { currentPassword: changedTo, newPassword: PASSWORD },
    })
    if (status !== 200) throw new Error(`setting the password back failed: ${JSON.stringify(body)}`)
  }

  /**
   * The reads a stored value could break, for the user and the friend who sees their memories: each must answer the
   * envelope without a server error, and those that always exist must answer 200.
   */
  async function readsBrokenBy(probe: Probe, data: unknown): Promise<string[]> {
    const named = new Set<string>()
    const namedTrips = new Set<string>()
    for (const source of [probe.sent, data]) {
      const text = JSON.stringify(source ?? null)
      for (const match of text.matchAll(/"(?:memoryId|cardId|selectedCardId)":"([^"\\]{1,100})"/g))
        named.add(match[1] ?? '')
      for (const match of text.matchAll(/"tripId":"([^"\\]{1,100})"/g)) namedTrips.add(match[1] ?? '')
    }
    const reads: { url: string; reader: TestUser; mustExist: boolean }[] = []
    for (const reader of [user, friend]) {
      for (const url of [
        '/api/getUser',
        '/api/memory/getMyMemories',
        '/api/feed/getMemoryFeed',
        '/api/getNotifications',
        '/api/friends/getMyFriends',
        '/api/getMyDraws',
        '/api/getMyCollection',
        '/api/trip/getMyTrips',
      ])
        reads.push({ url, reader, mustExist: true })
    }
    for (const tripId of new Set([...openTripIds, ...namedTrips]))
      reads.push({
        url: `/api/trip/getTrip?tripId=${encodeURIComponent(tripId)}`,
        reader: user,
        mustExist: openTripIds.includes(tripId),
      })
    for (const memoryId of new Set([...ownMemoryIds, ...named]))
      reads.push({
        url: `/api/memory/getMemory?memoryId=${encodeURIComponent(memoryId)}`,
        reader: user,
        mustExist: ownMemoryIds.includes(memoryId),
      })
    for (const cardId of new Set([...cardIds, ...named]))
      reads.push({
        url: `/api/getCard?cardId=${encodeURIComponent(cardId)}`,
        reader: user,
        mustExist: cardIds.includes(cardId),
      })

    const broken: string[] = []
    for (const { url, reader, mustExist } of reads) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-api-key': API_KEY, 'x-auth-key': reader.token },
      })
      const body: unknown = response.headers['content-type']?.toString().includes('json') ? response.json() : null
      if (response.statusCode >= 500 || !isEnvelope(body) || (mustExist && response.statusCode !== 200))
        broken.push(
          `${url} for ${reader === user ? 'the user' : 'the friend'} answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
        )
    }
    return broken
  }

  /** What is wrong with the answer to one request, or null. */
  async function check(target: Target, probe: Probe): Promise<string | null> {
    const headers = { ...probe.headers }
    if (headers['x-auth-key'] === USER_TOKEN) headers['x-auth-key'] = user.token
    const started = performance.now()
    const response = await t.app.inject({ method: probe.method, url: probe.url, headers, payload: probe.payload })
    const elapsed = performance.now() - started
    if (SESSION_ENDING_CALLS.some((call) => probe.url.startsWith(call)) && probe.asUser) await logInAgain()
    if (
      PASSWORD_CHANGING_CALLS.some((call) => probe.url.startsWith(call)) &&
      probe.asUser &&
      response.statusCode === 200
    )
      await setPasswordBack((probe.sent as { body: { newPassword: string } }).body.newPassword)
    if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`
    if (elapsed > SLOW_MS) return `took ${Math.round(elapsed)} ms`
    // SQLite would store it as three U+FFFD and PostgreSQL as one: the contract refuses it in every string field.
    if (probe.loneSurrogateAt && response.statusCode < 400)
      return `accepted a lone surrogate in ${probe.loneSurrogateAt} (${response.statusCode})`
    const contentType = response.headers['content-type'] ?? ''
    const isJson = contentType.includes('application/json')
    if (target.answer === 'html') {
      if (!contentType.startsWith('text/html')) return `an HTML page answered ${response.statusCode} as ${contentType}`
      return null
    }
    if (isJson && !isEnvelope(response.json())) return `not the envelope: ${response.body.slice(0, 300)}`
    if (!isJson && !(target.answer === 'picture' && response.statusCode === 200))
      return `answered ${response.statusCode} without JSON (${contentType})`
    if (!(target.writes && probe.asUser && response.statusCode === 200)) return null
    stored.set(target.name, (stored.get(target.name) ?? 0) + 1)
    const data = isJson ? response.json<Envelope<unknown>>().data : null
    // A new picture's own link must serve it.
    const url = (data as { url?: unknown } | null)?.url
    if (typeof url === 'string' && url.startsWith('/api/image/memoryPicture')) {
      const served = await t.app.inject({ method: 'GET', url })
      if (served.statusCode !== 200) return `the new picture's link answered ${served.statusCode}`
    }
    const broken = await readsBrokenBy(probe, data)
    return broken.length > 0 ? `a stored value broke reads:\n    ${broken.join('\n    ')}` : null
  }

  it('answers every call with the envelope and no server error, and what it stores reads back', async () => {
    expect(targets.length).toBeGreaterThan(50)
    // Samples drawn up front from one seed, so FUZZ_SEED replays the same requests in the same order.
    const samples = targets.map((target, index) =>
      fc.sample(target.probes, { seed: SEED + index, numRuns: RUNS_PER_CALL - 1 }),
    )
    const sent = new Map<string, number>()
    const failures: string[] = []
    const deadline = Date.now() + BUDGET_MS

    // Round by round over every target, so when the time is up every call has had its share. The rounds up to the
    // minimum always run: the time budget decides how many more, never whether a call is covered.
    sending: for (let round = 0; round < RUNS_PER_CALL; round += 1) {
      for (const [index, target] of targets.entries()) {
        if (round >= MIN_RUNS_PER_CALL && Date.now() >= deadline) break sending
        const probe = round === 0 ? target.control : samples[index]?.[round - 1]
        if (!probe) continue
        sent.set(target.name, (sent.get(target.name) ?? 0) + 1)
        const problem = await check(target, probe)
        if (problem)
          failures.push(
            `${target.name} (FUZZ_SEED=${SEED}, round ${round}), hostile: ${probe.hostile}\n  ${problem}\n  sent ${probe.method} ${probe.url.slice(0, 300)} ${typeof probe.payload === 'string' ? probe.payload.slice(0, 300) : ''}`,
          )
      }
    }

    const starved = targets
      .filter(({ name }) => (sent.get(name) ?? 0) < MIN_RUNS_PER_CALL)
      .map(({ name }) => `${name}: ${sent.get(name) ?? 0} of ${MIN_RUNS_PER_CALL} requests in ${BUDGET_MS / 1000} s`)
    expect(failures).toEqual([])
    expect(starved).toEqual([])
    expect(WRITES_THAT_MUST_STORE.filter((name) => !stored.has(name))).toEqual([])
  })
})
