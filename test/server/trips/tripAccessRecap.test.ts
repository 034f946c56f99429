import { CALL_ERROR_TEXTS } from '@shared/callErrorTexts'
import { VISIBILITY } from '@shared/constants'
import type { OnThisDay } from '@shared/onThisDay'
import type { ShareYearRecapResult, YearRecap } from '@shared/recap'
import { pinClock } from '@server/lib/clock'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { createMemory, makeFriends } from '../memories/fixtures'

import { askRaw, postOk, type RawAnswer, type SentRequest } from './fixtures'

/**
 * On This Day and a year in cards around a trip (docs/product.md#on-this-day, #year-recap), asked by each kind of
 * caller of tripAccess.test.ts: the trip's owner, a friend travelling in it (`accepted`), one only invited, a friend
 * of the owner outside it, a stranger, a traveller who had joined it before the owner blocked them, a visitor.
 * Only one's own memories ever come back; a recap counts and names only trips holding its traveller's own memories
 * (none that its traveller may no longer open); a shared year shows nothing of any trip nor of a memory that is not
 * Public; each traveller shares and stops sharing only their own year.
 */
type Role = 'owner' | 'accepted' | 'invited' | 'friend' | 'stranger' | 'blocked' | 'visitor'
type Member = Exclude<Role, 'visitor'>
const ROLES: Role[] = ['owner', 'accepted', 'invited', 'friend', 'stranger', 'blocked', 'visitor']
const MEMBERS = ROLES.filter((role): role is Member => role !== 'visitor')
const TODAY = '2026-06-05'
const YEAR = 2025
const TRIP_TITLE = 'Secret spring route'

/** Everyone's memories of a year ago today: the owner's three in the trip, the Private one the longest journey. */
const MEMORIES = {
  secret: {
    author: 'owner',
    cardId: 'es-madrid-1',
    visibility: VISIBILITY.Private,
    days: ['2025-06-01', '2025-06-20'],
  },
  forFriends: {
    author: 'owner',
    cardId: 'pt-porto-1',
    visibility: VISIBILITY.Friends,
    days: ['2025-06-05', '2025-06-06'],
  },
  open: { author: 'owner', cardId: 'pt-lisbon-1', visibility: VISIBILITY.Public, days: ['2025-06-05', '2025-06-07'] },
  accepted: {
    author: 'accepted',
    cardId: 'jp-kyoto-1',
    visibility: VISIBILITY.Public,
    days: ['2025-06-05', '2025-06-05'],
  },
  blocked: { author: 'blocked', cardId: 'us-ca-1', visibility: VISIBILITY.Public, days: ['2025-06-05', '2025-06-05'] },
  invited: {
    author: 'invited',
    cardId: 'pt-porto-1',
    visibility: VISIBILITY.Public,
    days: ['2025-06-05', '2025-06-05'],
  },
  friend: { author: 'friend', cardId: 'pt-porto-1', visibility: VISIBILITY.Public, days: ['2025-06-05', '2025-06-05'] },
  stranger: {
    author: 'stranger',
    cardId: 'pt-porto-1',
    visibility: VISIBILITY.Public,
    days: ['2025-06-05', '2025-06-05'],
  },
} as const
type MemoryKey = keyof typeof MEMORIES
const marker = (key: MemoryKey) => `recap-marker-${key}`
const ownKeys = (role: Role) => (Object.keys(MEMORIES) as MemoryKey[]).filter((key) => MEMORIES[key].author === role)

interface Case {
  /** A share page or its picture: open to all, asked without the api key. */
  page?: boolean
  request: (role: Role) => SentRequest | Promise<SentRequest>
  /** The status for a caller with a session, or any caller of a page (a visitor gets 403 from a call). */
  status: (role: Role) => number
  check?: (role: Role, answer: RawAnswer) => Promise<void>
}

let t: TestApp
const users = {} as Record<Member, TestUser>
const memories = {} as Record<MemoryKey, string>
let tripId: string

