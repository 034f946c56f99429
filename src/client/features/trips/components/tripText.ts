import type { TripPlace, TripSummary } from '@shared/trips'

/** A journey's days as the app writes dates: one day, or first – last. */
export function journeyDays(start: string | null, end: string | null): string {
  if (!start) return 'No dates yet'
  return !end || end === start ? start : `${start} – ${end}`
}

/** The places in the order travelled: "Lisbon → Porto". */
export function routeLine(places: readonly TripPlace[]): string {
  return places.map((place) => place.name).join(' → ')
}

/** Who may see a trip, said as a traveller would. */
export const TRIP_VISIBILITY_HELP =
  'Each memory keeps its own visibility: people see the trip as its visibility allows, and in it only the memories they may see.'

/** A trip's line under its title in a list: dates, places and how many memories. */
export function tripFacts(trip: Pick<TripSummary, 'startDate' | 'endDate' | 'memoryCount'>): string {
  const memories = trip.memoryCount === 1 ? '1 memory' : `${trip.memoryCount} memories`
  return `${journeyDays(trip.startDate, trip.endDate)} · ${memories}`
}
