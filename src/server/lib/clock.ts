/** The time source; tests may pin it. */
let fixedNow: Date | null = null

export function now(): Date {
  return fixedNow ? new Date(fixedNow) : new Date()
}

export function nowIso(): string {
  return now().toISOString()
}

export function pinClock(date: Date | null): void {
  fixedNow = date
}