const ask = (sent: SentRequest, token?: string, page = false) => askRaw(t, sent, token, page)
const must = (user: TestUser, url: string, body: Record<string, unknown>) => postOk(t, user, url, body)

/** The role's own link to its year, shared now (sharing again answers the same link); a visitor's is nobody's. */
async function linkOf(role: Role): Promise<string> {
  if (role === 'visitor') return 'nobodys-year-link'
  const { shareId } = (await must(users[role], '/api/recap/shareYearRecap', { year: YEAR })) as ShareYearRecapResult
  return shareId
}
const recapPage = async (shareId: string) =>
  (await t.app.inject({ method: 'GET', url: `/s/recap?shareId=${encodeURIComponent(shareId)}` })).statusCode

/** Which memories (by their text) an answer names. */
const namedMemories = (text: string) =>
  (Object.keys(MEMORIES) as MemoryKey[]).filter((key) => text.includes(marker(key)))

beforeAll(async () => {
  // A year ago today, every memory comes back; the recap of that year has begun long ago.
  pinClock(new Date(`${TODAY}T12:00:00Z`))
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
  for (const role of MEMBERS) users[role] = await t.register()
  for (const role of ['accepted', 'invited', 'friend', 'blocked'] as const)
    await makeFriends(t, users.owner, users[role])
  for (const [key, { author, cardId, visibility, days }] of Object.entries(MEMORIES))
    memories[key as MemoryKey] = await createMemory(t, users[author], cardId, {
      memoryStartDate: days[0],
      memoryEndDate: days[1],
      memoryContent: `A day to remember, ${marker(key as MemoryKey)}.`,
      visibility,
    })
  ;({ tripId } = (await must(users.owner, '/api/trip/createTrip', {
    title: TRIP_TITLE,
    visibility: VISIBILITY.Private,
    memoryIds: [memories.secret, memories.forFriends, memories.open],
  })) as { tripId: string })
  for (const role of ['accepted', 'invited', 'blocked'] as const)
    await must(users.owner, '/api/trip/inviteToTrip', { tripId, userId: users[role].userId })
  for (const role of ['accepted', 'blocked'] as const) {
    await must(users[role], '/api/trip/answerTripInvite', { tripId, accept: true })
    await must(users[role], '/api/trip/addTripMemory', { tripId, memoryId: memories[role] })
  }
  await must(users.owner, '/api/blocks/blockTraveller', { travellerId: users.blocked.userId })
}, 60_000)
afterAll(async () => {
  pinClock(null)
  await t.close()
})

