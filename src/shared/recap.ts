import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, PlainDateSchema } from './common'

// A year in cards (docs/product.md#year-recap): what a traveller collected, verified, wrote and made that year, with a
// map of the year, and a share page that shows only what they made public.

/** The first year a recap can be asked for; earlier years hold nothing. */
export const RECAP_FIRST_YEAR = 2000

export const YearRecapQuerySchema = Type.Object({ year: IntegerSchema({ minimum: RECAP_FIRST_YEAR, maximum: 9999 }) })
export type YearRecapQuery = Static<typeof YearRecapQuerySchema>

export const YearRecapBodySchema = Type.Object({ year: IntegerSchema({ minimum: RECAP_FIRST_YEAR, maximum: 9999 }) })
export type YearRecapBody = Static<typeof YearRecapBodySchema>

/** A place of the year, with the card its page opens: the traveller's rarest copy's, else the place's Common card. */
export const RecapPlaceSchema = Type.Object({
  cardSetId: IdSchema,
  name: Type.String(),
  collectionName: Type.String(),
  cardId: IdSchema,
})
export type RecapPlace = Static<typeof RecapPlaceSchema>

export const RecapCountrySchema = Type.Object({ countryCode: Type.String(), name: Type.String() })
export type RecapCountry = Static<typeof RecapCountrySchema>

/** The year's longest memory by its own dates: first to last day, both counted. */
export const LongestJourneySchema = Type.Object({
  memoryId: IdSchema,
  place: Type.String(),
  startDate: PlainDateSchema,
  endDate: PlainDateSchema,
  days: IntegerSchema({ minimum: 1 }),
})
export type LongestJourney = Static<typeof LongestJourneySchema>

/** The year's longest trip, by the traveller's own memories of the year in it: first to last day, both counted. */
export const LongestTripSchema = Type.Object({
  tripId: IdSchema,
  title: Type.String(),
  startDate: PlainDateSchema,
  endDate: PlainDateSchema,
  days: IntegerSchema({ minimum: 1 }),
})
export type LongestTrip = Static<typeof LongestTripSchema>

export const YearRecapSchema = Type.Object({
  year: IntegerSchema(),
  /** Places whose first copy the traveller holds arrived this year, by name. */
  newPlaces: Type.Array(RecapPlaceSchema),
  /** Places whose visit was verified this year (by the photo's day, else the verification's), by name. */
  verifiedPlaces: Type.Array(RecapPlaceSchema),
  /** The countries of those places, by name. */
  countries: Type.Array(RecapCountrySchema),
  /** Copies held that arrived this year, by rarity: index 0 is Common, 4 Legendary. */
  cardsByRarity: Type.Array(IntegerSchema()),
  /** Memories of the year (by their start date, else the day they were written), and how many of them are Public. */
  memories: IntegerSchema(),
  publicMemories: IntegerSchema(),
  friendsMade: IntegerSchema(),
  longestJourney: Type.Union([LongestJourneySchema, Type.Null()]),
  /** Trips holding the traveller's memories of the year, and the longest of them. */
  trips: IntegerSchema(),
  longestTrip: Type.Union([LongestTripSchema, Type.Null()]),
  /** The share link's id while the traveller shares this year; null when not shared. */
  shareId: Type.Union([Type.String(), Type.Null()]),
})
export type YearRecap = Static<typeof YearRecapSchema>

export const ShareYearRecapResultSchema = Type.Object({ shareId: Type.String() })
export type ShareYearRecapResult = Static<typeof ShareYearRecapResultSchema>

export const RECAP_TEXTS = {
  futureYear: 'There is no recap of a year that has not begun yet.',
  title: (year: number) => `${year} in cards`,
  empty: (year: number) => `Nothing collected, verified or written in ${year} yet.`,
  shareHelp:
    'The link shows your places, countries and cards of the year, the count of your Public memories, and your ' +
    'longest journey if its memory is Public. Friends, trips, dates and other memories stay private.',
} as const

/** "12 new places · 3 verified visits · 4 countries · 40 cards": the year in one line, in the app and the preview. */
export function recapSentence(recap: Pick<YearRecap, 'newPlaces' | 'verifiedPlaces' | 'countries' | 'cardsByRarity'>) {
  const cards = recap.cardsByRarity.reduce((sum, count) => sum + count, 0)
  const part = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
  return [
    part(recap.newPlaces.length, 'new place', 'new places'),
    part(recap.verifiedPlaces.length, 'verified visit', 'verified visits'),
    part(recap.countries.length, 'country', 'countries'),
    part(cards, 'card', 'cards'),
  ].join(' · ')
}
