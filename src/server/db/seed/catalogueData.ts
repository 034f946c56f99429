import { buildCountries, type ContinentCollectionId } from './catalogue/countries'
import { buildGreatCities } from './catalogue/greatCities'
import type { SeedCollection, SeedPlace } from './catalogue/types'
import { buildUsStates } from './catalogue/usStates'

export type { PlaceKind, SeedCollection, SeedPlace, ShapeRef } from './catalogue/types'

/**
 * Raise this whenever the generated catalogue changes (new places, new texts, new art):
 * the seed applies each version once, and the art cache is keyed by it.
 */
export const CATALOGUE_VERSION = 1

interface CollectionDefinition {
  id: string
  name: string
  description: string
  places: () => SeedPlace[]
}

function continent(id: ContinentCollectionId): () => SeedPlace[] {
  return () => buildCountries(id)
}

const COLLECTIONS: CollectionDefinition[] = [
  {
    id: 'great-cities',
    name: 'Great Cities of the World',
    description:
      'From Lisbon’s trams to the temples of Kyoto: 125 cities travellers dream of, each marked on the map of its country.',
    places: buildGreatCities,
  },
  {
    id: 'europe',
    name: 'Europe',
    description:
      'Every country and territory of Europe, from Iceland to the Urals, with its outline, flag and capital.',
    places: continent('europe'),
  },
  {
    id: 'asia',
    name: 'Asia',
    description:
      'The largest continent, from the Levant to Japan: its countries and territories, each with its flag and shape.',
    places: continent('asia'),
  },
  {
    id: 'africa',
    name: 'Africa',
    description: 'All the countries and territories of Africa, from the Mediterranean shore to the Cape of Good Hope.',
    places: continent('africa'),
  },
  {
    id: 'north-america',
    name: 'North and Central America',
    description:
      'From Greenland to Panama and across the Caribbean islands: the countries and territories of the north.',
    places: continent('north-america'),
  },
  {
    id: 'south-america',
    name: 'South America',
    description: 'The Andes, the Amazon and Patagonia: the countries and territories of the southern continent.',
    places: continent('south-america'),
  },
  {
    id: 'oceania',
    name: 'Oceania',
    description: 'Australia, New Zealand and the island nations scattered across the Pacific.',
    places: continent('oceania'),
  },
  {
    id: 'us-states',
    name: 'United States',
    description: 'The fifty states and the District of Columbia, each with its capital, nickname and neighbours.',
    places: buildUsStates,
  },
]

let cached: SeedCollection[] | null = null

/** The whole catalogue, built from the open-data packages; deterministic, so every build gives the same ids and words. */
export function buildCatalogue(): SeedCollection[] {
  cached ??= COLLECTIONS.map((definition, index) => ({
    id: definition.id,
    name: definition.name,
    description: definition.description,
    sortOrder: index + 1,
    places: definition.places(),
  }))
  return cached
}
