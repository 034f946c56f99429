export type PlaceKind = 'country' | 'state' | 'city'

/** Where the art finds the outline of a place: a country in world-atlas (ISO numeric) or a US state in us-atlas (FIPS). */
export interface ShapeRef {
  atlas: 'world' | 'us'
  id: string
}

export interface SeedPlace {
  /** Stable slug: 'country-pt', 'us-ca', 'pt-lisbon'. Never reuse or rename one: user cards point at it. */
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
  sortOrder: number
  places: SeedPlace[]
}
