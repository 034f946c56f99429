import crypto from 'node:crypto'

import { VISIBILITY } from '@shared/constants'
import type { Trip, TripSummary } from '@shared/trips'
import { API_KEY, type TestApp, type TestUser } from '@test/helpers/server'

import { createMemory, makeFriends } from '../memories/fixtures'

/** What the trips suites share: their calls, a trip travelled together, and what the database holds of one. */

export function postTrip<T = null>(t: TestApp, user: TestUser, call: string, body: unknown) {
  return t.call<T>('POST', `/api/trip/${call}`, { token: user.token, body })
}

export function tripAs(t: TestApp, user: TestUser, tripId: string) {
  return t.call<Trip>('GET', `/api/trip/getTrip?tripId=${tripId}`, { token: user.token })
}

export async function myTrips(t: TestApp, user: TestUser): Promise<TripSummary[]> {
  const { status, body } = await t.call<TripSummary[]>('GET', '/api/trip/getMyTrips', { token: user.token })
  if (status !== 200) throw new Error(`getMyTrips failed: ${JSON.stringify(body)}`)
  return body.data
}

/** An answer as a test compares it: its status and its message. */
export function answer({ status, body }: { status: number; body: { metadata: { message: string } } }) {
  return { status, message: body.metadata.message }
}

/** A memory through the API, on one day; its text names its card, so an answer that shows it can be told. */
export function memoryOn(
  t: TestApp,
  user: TestUser,
  cardId: string,
  day: string,
  visibility: number = VISIBILITY.Public,
) {
  return createMemory(t, user, cardId, {
    memoryStartDate: day,
    memoryEndDate: day,
    memoryContent: `${cardId} on ${day}`,
    visibility,
  })
}

export async function newTrip(
  t: TestApp,
  owner: TestUser,
  memoryIds: string[] = [],
  visibility: number = VISIBILITY.Public,
): Promise<string> {
  const { status, body } = await postTrip<{ tripId: string }>(t, owner, 'createTrip', {
    title: 'Iberian spring',
    visibility,
    memoryIds,
  })
  if (status !== 200) throw new Error(`createTrip failed: ${JSON.stringify(body)}`)
  return body.data.tripId
}

async function must(request: Promise<{ status: number; body: unknown }>): Promise<void> {
  const { status, body } = await request
  if (status !== 200) throw new Error(`expected 200, got ${status}: ${JSON.stringify(body)}`)
}

/** The owner's friend, invited to the trip (and, unless `accept` is false, travelling in it). */
export async function joinTrip(t: TestApp, owner: TestUser, friend: TestUser, tripId: string, accept = true) {
  await makeFriends(t, owner, friend)
  await must(postTrip(t, owner, 'inviteToTrip', { tripId, userId: friend.userId }))
  if (accept) await must(postTrip(t, friend, 'answerTripInvite', { tripId, accept: true }))
}

/** The traveller adds their memory to the trip, which must succeed. */
export function addMemory(t: TestApp, user: TestUser, tripId: string, memoryId: string): Promise<void> {
  return must(postTrip(t, user, 'addTripMemory', { tripId, memoryId }))
}

export function block(t: TestApp, by: TestUser, travellerId: string) {
  return t.call<null>('POST', '/api/blocks/blockTraveller', { token: by.token, body: { travellerId } })
}

/** The trip holding the memory, as stored, or null. */
export async function tripHolding(t: TestApp, memoryId: string): Promise<string | null> {
  const held = await t.db
    .selectFrom('trip_memories')
    .select('trip_id')
    .where('memory_id', '=', memoryId)
    .executeTakeFirst()
  return held?.trip_id ?? null
}

/** The traveller's standing in the trip, as stored: invited, accepted, or null without a place. */
export async function placeIn(t: TestApp, tripId: string, userId: string): Promise<string | null> {
  const row = await t.db
    .selectFrom('trip_members')
    .select('status')
    .where('trip_id', '=', tripId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.status ?? null
}

/**
 * `count` memories of the traveller written straight into the database, each on a copy of its own: a cap of hundreds
 * is reached without hundreds of API calls. Returns their ids.
 */
export async function insertMemories(t: TestApp, user: TestUser, cardId: string, count: number): Promise<string[]> {
  const at = new Date().toISOString()
  const rows = Array.from({ length: count }, () => ({ memoryId: crypto.randomUUID(), copyId: crypto.randomUUID() }))
  await t.db
    .insertInto('user_cards')
    .values(
      rows.map(({ copyId }) => ({
        id: copyId,
        user_id: user.userId,
        card_id: cardId,
        acquisition: 'pick',
        transaction_id: null,
        created_at: at,
      })),
    )
    .execute()
  await t.db
    .insertInto('memories')
    .values(
      rows.map(({ memoryId, copyId }) => ({
        id: memoryId,
        user_id: user.userId,
        user_card_id: copyId,
        start_date: '2025-06-01',
        end_date: '2025-06-01',
        content: '',
        visibility: VISIBILITY.Public,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute()
  return rows.map(({ memoryId }) => memoryId)
}

/** A request of an access matrix row: a call, a share page or a picture. */
export interface SentRequest {
  method: 'GET' | 'POST'
  url: string
  body?: Record<string, unknown>
}

/** What a matrix row checks of an answer: JSON calls give a message and data, pages and pictures their text. */
export interface RawAnswer {
  status: number
  message?: string
  data?: unknown
  text: string
  contentType: string
}

/** Asks as the app does; a page or picture (`page`) as a browser or a crawler does, without the api key. */
export async function askRaw(t: TestApp, sent: SentRequest, token?: string, page = false): Promise<RawAnswer> {
  const response = await t.app.inject({
    method: sent.method,
    url: sent.url,
    headers: { ...(page ? {} : { 'x-api-key': API_KEY }), ...(token ? { 'x-auth-key': token } : {}) },
    ...(sent.body ? { payload: sent.body } : {}),
  })
  const contentType = response.headers['content-type'] ?? ''
  const json = contentType.includes('json') ? response.json<{ metadata: { message: string }; data: unknown }>() : null
  return {
    status: response.statusCode,
    message: json?.metadata.message,
    data: json?.data,
    text: response.body,
    contentType,
  }
}

/** A POST that must succeed, answering its data. */
export async function postOk(t: TestApp, user: TestUser, url: string, body: Record<string, unknown>): Promise<unknown> {
  const answer = await askRaw(t, { method: 'POST', url, body }, user.token)
  if (answer.status !== 200) throw new Error(`${url} failed: ${answer.text}`)
  return answer.data
}
