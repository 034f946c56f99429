import { Type, type Static } from 'typebox'

import { IntegerSchema, PlainDateSchema } from './common'
import { MemorySchema } from './memories'

// On This Day (docs/product.md#on-this-day): the traveller's own memories whose dates take in today's day and month
// in an earlier year come back at the top of the feed and in the daily e-mail.

/** `today` is the traveller's own calendar day (the device's), within a day of the server's UTC date. */
export const OnThisDayQuerySchema = Type.Object({ today: PlainDateSchema })
export type OnThisDayQuery = Static<typeof OnThisDayQuerySchema>

/** At most this many memories come back on one day: the most recent years first. */
export const ON_THIS_DAY_MAX = 5

export const OnThisDayMemorySchema = Type.Object({
  /** Whole years from the memory's matching day to today: at least 1. */
  yearsAgo: IntegerSchema({ minimum: 1 }),
  memory: MemorySchema,
})
export type OnThisDayMemory = Static<typeof OnThisDayMemorySchema>

/** Most recent first; empty on a day with nothing to recall. */
export const OnThisDaySchema = Type.Object({
  today: PlainDateSchema,
  memories: Type.Array(OnThisDayMemorySchema),
})
export type OnThisDay = Static<typeof OnThisDaySchema>

/**
 * The latest earlier year in which the memory's days (start to end, or the start alone) take in today's month and
 * day, as a count of years before today; null when none does. A memory of 29 February comes back on 28 February in
 * the years without one.
 */
export function yearsSinceSameDay(today: string, startDate: string, endDate: string | null): number | null {
  const year = Number(today.slice(0, 4))
  const monthDay = today.slice(5)
  const end = endDate && endDate >= startDate ? endDate : startDate
  const firstYear = Number(startDate.slice(0, 4))
  for (let candidate = Math.min(Number(end.slice(0, 4)), year - 1); candidate >= firstYear; candidate -= 1) {
    const days = [`${pad(candidate)}-${monthDay}`]
    if (monthDay === '02-28' && !isLeapYear(year)) days.push(`${pad(candidate)}-02-29`)
    if (days.some((day) => day >= startDate && day <= end)) return year - candidate
  }
  return null
}

function pad(year: number): string {
  return String(year).padStart(4, '0')
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}
