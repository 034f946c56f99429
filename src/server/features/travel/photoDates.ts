import { now } from '../../lib/clock'

/**
 * A capture date later than tomorrow (UTC) cannot be true anywhere on Earth: the camera's clock is wrong or the date
 * was written by hand, and the location beside it is no proof.
 */
export function isInFuture(takenOn: string): boolean {
  const tomorrow = new Date(now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  return takenOn > tomorrow
}
