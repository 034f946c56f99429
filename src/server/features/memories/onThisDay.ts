import type { Kysely } from 'kysely'

import { ON_THIS_DAY_MAX, yearsSinceSameDay, type OnThisDay } from '@shared/onThisDay'
import { ON_THIS_DAY_TEXTS, yearsAgoToday } from '@shared/onThisDayTexts'

import type { Database } from '../../db/schema'
import { now } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'

import * as queries from './onThisDay.queries'
import { hydrateMemories } from './readModel'

const DAY_MS = 86_400_000

/** A memory of the traveller's that comes back today, before it is filled in. */
export interface ReturningMemory {
  memoryId: string
  yearsAgo: number
  startDate: string
  /** The name of the memory's place. */
  place: string
}

/**
 * The author's memories whose days take in `today`'s day and month in an earlier year, the most recent years first
 * (then the latest begun), at most ON_THIS_DAY_MAX.
 */
export async function findReturningMemories(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<ReturningMemory[]> {
  const candidates = await queries.listDatedMemoriesBefore(db, userId, `${today.slice(0, 4)}-01-01`)
  return candidates
    .flatMap(({ id, startDate, endDate, place }) => {
      const yearsAgo = yearsSinceSameDay(today, startDate, endDate)
      return yearsAgo === null ? [] : [{ memoryId: id, yearsAgo, startDate, place }]
    })
    .sort((a, b) => a.yearsAgo - b.yearsAgo || b.startDate.localeCompare(a.startDate))
    .slice(0, ON_THIS_DAY_MAX)
}

/** getOnThisDay: the viewer's own returning memories, as the feed shows them. */
export async function getOnThisDay(
  db: Kysely<Database>,
  signer: PictureSigner,
  userId: string,
  today: string,
): Promise<OnThisDay> {
  if (!isTodaySomewhere(today)) throw new AppError('BadRequest', ON_THIS_DAY_TEXTS.badToday)
  const returning = await findReturningMemories(db, userId, today)
  const memories = await hydrateMemories(
    db,
    signer,
    userId,
    returning.map((found) => found.memoryId),
  )
  const byId = new Map(memories.map((memory) => [memory.memoryId, memory]))
  return {
    today,
    memories: returning.flatMap(({ memoryId, yearsAgo }) => {
      const memory = byId.get(memoryId)
      return memory ? [{ yearsAgo, memory }] : []
    }),
  }
}

/** A real calendar day that is today in some time zone (UTC−12 to UTC+14): the server's UTC date, or a day either side. */
function isTodaySomewhere(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return false
  const utcToday = Date.parse(`${now().toISOString().slice(0, 10)}T00:00:00Z`)
  return Math.abs(parsed.getTime() - utcToday) <= DAY_MS
}

/** The daily e-mail's On This Day lines: "3 years ago today: Lisbon", each opening its memory. */
export function returningMemoryLines(db: Kysely<Database>) {
  return async (userId: string, day: string) =>
    (await findReturningMemories(db, userId, day)).map(({ memoryId, yearsAgo, place }) => ({
      title: yearsAgoToday(yearsAgo, place),
      content: '',
      link: `/viewMemory/${encodeURIComponent(memoryId)}`,
    }))
}
