import crypto from 'node:crypto'

import { CALL_ERROR_TEXTS } from '@shared/callErrorTexts'
import { VISIBILITY } from '@shared/constants'
import { TRIP_TEXTS, type Trip, type TripSummary } from '@shared/trips'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { createMemory, makeFriends } from '../memories/fixtures'

import { askRaw, postOk, type RawAnswer, type SentRequest } from './fixtures'

/**
 * Who may do what with a trip (docs/product.md#trips, decisions.md "Trips"): every trip call, the share page and the
 * route map, asked by each kind of caller, of a Private, a Friends and a Public trip; each row on a trip of its own.
 * The callers: the owner; a friend who accepted the owner's invitation (`accepted`); one invited who has not answered;
 * a friend of the owner outside the trip; a stranger; a traveller who had joined the trip before the owner blocked
 * them (`blocked`); a visitor without a session.
 * The rule: whoever may not open the trip (a Friends trip opens to the owner's friends, a Public one to all, none
 * across a block) gets 404 "Trip not found.", the answer an unknown trip gets, before any other refusal; a write needs
 * a place in the trip whatever its visibility; a rule refused to someone in the trip is 422, never 403, which the app
 * reads as a lost session.
 */
type Role = 'owner' | 'accepted' | 'invited' | 'friend' | 'stranger' | 'blocked' | 'visitor'
type Member = Exclude<Role, 'visitor'>
type Insider = 'owner' | 'accepted' | 'invited'
const ROLES: Role[] = ['owner', 'accepted', 'invited', 'friend', 'stranger', 'blocked', 'visitor']
const VISIBILITIES = [
  { visibility: VISIBILITY.Private, name: 'Private' },
  { visibility: VISIBILITY.Friends, name: 'Friends' },
  { visibility: VISIBILITY.Public, name: 'Public' },
]
const TITLE = 'Across the peninsula'

/** The trip's memories: whose, on which card, how visible and when; its text marks it in any answer. */
const MEMORIES = {
  secret: { author: 'owner', cardId: 'es-madrid-1', visibility: VISIBILITY.Private, day: '2025-06-01' },
  forFriends: { author: 'owner', cardId: 'pt-porto-1', visibility: VISIBILITY.Friends, day: '2025-06-03' },
  open: { author: 'owner', cardId: 'pt-lisbon-1', visibility: VISIBILITY.Public, day: '2025-06-05' },
  accepted: { author: 'accepted', cardId: 'jp-kyoto-1', visibility: VISIBILITY.Public, day: '2025-06-07' },
  // Public, yet it leaves the trip with its author when the owner's block ends their place in it.
  blocked: { author: 'blocked', cardId: 'us-ca-1', visibility: VISIBILITY.Public, day: '2025-06-09' },
} as const
type MemoryKey = keyof typeof MEMORIES
const marker = (key: MemoryKey) => `memory-marker-${key}`

/** The trip's memories each may see on its page and in their list of trips. */
const SEES: Record<Member, MemoryKey[]> = {
  owner: ['secret', 'forFriends', 'open', 'accepted'],
  accepted: ['forFriends', 'open', 'accepted'],
  invited: ['forFriends', 'open', 'accepted'],
  friend: ['forFriends', 'open', 'accepted'],
  stranger: ['open', 'accepted'],
  blocked: [],
}

function opens(role: Role, visibility: number): boolean {
  if (role === 'owner' || role === 'accepted' || role === 'invited') return true
  if (role === 'friend') return visibility !== VISIBILITY.Private
  return role === 'stranger' && visibility === VISIBILITY.Public
}
const isInsider = (role: Role): role is Insider => role === 'owner' || role === 'accepted' || role === 'invited'

interface Expected {
  status: number
  message?: string
}
const OK: Expected = { status: 200 }
const NOT_FOUND: Expected = { status: 404, message: TRIP_TEXTS.notFound }
const refused = (message: string): Expected => ({ status: 422, message })

