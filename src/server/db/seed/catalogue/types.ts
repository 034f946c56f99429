export type PlaceKind = 'country' | 'state' | 'city'

/** How /cardCollections groups collections: cities, the regions of countries, the countries of continents. */
export type CollectionGroup = 'cities' | 'regions' | 'continents'

/**
 * An outline in the atlases the art draws from: a country in world-atlas (ISO numeric) or a US state in us-atlas (FIPS).
 * In a place's facts, `shape` is the place's own outline (countries, US states) and `within` the outline of the country
 * a place without one of its own lies in (cities, other regions), on which its card marks its position.
 */
export interface ShapeRef {
  atlas: 'world' | 'us'
  id: string
}

export interface SeedPlace {
  /** Stable slug: 'country-pt', 'us-ca', 'pt-lisbon', 'region-ca-on'. Never reuse or rename one: user cards point at it. */
  id: string
  name: string
  kind: PlaceKind
  description: string
  countryCode: string | null
  latitude: number | null
  longitude: number | null
  facts: Record<string, unknown>
}

export interface SeedCollection {
  id: string
  name: string
  description: string
  group: CollectionGroup
  /** Printed on each card before its number in the collection ("EUR 041/053"). */
  code: string
  sortOrder: number
  places: SeedPlace[]
}

/** A collection before it is built: its places are read from the open-data packages only when needed. */
export interface SeedCollectionDefinition extends Omit<SeedCollection, 'sortOrder' | 'places'> {
  places: () => SeedPlace[]
}