const CASES: Record<string, Case> = {
  'GET /memory/getOnThisDay': {
    request: () => ({ method: 'GET', url: `/api/memory/getOnThisDay?today=${TODAY}` }),
    status: () => 200,
    check: async (role, answer) => {
      if (role === 'visitor') return
      const { today, memories: back } = answer.data as OnThisDay
      // A friend's, a fellow traveller's, a trip's: none comes back but one's own, each a year ago today.
      expect({ today, back: back.map(({ yearsAgo, memory }) => [yearsAgo, memory.memoryId]).sort() }).toEqual({
        today: TODAY,
        back: ownKeys(role)
          .map((key) => [1, memories[key]])
          .sort(),
      })
      expect(namedMemories(answer.text)).toEqual(ownKeys(role))
    },
  },
  'GET /recap/getYearRecap': {
    request: () => ({ method: 'GET', url: `/api/recap/getYearRecap?year=${YEAR}` }),
    status: () => 200,
    check: async (role, answer) => {
      if (role === 'visitor') return
      const { year, memories: count, publicMemories, trips, longestTrip, longestJourney } = answer.data as YearRecap
      const own = ownKeys(role)
      // Trips are the recap's traveller's own journeys: the blocked traveller's memory left the trip with them.
      const travels = role === 'owner' || role === 'accepted'
      expect({
        year,
        count,
        publicMemories,
        trips,
        longestTrip: longestTrip && [longestTrip.tripId, longestTrip.title],
        longestJourney: longestJourney?.memoryId,
      }).toEqual({
        year: YEAR,
        count: own.length,
        publicMemories: own.filter((key) => MEMORIES[key].visibility === VISIBILITY.Public).length,
        trips: travels ? 1 : 0,
        longestTrip: travels ? [tripId, TRIP_TITLE] : null,
        // The owner's longest is their Private memory: theirs to see here, never on the shared page.
        longestJourney: memories[own[0] ?? 'open'],
      })
      expect(answer.text.includes(TRIP_TITLE)).toBe(travels)
    },
  },
  'POST /recap/shareYearRecap': {
    request: () => ({ method: 'POST', url: '/api/recap/shareYearRecap', body: { year: YEAR } }),
    status: () => 200,
    check: async (role, answer) => {
      if (role === 'visitor') return
      const { shareId } = answer.data as ShareYearRecapResult
      expect(await linkOf(role)).toBe(shareId)
      // Each traveller's own link, nobody else's.
      for (const other of MEMBERS.filter((member) => member !== role)) expect(await linkOf(other)).not.toBe(shareId)
    },
  },
  'GET /s/recap': {
    page: true,
    request: async (role) => ({ method: 'GET', url: `/s/recap?shareId=${await linkOf(role)}` }),
    status: (role) => (role === 'visitor' ? 404 : 200),
    check: async (role, answer) => {
      expect(answer.contentType).toMatch(/^text\/html/)
      if (role === 'visitor') return
      // The traveller's year by name, the longest of their Public journeys; never a trip, a memory's text, the
      // place of a memory that is not Public, nor anyone else.
      const others = MEMBERS.filter((member) => member !== role).map((member) => users[member].username)
      expect({
        title: answer.text.includes(`${users[role].username}&#39;s ${YEAR} in cards`),
        trip: answer.text.includes(TRIP_TITLE),
        texts: namedMemories(answer.text),
        others: others.filter((username) => answer.text.includes(username)),
      }).toEqual({ title: true, trip: false, texts: [], others: [] })
      if (role === 'owner')
        expect([answer.text.includes('Lisbon'), /Madrid|Porto/.test(answer.text)]).toEqual([true, false])
    },
  },
  'GET /api/image/yearRecap': {
    page: true,
    request: async (role) => ({ method: 'GET', url: `/api/image/yearRecap?shareId=${await linkOf(role)}` }),
    status: (role) => (role === 'visitor' ? 404 : 200),
    check: async (_role, answer) => expect(answer.contentType).toMatch(answer.status === 200 ? /^image\/png/ : /json/),
  },
  'POST /recap/stopSharingYearRecap': {
    request: () => ({ method: 'POST', url: '/api/recap/stopSharingYearRecap', body: { year: YEAR } }),
    status: () => 200,
    // The caller's own link stops at once (see the row); the owner's goes on unless the owner stopped it.
    check: async (role) => {
      if (role !== 'owner') expect(await recapPage(await linkOf('owner'))).toBe(200)
    },
  },
}

describe('On This Day and a year in cards', () => {
  const rows = Object.keys(CASES).flatMap((name) => ROLES.map((role) => [name, role] as const))
  it.each(rows)('%s as %s', async (name, role) => {
    const call = CASES[name]
    if (!call) throw new Error(`no case ${name}`)
    const token = role === 'visitor' ? undefined : users[role].token
    // A link made before it stops, to see it go.
    const before = name === 'POST /recap/stopSharingYearRecap' && role !== 'visitor' ? await linkOf(role) : null
    const answer = await ask(await call.request(role), token, call.page)
    const expected =
      role === 'visitor' && !call.page
        ? { status: 403, message: CALL_ERROR_TEXTS.loginToPerform }
        : { status: call.status(role), message: answer.message }
    expect({ status: answer.status, message: answer.message }).toEqual(expected)
    await call.check?.(role, answer)
    if (before) expect(await recapPage(before)).toBe(404)
  })
})