interface Fixture {
  tripId: string
  users: Record<Member, TestUser>
  memories: Record<MemoryKey, string>
}
interface Case {
  /** A page or its picture, open to all: no 403 for a visitor. */
  page?: boolean
  request: (fixture: Fixture, role: Role) => SentRequest | Promise<SentRequest>
  /** The answer to a caller with a session (a visitor always gets 403, except from a page). */
  expected: (role: Role, visibility: number) => Expected
  /** What the answer shows, and what changed or did not. */
  check?: (fixture: Fixture, role: Role, answer: RawAnswer, sent: SentRequest) => Promise<void>
}

/** A write: the answers of those in the trip; anyone else is an outsider, whatever the trip's visibility. */
const write =
  (insiders: Record<Insider, Expected>, outsider = NOT_FOUND) =>
  (role: Role) =>
    isInsider(role) ? insiders[role] : outsider

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
}, 60_000)
afterAll(() => t.close())

const ask = (sent: SentRequest, token?: string, page = false) => askRaw(t, sent, token, page)
const must = (user: TestUser, url: string, body: Record<string, unknown>) => postOk(t, user, url, body)

const memberStatus = async (tripId: string, userId: string) =>
  (
    await t.db
      .selectFrom('trip_members')
      .select('status')
      .where('trip_id', '=', tripId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.status ?? null
const tripHolding = async (memoryId: string) =>
  (await t.db.selectFrom('trip_memories').select('trip_id').where('memory_id', '=', memoryId).executeTakeFirst())
    ?.trip_id ?? null
const titleOf = async (tripId: string) =>
  (await t.db.selectFrom('trips').select('title').where('id', '=', tripId).executeTakeFirst())?.title ?? null

/** A memory of the caller's that no trip holds; a visitor names one of the owner's. */
function freeMemoryOf(fixture: Fixture, role: Role): Promise<string> {
  const author = role === 'visitor' ? 'owner' : role
  return createMemory(t, fixture.users[author], 'pt-porto-1', { memoryContent: `free memory of the ${role}` })
}
const post = (url: string, body: Record<string, unknown>): SentRequest => ({
  method: 'POST',
  url: `/api/trip/${url}`,
  body,
})

/** Which of the trip's memories (by their text) and which of its travellers (by id or name) an answer names. */
function named(fixture: Fixture, text: string) {
  return {
    memories: (Object.keys(MEMORIES) as MemoryKey[]).filter((key) => text.includes(marker(key))),
    travellers: (['owner', 'accepted', 'invited', 'blocked'] as const).filter(
      (who) => text.includes(fixture.users[who].userId) || text.includes(fixture.users[who].username),
    ),
  }
}

const CASES: Record<string, Case> = {
  'GET /trip/getMyTrips': {
    request: () => ({ method: 'GET', url: '/api/trip/getMyTrips' }),
    expected: () => OK,
    check: async (fixture, role, answer) => {
      if (role === 'visitor') return
      const listed = (answer.data as TripSummary[]).find(({ tripId }) => tripId === fixture.tripId)
      if (!isInsider(role)) {
        expect(listed).toBeUndefined()
        return
      }
      expect(listed).toMatchObject({ myRole: role, memoryCount: SEES[role].length, title: TITLE })
      expect(listed?.startDate).toBe(MEMORIES[SEES[role][0] ?? 'open'].day)
      const own = SEES[role].filter((key) => MEMORIES[key].author === role).map((key) => fixture.memories[key])
      expect(listed?.myMemoryIds.toSorted()).toEqual(own.toSorted())
      expect(named(fixture, JSON.stringify(listed))).toEqual({ memories: [], travellers: ['owner'] })
    },
  },
  'GET /trip/getTrip': {
    request: ({ tripId }) => ({ method: 'GET', url: `/api/trip/getTrip?tripId=${tripId}` }),
    expected: (role, visibility) => (opens(role, visibility) ? OK : NOT_FOUND),
    check: async (fixture, role, answer) => {
      if (answer.status !== 200 || role === 'visitor') return
      const trip = answer.data as Trip
      expect({ myRole: trip.myRole, startDate: trip.startDate, endDate: trip.endDate }).toEqual({
        myRole: isInsider(role) ? role : null,
        startDate: MEMORIES[SEES[role][0] ?? 'open'].day,
        endDate: MEMORIES.accepted.day,
      })
      // Only the owner and the invited themselves see who is invited; the blocked traveller is gone from the trip.
      const travellers =
        role === 'owner' || role === 'invited' ? ['owner', 'accepted', 'invited'] : ['owner', 'accepted']
      expect(named(fixture, answer.text)).toEqual({ memories: SEES[role], travellers })
    },
  },
  'POST /trip/createTrip of a memory in the trip': {
    request: (fixture) => post('createTrip', { title: 'Taken', visibility: 3, memoryIds: [fixture.memories.open] }),
    // Only its author learns which trip holds it.
    expected: (role) =>
      role === 'owner' ? { status: 409, message: TRIP_TEXTS.memoryInTrip(TITLE) } : refused(TRIP_TEXTS.notYourMemory),
    check: async (fixture) => {
      expect(await t.db.selectFrom('trips').select('id').where('title', '=', 'Taken').execute()).toEqual([])
      expect(await tripHolding(fixture.memories.open)).toBe(fixture.tripId)
    },
  },
  'POST /trip/updateTrip': {
    request: ({ tripId }, role) => post('updateTrip', { tripId, title: `Renamed by the ${role}`, visibility: 3 }),
    expected: write({ owner: OK, accepted: refused(TRIP_TEXTS.ownerOnly), invited: refused(TRIP_TEXTS.ownerOnly) }),
    check: async ({ tripId }, role) =>
      expect(await titleOf(tripId)).toBe(role === 'owner' ? 'Renamed by the owner' : TITLE),
  },
  'POST /trip/deleteTrip': {
    request: ({ tripId }) => post('deleteTrip', { tripId }),
    expected: write({ owner: OK, accepted: refused(TRIP_TEXTS.ownerOnly), invited: refused(TRIP_TEXTS.ownerOnly) }),
    check: async ({ tripId, memories }, role) => {
      expect(await titleOf(tripId)).toBe(role === 'owner' ? null : TITLE)
      // Its memories stay, each where it was written.
      expect(await t.db.selectFrom('memories').select('id').where('id', '=', memories.secret).execute()).toHaveLength(1)
    },
  },
  "POST /trip/addTripMemory of one's own": {
    request: async (fixture, role) =>
      post('addTripMemory', { tripId: fixture.tripId, memoryId: await freeMemoryOf(fixture, role) }),
    expected: write({ owner: OK, accepted: OK, invited: refused(TRIP_TEXTS.notTravelling) }),
    check: async ({ tripId }, role, _answer, sent) =>
      expect(await tripHolding(sent.body?.memoryId as string)).toBe(
        role === 'owner' || role === 'accepted' ? tripId : null,
      ),
  },
  "POST /trip/removeTripMemory of one's own": {
    request: async (fixture, role) => {
      const inTrip = { owner: 'open', accepted: 'accepted', blocked: 'blocked' } as const
      const memoryId =
        role in inTrip ? fixture.memories[inTrip[role as keyof typeof inTrip]] : await freeMemoryOf(fixture, role)
      return post('removeTripMemory', { tripId: fixture.tripId, memoryId })
    },
    expected: write({ owner: OK, accepted: OK, invited: { status: 404, message: TRIP_TEXTS.notInTrip } }),
    check: async ({ tripId, memories }, role) => {
      expect(await tripHolding(memories.open)).toBe(role === 'owner' ? null : tripId)
      expect(await tripHolding(memories.accepted)).toBe(role === 'accepted' ? null : tripId)
    },
  },
  "POST /trip/removeTripMemory of another's": {
    request: ({ tripId, memories }, role) =>
      post('removeTripMemory', { tripId, memoryId: role === 'owner' ? memories.accepted : memories.open }),
    expected: write({ owner: OK, accepted: refused(TRIP_TEXTS.ownerOnly), invited: refused(TRIP_TEXTS.ownerOnly) }),
    check: async ({ tripId, memories }, role) => {
      expect(await tripHolding(memories.open)).toBe(tripId)
      expect(await tripHolding(memories.accepted)).toBe(role === 'owner' ? null : tripId)
    },
  },
  "POST /trip/inviteToTrip of the owner's friend": {
    request: ({ tripId, users }) => post('inviteToTrip', { tripId, userId: users.friend.userId }),
    expected: write({ owner: OK, accepted: refused(TRIP_TEXTS.ownerOnly), invited: refused(TRIP_TEXTS.ownerOnly) }),
    check: async ({ tripId, users }, role) =>
      expect(await memberStatus(tripId, users.friend.userId)).toBe(role === 'owner' ? 'invited' : null),
  },
  'POST /trip/answerTripInvite accepting': {
    request: ({ tripId }) => post('answerTripInvite', { tripId, accept: true }),
    // Without an invitation the answer is the same, trip or no trip.
    expected: write(
      { owner: { status: 404, message: TRIP_TEXTS.noInvite }, accepted: OK, invited: OK },
      { status: 404, message: TRIP_TEXTS.noInvite },
    ),
    check: async ({ tripId, users }, role) => {
      // The invited friend now travels in it; nobody else gained a place.
      expect(await memberStatus(tripId, users.invited.userId)).toBe(role === 'invited' ? 'accepted' : 'invited')
      if (role === 'owner' || role === 'friend' || role === 'stranger' || role === 'blocked')
        expect(await memberStatus(tripId, users[role].userId)).toBeNull()
    },
  },
  'POST /trip/removeTripMember leaving': {
    request: ({ tripId, users }, role) =>
      post('removeTripMember', { tripId, userId: users[role === 'visitor' ? 'accepted' : role].userId }),
    expected: write({ owner: refused(TRIP_TEXTS.ownerStays), accepted: OK, invited: OK }),
    check: async ({ tripId, users, memories }, role) => {
      expect(await memberStatus(tripId, users.accepted.userId)).toBe(role === 'accepted' ? null : 'accepted')
      expect(await memberStatus(tripId, users.invited.userId)).toBe(role === 'invited' ? null : 'invited')
      // A traveller who leaves takes their memories out of the trip.
      expect(await tripHolding(memories.accepted)).toBe(role === 'accepted' ? null : tripId)
    },
  },
  'POST /trip/removeTripMember of a traveller': {
    request: ({ tripId, users }, role) =>
      post('removeTripMember', { tripId, userId: users[role === 'accepted' ? 'invited' : 'accepted'].userId }),
    expected: write({ owner: OK, accepted: refused(TRIP_TEXTS.ownerOnly), invited: refused(TRIP_TEXTS.ownerOnly) }),
    check: async ({ tripId, users }, role) => {
      expect(await memberStatus(tripId, users.accepted.userId)).toBe(role === 'owner' ? null : 'accepted')
      expect(await memberStatus(tripId, users.invited.userId)).toBe('invited')
    },
  },
  'POST /trip/removeTripMember of the owner': {
    request: ({ tripId, users }) => post('removeTripMember', { tripId, userId: users.owner.userId }),
    expected: write({
      owner: refused(TRIP_TEXTS.ownerStays),
      accepted: refused(TRIP_TEXTS.ownerStays),
      invited: refused(TRIP_TEXTS.ownerStays),
    }),
    check: async ({ tripId }) => expect(await titleOf(tripId)).toBe(TITLE),
  },
  // The share page and its picture ignore any session: a friend's does not open a Friends trip by link.
  'GET /s/trip': {
    page: true,
    request: ({ tripId }) => ({ method: 'GET', url: `/s/trip?shareId=${tripId}` }),
    expected: (_role, visibility) => (visibility === VISIBILITY.Public ? OK : { status: 404 }),
    check: async (fixture, _role, answer) => {
      expect(answer.contentType).toMatch(/^text\/html/)
      // Its Public memories and those who travelled, never who is only invited or was blocked; else nothing of it.
      expect({ ...named(fixture, answer.text), title: answer.text.includes(TITLE) }).toEqual(
        answer.status === 200
          ? { memories: ['open', 'accepted'], travellers: ['owner', 'accepted'], title: true }
          : { memories: [], travellers: [], title: false },
      )
    },
  },
  'GET /api/image/tripMap': {
    page: true,
    request: ({ tripId }) => ({ method: 'GET', url: `/api/image/tripMap?shareId=${tripId}` }),
    expected: (_role, visibility) => (visibility === VISIBILITY.Public ? OK : NOT_FOUND),
    check: async (_fixture, _role, answer) =>
      expect(answer.contentType).toMatch(answer.status === 200 ? /^image\/png/ : /json/),
  },
}

describe.each(VISIBILITIES)('a $name trip', ({ visibility }) => {
  const users = {} as Record<Exclude<Member, 'blocked'>, TestUser>
  beforeAll(async () => {
    for (const role of ['owner', 'accepted', 'invited', 'friend', 'stranger'] as const) users[role] = await t.register()
    for (const role of ['accepted', 'invited', 'friend'] as const) await makeFriends(t, users.owner, users[role])
  })

  /** A trip of its own for one row, with a traveller of its own who joined it before the owner blocked them. */
  async function newTrip(): Promise<Fixture> {
    const all = { ...users, blocked: await t.register() }
    await makeFriends(t, all.owner, all.blocked)
    const keys = Object.keys(MEMORIES) as MemoryKey[]
    const ids = await Promise.all(
      keys.map((key) =>
        createMemory(t, all[MEMORIES[key].author], MEMORIES[key].cardId, {
          memoryStartDate: MEMORIES[key].day,
          memoryEndDate: MEMORIES[key].day,
          memoryContent: `A day of the trip, ${marker(key)}.`,
          visibility: MEMORIES[key].visibility,
        }),
      ),
    )
    const memories = Object.fromEntries(keys.map((key, index) => [key, ids[index]])) as Record<MemoryKey, string>
    const { tripId } = (await must(all.owner, '/api/trip/createTrip', {
      title: TITLE,
      visibility,
      memoryIds: [memories.secret, memories.forFriends, memories.open],
    })) as { tripId: string }
    for (const role of ['accepted', 'invited', 'blocked'] as const)
      await must(all.owner, '/api/trip/inviteToTrip', { tripId, userId: all[role].userId })
    await Promise.all(
      (['accepted', 'blocked'] as const).map(async (role) => {
        await must(all[role], '/api/trip/answerTripInvite', { tripId, accept: true })
        await must(all[role], '/api/trip/addTripMemory', { tripId, memoryId: memories[role] })
      }),
    )
    await must(all.owner, '/api/blocks/blockTraveller', { travellerId: all.blocked.userId })
    return { tripId, users: all, memories }
  }

  const rows = Object.keys(CASES).flatMap((name) => ROLES.map((role) => [name, role] as const))
  it.each(rows)('%s as %s', async (name, role) => {
    const call = CASES[name]
    if (!call) throw new Error(`no case ${name}`)
    const fixture = await newTrip()
    const token = role === 'visitor' ? undefined : fixture.users[role].token
    const expected =
      role === 'visitor' && !call.page
        ? { status: 403, message: CALL_ERROR_TEXTS.loginToPerform }
        : call.expected(role, visibility)
    const sent = await call.request(fixture, role)
    const answer = await ask(sent, token, call.page)
    expect({ status: answer.status, message: answer.message }).toEqual({
      status: expected.status,
      message: expected.message ?? answer.message,
    })
    await call.check?.(fixture, role, answer, sent)
    // An outsider learns nothing: the same request about a trip that does not exist gets the same answer.
    if (!isInsider(role) && role !== 'visitor' && expected.status === 404) {
      const unknown = await ask(await call.request({ ...fixture, tripId: crypto.randomUUID() }, role), token, call.page)
      expect({ status: unknown.status, message: unknown.message }).toEqual({
        status: answer.status,
        message: answer.message,
      })
    }
  })
})
