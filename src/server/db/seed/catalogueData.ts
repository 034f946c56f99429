import { cityCollections } from './catalogue/cities'
import { buildCountries, type ContinentCollectionId } from './catalogue/countries'
import { buildGreatCities } from './catalogue/greatCities'
import { regionCollections } from './catalogue/regions'
import { tooSimilarPairs } from './catalogue/similarity'
import { reword } from './catalogue/text'
import type { SeedCollection, SeedCollectionDefinition, SeedPlace } from './catalogue/types'
import { buildUsStates } from './catalogue/usStates'

export type { CollectionGroup, PlaceKind, SeedCollection, ShapeRef, SeedPlace } from './catalogue/types'

function continent(id: ContinentCollectionId): () => SeedPlace[] {
  return () => buildCountries(id)
}

const GREAT_CITIES: SeedCollectionDefinition = {
  id: 'great-cities',
  name: 'Great Cities of the World',
  group: 'cities',
  code: 'CTY',
  description:
    'From Lisbon’s trams to the temples of Kyoto: 125 cities travellers dream of, each marked on the map of its country.',
  places: buildGreatCities,
}

const US_STATES: SeedCollectionDefinition = {
  id: 'us-states',
  name: 'United States',
  group: 'regions',
  code: 'USA',
  description: 'The fifty states and the District of Columbia, each with its capital, nickname and neighbours.',
  places: buildUsStates,
}

const CONTINENTS: SeedCollectionDefinition[] = [
  {
    id: 'europe',
    name: 'Europe',
    group: 'continents',
    code: 'EUR',
    description:
      'Every country and territory of Europe, from Iceland to the Urals, with its outline, flag and capital.',
    places: continent('europe'),
  },
  {
    id: 'asia',
    name: 'Asia',
    group: 'continents',
    code: 'ASI',
    description:
      'The largest continent, from the Levant to Japan: its countries and territories, each with its flag and shape.',
    places: continent('asia'),
  },
  {
    id: 'africa',
    name: 'Africa',
    group: 'continents',
    code: 'AFR',
    description: 'All the countries and territories of Africa, from the Mediterranean shore to the Cape of Good Hope.',
    places: continent('africa'),
  },
  {
    id: 'north-america',
    name: 'North and Central America',
    group: 'continents',
    code: 'NCA',
    description:
      'From Greenland to Panama and across the Caribbean islands: the countries and territories of the north.',
    places: continent('north-america'),
  },
  {
    id: 'south-america',
    name: 'South America',
    group: 'continents',
    code: 'SAM',
    description: 'The Andes, the Amazon and Patagonia: the countries and territories of the southern continent.',
    places: continent('south-america'),
  },
  {
    id: 'oceania',
    name: 'Oceania',
    group: 'continents',
    code: 'OCE',
    description: 'Australia, New Zealand and the island nations scattered across the Pacific.',
    places: continent('oceania'),
  },
]

/** Its country's name, for the regions of countries: they are listed in that order, the United States among them. */
function countryOrder(definition: SeedCollectionDefinition): string {
  return definition.id === 'us-states' ? 'United States' : definition.name.replace(/^.* of (the )?/, '')
}

/**
 * Every collection in catalogue order: the cities (the great cities first, which Pick opens on), then the regions of
 * countries, then the continents' countries.
 */
function definitions(): SeedCollectionDefinition[] {
  const regions = [US_STATES, ...regionCollections()].sort((a, b) =>
    countryOrder(a).localeCompare(countryOrder(b), 'en'),
  )
  return [GREAT_CITIES, ...cityCollections(), ...regions, ...CONTINENTS]
}

let cached: SeedCollection[] | null = null
/** Rounds of rewording before giving up: in practice one or two settle every pair. */
const MAX_REWORDINGS = 8

/** The seed a place's templates are chosen by: its id, or for a country its ISO code (countries.ts). */
function wordingSeed(place: SeedPlace): string {
  return place.kind === 'country' && place.countryCode ? place.countryCode : place.id
}

function build(definition: SeedCollectionDefinition, index: number): SeedCollection {
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    group: definition.group,
    code: definition.code,
    sortOrder: index + 1,
    places: definition.places(),
  }
}

/**
 * The whole catalogue, built from the open-data packages; deterministic, so every build gives the same ids and words.
 * A place whose description shares more than half of its three-word sequences with another's is worded again with
 * other templates, the later place of each pair, until none does.
 */
export function buildCatalogue(): SeedCollection[] {
  if (cached) return cached
  const all = definitions()
  const built = all.map(build)
  for (let round = 0; ; round += 1) {
    const places = built.flatMap((collection) => collection.places)
    const pairs = tooSimilarPairs(places.map((place) => place.description))
    if (!pairs.length) break
    if (round === MAX_REWORDINGS) throw new Error(`${pairs.length} descriptions still read alike after rewording`)
    const reworded = new Set<string>()
    for (const { b } of pairs) {
      const place = places[b]
      if (!place || reworded.has(place.id)) continue
      reworded.add(place.id)
      reword(wordingSeed(place))
    }
    // Only the collections of reworded places are built again.
    built.forEach((collection, index) => {
      const definition = all[index]
      if (definition && collection.places.some((place) => reworded.has(place.id)))
        built[index] = build(definition, index)
    })
  }
  const seen = new Set<string>()
  for (const place of built.flatMap((collection) => collection.places)) {
    // A place id is a card id's stem that users own: two places must never share one.
    if (seen.has(place.id)) throw new Error(`Two places of the catalogue have the id ${place.id}`)
    seen.add(place.id)
  }
  cached = built
  return cached
}
