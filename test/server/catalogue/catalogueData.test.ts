import { buildCatalogue } from '@server/db/seed/catalogueData'

const EXPECTED_PLACES: Record<string, number> = {
  'great-cities': 125,
  europe: 53,
  asia: 50,
  africa: 59,
  'north-america': 42,
  'south-america': 14,
  oceania: 27,
  'us-states': 51,
}

/** Sentence ends: a full stop, question or exclamation mark followed by a space and a capital or digit. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9ÀÁÅÉÍÖÜ])/u)
}

describe('buildCatalogue', () => {
  const catalogue = buildCatalogue()
  const places = catalogue.flatMap((collection) => collection.places)

  it('has at least 6 collections and 400 places, with the expected count in each collection', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(6)
    expect(places.length).toBeGreaterThanOrEqual(400)
    expect(Object.fromEntries(catalogue.map((c) => [c.id, c.places.length]))).toEqual(EXPECTED_PLACES)
  })

  it('gives every place a unique, stable id', () => {
    expect(new Set(places.map((p) => p.id)).size).toBe(places.length)
    expect(places.map((p) => p.id)).toEqual(expect.arrayContaining(['country-pt', 'us-ca', 'pt-lisbon', 'jp-kyoto']))
  })

  it('writes a different description of 2 to 4 sentences for every place', () => {
    expect(new Set(places.map((p) => p.description)).size).toBe(places.length)
    for (const place of places) {
      const count = sentencesOf(place.description).length
      if (count < 2 || count > 4) throw new Error(`${place.id} has ${count} sentences: ${place.description}`)
      expect(place.description).toContain(place.name)
      expect(place.description).not.toMatch(/undefined|null|NaN|\s{2}|\.\./)
    }
  })

  it('keeps what the art needs in every place: kind, position, flag and outline', () => {
    for (const place of places) {
      expect(['country', 'state', 'city']).toContain(place.kind)
      expect(typeof place.facts.flag).toBe('string')
      expect(place.facts.shape).toEqual({ atlas: expect.stringMatching(/^(world|us)$/), id: expect.any(String) })
      expect(place.latitude).toEqual(expect.any(Number))
      expect(place.longitude).toEqual(expect.any(Number))
    }
  })

  it('builds the same catalogue every time', () => {
    const again = buildCatalogue()
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue))
  })
})
