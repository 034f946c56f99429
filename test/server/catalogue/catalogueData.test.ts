import fs from 'node:fs'
import path from 'node:path'

import { tooSimilarPairs } from '@server/db/seed/catalogue/similarity'
import { buildCatalogue } from '@server/db/seed/catalogueData'

/** The collections of catalogue version 1 keep exactly their places: users own their cards. */
const VERSION_1_PLACES: Record<string, number> = {
  'great-cities': 125,
  europe: 53,
  asia: 50,
  africa: 59,
  'north-america': 42,
  'south-america': 14,
  oceania: 27,
  'us-states': 51,
}
/** A collection a collector can finish. */
const MOST_PLACES_IN_A_COLLECTION = 130

/** Every place id ever shipped, one a line; a new catalogue version appends its new ids and never removes one. */
const SHIPPED_IDS = fs
  .readFileSync(path.join(__dirname, 'shippedPlaceIds.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))

/** Sentence ends: a full stop, question or exclamation mark followed by a space and a capital or digit. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[\p{Lu}\d])/u)
}

describe('buildCatalogue', () => {
  const catalogue = buildCatalogue()
  const places = catalogue.flatMap((collection) => collection.places)

  it('has at least 2,000 places in collections a collector can finish, version 1’s collections unchanged', () => {
    expect(places.length).toBeGreaterThanOrEqual(2000)
    const sizes = Object.fromEntries(catalogue.map((c) => [c.id, c.places.length]))
    expect(sizes).toMatchObject(VERSION_1_PLACES)
    expect(Object.entries(sizes).filter(([, size]) => size < 1 || size > MOST_PLACES_IN_A_COLLECTION)).toEqual([])
  })

  it('groups collections into cities, regions of at least 12 countries, and continents', () => {
    const groups = new Set(catalogue.map((collection) => collection.group))
    expect(groups).toEqual(new Set(['cities', 'regions', 'continents']))
    const regionCountries = new Set(
      catalogue
        .filter((collection) => collection.group === 'regions')
        .map((collection) => collection.places[0]?.countryCode),
    )
    expect(regionCountries.size).toBeGreaterThanOrEqual(12)
    for (const countryCode of ['CA', 'IN', 'BR', 'US']) expect(regionCountries.has(countryCode)).toBe(true)
    expect(catalogue[0]?.id).toBe('great-cities')
    expect(new Set(catalogue.map((collection) => collection.code)).size).toBe(catalogue.length)
  })

  it('gives every place a unique id and keeps every id ever shipped', () => {
    const ids = new Set(places.map((p) => p.id))
    expect(ids.size).toBe(places.length)
    expect(SHIPPED_IDS.filter((id) => !ids.has(id))).toEqual([])
    // A new place must be added to the list, so the next version keeps it too.
    expect([...ids].filter((id) => !SHIPPED_IDS.includes(id))).toEqual([])
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('writes 2 to 4 sentences for every place, naming it, without phone codes or web domains', () => {
    for (const place of places) {
      const count = sentencesOf(place.description).length
      if (count < 2 || count > 4) throw new Error(`${place.id} has ${count} sentences: ${place.description}`)
      expect(place.description).toContain(place.name)
      expect(place.description).not.toMatch(/undefined|null|NaN|\[object|\s{2}|\.\.|,,| ,|\.,/)
      expect(place.description).not.toMatch(/phone|web address|calling code|domain/i)
    }
  })

  it('writes no two descriptions that share more than half of their three-word sequences', () => {
    const pairs = tooSimilarPairs(places.map((place) => place.description)).map(
      ({ a, b, shared, of }) => `${places[a]?.id} / ${places[b]?.id}: ${shared} of ${of}`,
    )
    expect(pairs).toEqual([])
  })

  it('keeps what the map, the art and the progress need in every place', () => {
    for (const place of places) {
      expect(['country', 'state', 'city']).toContain(place.kind)
      expect(typeof place.facts.flag).toBe('string')
      expect(place.facts.timeZone).toMatch(/^[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$|^Etc\//)
      expect(place.latitude).toEqual(expect.any(Number))
      expect(place.longitude).toEqual(expect.any(Number))
      const outline = { atlas: expect.stringMatching(/^(world|us)$/), id: expect.any(String) }
      if (place.kind === 'country' || (place.kind === 'state' && place.id.startsWith('us-'))) {
        expect(place.facts.shape).toEqual(outline)
      } else {
        // Below the country: its country's code, and the outline it is marked on.
        expect(place.countryCode).toMatch(/^[A-Z]{2}$/)
        expect(place.facts.shape).toBeUndefined()
        expect(place.facts.within).toEqual(outline)
      }
    }
  })

  it('builds the same catalogue every time', () => {
    const again = buildCatalogue()
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue))
  })
})

describe('tooSimilarPairs', () => {
  it('finds texts that share more than half of their three-word sequences, and only those', () => {
    const texts = [
      'Lyon is the third-largest city of France, with about 520,000 people.',
      'Lille is the third-largest city of France, with about 230,000 people.',
      'Kyoto was the capital of Japan for more than a thousand years.',
    ]
    expect(tooSimilarPairs(texts)).toEqual([{ a: 0, b: 1, shared: 6, of: 9 }])
    expect(tooSimilarPairs(texts.slice(1))).toEqual([])
  })
})
