import { State } from 'country-state-city'

import { countryName, worldCountry } from './countries'
import { clockOf, coastDistanceKm, distanceKm, directionFrom, formatKm, largestRank, timeZoneAt } from './geo'
import { regionKindOf } from './regions'
import {
  choose,
  formatCoordinates,
  formatPopulation,
  listOf,
  placeSlug,
  sentence,
  shuffled,
  slugify,
  theName,
} from './text'
import type { SeedCollectionDefinition, SeedPlace } from './types'
import { cityData, MAX_CITIES_PER_COLLECTION, type WorldCity } from './worldCities'

/** A country with at least this many cities (great cities aside) gets a collection of its own. */
const OWN_COLLECTION_MIN_CITIES = 14
/** Closer than this to a coastline, a city is on the coast; farther than INLAND_KM, it is inland; between, neither is said. */
const COASTAL_KM = 6
const INLAND_KM = 60
const MAX_NEIGHBOUR_KM = 500

interface CityGroup {
  id: string
  name: string
  code: string
  subregions: string[]
  description: string
}

/** Where the cities of countries without a collection of their own go, by world-countries' subregion. */
const CITY_GROUPS: CityGroup[] = [
  {
    id: 'cities-northern-western-europe',
    name: 'Cities of Northern and Western Europe',
    code: 'NWE-C',
    subregions: ['Northern Europe', 'Western Europe'],
    description: 'From Reykjavík to Marseille: the large cities and capitals of the north and west of Europe.',
  },
  {
    id: 'cities-central-eastern-europe',
    name: 'Cities of Central and Eastern Europe',
    code: 'CEE-C',
    subregions: ['Central Europe', 'Eastern Europe'],
    description:
      'Between the Alps and the plains of Belarus: the large cities and capitals of central and eastern Europe.',
  },
  {
    id: 'cities-southern-europe',
    name: 'Cities of Southern Europe',
    code: 'SEU-C',
    subregions: ['Southern Europe'],
    description:
      'Along the Mediterranean, from Lisbon’s neighbours to Cyprus: the large cities and capitals of the south.',
  },
  {
    id: 'cities-southeast-europe',
    name: 'Cities of Southeast Europe',
    code: 'SEE-C',
    subregions: ['Southeast Europe'],
    description:
      'The Balkans and the lower Danube: the large cities and capitals from Croatia to Romania and Bulgaria.',
  },
  {
    id: 'cities-western-asia',
    name: 'Cities of Western Asia',
    code: 'WAS-C',
    subregions: ['Western Asia'],
    description: 'From the Caucasus to Arabia and the Levant: the large cities and capitals of western Asia.',
  },
  {
    id: 'cities-central-southern-asia',
    name: 'Cities of Central and South Asia',
    code: 'CSA-C',
    subregions: ['Central Asia', 'Southern Asia'],
    description: 'Silk Road oases, Himalayan capitals and the cities of the Bay of Bengal, beyond India and Pakistan.',
  },
  {
    id: 'cities-southeast-asia',
    name: 'Cities of Southeast Asia',
    code: 'SEA-C',
    subregions: ['South-Eastern Asia'],
    description: 'From Yangon to Hanoi and Kuala Lumpur’s neighbours: the large cities and capitals of Southeast Asia.',
  },
  {
    id: 'cities-east-asia',
    name: 'Cities of East Asia',
    code: 'EAS-C',
    subregions: ['Eastern Asia'],
    description: 'Taiwan, Mongolia, Hong Kong, Macau and North Korea: the large cities of East Asia beyond its giants.',
  },
  {
    id: 'cities-north-africa',
    name: 'Cities of North Africa',
    code: 'NAF-C',
    subregions: ['Northern Africa'],
    description: 'The Nile valley, the Maghreb and the Sahel’s edge: the large cities and capitals of North Africa.',
  },
  {
    id: 'cities-west-africa',
    name: 'Cities of West Africa',
    code: 'WAF-C',
    subregions: ['Western Africa'],
    description: 'From Dakar to Accra and the cities of the Sahel: the large cities and capitals of West Africa.',
  },
  {
    id: 'cities-central-africa',
    name: 'Cities of Central Africa',
    code: 'CAF-C',
    subregions: ['Middle Africa'],
    description: 'Around the Congo basin, from Luanda to N’Djamena: the large cities and capitals of Central Africa.',
  },
  {
    id: 'cities-east-southern-africa',
    name: 'Cities of East and Southern Africa',
    code: 'ESA-C',
    subregions: ['Eastern Africa', 'Southern Africa'],
    description: 'From the Horn of Africa to the Indian Ocean islands and the Kalahari: large cities and capitals.',
  },
  {
    id: 'cities-north-central-america',
    name: 'Cities of North and Central America',
    code: 'NCA-C',
    subregions: ['North America', 'Central America', 'Caribbean'],
    description: 'Central America, the Caribbean islands and the far north: their large cities and capitals.',
  },
  {
    id: 'cities-south-america',
    name: 'Cities of South America',
    code: 'SAM-C',
    subregions: ['South America'],
    description: 'From Caracas to Montevideo, beyond Brazil, Argentina and Colombia: large cities and capitals.',
  },
  {
    id: 'cities-oceania',
    name: 'Cities of Oceania',
    code: 'OCE-C',
    subregions: ['Australia and New Zealand', 'Melanesia', 'Micronesia', 'Polynesia'],
    description: 'Australia’s and New Zealand’s cities and the capitals of the Pacific islands.',
  },
]

interface PlacedCity {
  city: WorldCity
  collectionId: string
  collectionName: string
}

/** Which countries have a collection of their own, and every city that becomes a card, in population order. */
function placedCities(): { own: string[]; placed: PlacedCity[] } {
  const { citiesByCountry } = cityData()
  const fresh = new Map<string, WorldCity[]>()
  for (const [countryCode, cities] of citiesByCountry) {
    const country = worldCountry(countryCode)
    if (!country?.subregion) continue
    const list = cities
      .filter((city) => city.greatCityId === null && !isCityState(city))
      .slice(0, MAX_CITIES_PER_COLLECTION)
    if (list.length) fresh.set(countryCode, list)
  }
  const own = [...fresh.entries()]
    .filter(([, cities]) => cities.length >= OWN_COLLECTION_MIN_CITIES)
    .map(([countryCode]) => countryCode)
    .sort((a, b) => countryName(a).localeCompare(countryName(b), 'en'))
  const placed: PlacedCity[] = []
  for (const [countryCode, cities] of fresh) {
    const subregion = worldCountry(countryCode)?.subregion ?? ''
    const group = own.includes(countryCode)
      ? { id: `cities-${countryCode.toLowerCase()}`, name: `Cities of ${theName(countryName(countryCode))}` }
      : CITY_GROUPS.find((candidate) => candidate.subregions.includes(subregion))
    if (!group) continue
    for (const city of cities) placed.push({ city, collectionId: group.id, collectionName: group.name })
  }
  return { own, placed }
}

/** A capital that is the whole country (Monaco, Singapore) is already its country's card. */
function isCityState(city: WorldCity): boolean {
  const country = worldCountry(city.countryCode)
  return !!country && country.area < 1_200 && slugify(country.name.common) === slugify(city.name)
}

function regionName(city: WorldCity): string | null {
  if (!city.stateCode) return null
  return State.getStateByCodeAndCountry(city.stateCode, city.countryCode)?.name ?? null
}

/** "the state of São Paulo", "Niigata Prefecture", "Bavaria": a region named so it cannot be read as its city. */
function regionPhrase(city: WorldCity, region: string): string {
  const kind = regionKindOf(city.countryCode, city.stateCode)
  if (!kind || region.toLowerCase().includes(kind.split(' ').at(-1) ?? kind)) return region
  return `the ${kind} of ${region}`
}

export function nationalCapital(countryCode: string): WorldCity | null {
  return (
    cityData()
      .citiesByCountry.get(countryCode)
      ?.find((city) => city.isCapital) ?? null
  )
}

/** The ways a city's rank is said, so two cities of one country do not read alike. */
function rankForms(rank: number, country: string): string[] {
  const place = largestRank(rank).replace(/^the /, '')
  if (rank === 1)
    return [`the largest city of ${country}`, `${possessive(country)} largest city`, `the biggest city in ${country}`]
  return [
    `the ${place} city of ${country}`,
    `${possessive(country)} ${place} city`,
    `the ${place.replace('largest', 'biggest')} city in ${country}`,
    `number ${rank} among the cities of ${country}`,
  ]
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}’` : `${name}’s`
}

function populationForms(people: string): string[] {
  return [
    `with about ${people} people`,
    `home to about ${people} people`,
    `with some ${people} inhabitants`,
    `where about ${people} people live`,
    `a city of about ${people}`,
  ]
}

function lead(id: string, city: WorldCity, country: string, region: string | null): string {
  const { name } = city
  const people = formatPopulation(city.population)
  const rank = city.rank > 0 ? choose(id, 'rank', rankForms(city.rank, country)) : null
  const population = choose(id, 'people', populationForms(people))
  if (city.isCapital) {
    // GeoNames counts a few capitals of tiny or abandoned places at next to nobody (Plymouth, Montserrat).
    if (city.population < 1_000)
      return choose(id, 'lead', [
        `${name} is the capital of ${country}.`,
        `${sentence(country)} names ${name} as its capital.`,
      ])
    if (city.rank === 1)
      return choose(id, 'lead', [
        `${name} is the capital of ${country} and its largest city, ${population}.`,
        `With about ${people} people, ${name} is both the capital and the largest city of ${country}.`,
        `${sentence(country)} is governed from ${name}, its largest city, ${population}.`,
        `The capital of ${country}, ${name}, is also its biggest city, ${population}.`,
      ])
    return choose(id, 'lead', [
      `${name} is the capital of ${country}${rank ? `, ${rank}` : ''}, ${population}.`,
      `${sentence(country)} is governed from ${name}, ${population}${rank ? `, ${rank}` : ''}.`,
      `The seat of government of ${country} is ${name}, ${population}.`,
      `${name}, ${population}, is the capital of ${country}.`,
      `As the capital of ${country}, ${name} holds its government, ${population}.`,
    ])
  }
  const where = region && slugify(region) !== slugify(name) ? regionPhrase(city, region) : null
  const what = rank ?? `a city of ${country}`
  if (city.isRegionalCapital && where) {
    const kind = regionKindOf(city.countryCode, city.stateCode)
    const governs = kind ? `${region}, a ${kind} of ${country}` : region
    return choose(id, 'lead', [
      `${name} is the capital of ${governs} and ${what}, ${population}.`,
      `About ${people} people live in ${name}, the capital of ${region} and ${what}.`,
      `As the capital of ${governs}, ${name} is ${what}, ${population}.`,
      `${sentence(what)}, ${name} governs ${region}, ${population}.`,
      `${name}, capital of ${region}, is ${what}, ${population}.`,
    ])
  }
  return choose(id, 'lead', [
    `${name} is ${what}, ${population}${where ? `, in ${where}` : ''}.`,
    `Home to about ${people} people, ${name} ranks as ${what}.`,
    `Some ${people} people live in ${name}${where ? `, in ${where}` : ''}, which makes it ${what}.`,
    `${where ? `In ${where}, ` : ''}${name} counts about ${people} people and is ${what}.`,
    `${sentence(what)} is ${name}${where ? ` in ${where}` : ''}, ${population}.`,
    `${name}${where ? ` (${where.replace(/^the /, '')})` : ''} is ${what}, ${population}.`,
  ])
}

/** Where the city stands among those of its region: a line with names no other city's has. */
function regionRankSentence(id: string, city: WorldCity, region: string | null): string | null {
  if (!region || !city.stateCode || slugify(region) === slugify(city.name)) return null
  const peers = cityData().regionCities.get(`${city.countryCode}-${city.stateCode}`) ?? []
  const index = peers.findIndex((peer) => peer.geonameId === city.geonameId)
  if (index < 0 || peers.length < 2) return null
  const larger = peers[index - 1]
  const smaller = peers[index + 1]
  if (index === 0 && smaller)
    return choose(id, 'regionRank', [
      `It is the largest city of ${region}, ahead of ${smaller.name}.`,
      `No city of ${region} is larger; ${smaller.name} comes next.`,
      `${smaller.name} comes second to it in ${region}.`,
    ])
  if (!larger) return null
  if (index === 1)
    return choose(id, 'regionRank', [
      `Within ${region}, only ${larger.name} is larger.`,
      `It is the second city of ${region}, after ${larger.name}.`,
      `${larger.name} alone outgrows it in ${region}.`,
    ])
  return choose(id, 'regionRank', [
    `It is ${largestRank(index + 1)} city of ${region}, just behind ${larger.name}.`,
    `In ${region}, ${larger.name} is the next city larger than it.`,
    `${sentence(ordinalWord(index + 1))} in ${region}, it follows ${larger.name}${smaller ? ` and precedes ${smaller.name}` : ''}.`,
  ])
}

function ordinalWord(rank: number): string {
  return largestRank(rank)
    .replace(/^the /, '')
    .replace(/-largest$/, '')
}

function coastPhrase(city: WorldCity): 'coast' | 'inland' | null {
  const coast = coastDistanceKm(city)
  if (coast < COASTAL_KM) return 'coast'
  if (coast > INLAND_KM) return 'inland'
  return null
}

function inlandSentence(id: string, city: WorldCity): string {
  const coast = coastDistanceKm(city)
  if (coast === Infinity)
    return choose(id, 'inland', [
      'It lies inland, far from any sea.',
      'No coastline lies near it.',
      'The sea is far away from it.',
    ])
  return choose(id, 'inland', [
    `It lies inland, ${formatKm(coast)} from the nearest coast.`,
    `The nearest coast is ${formatKm(coast)} away.`,
    `The sea is ${formatKm(coast)} off.`,
  ])
}

export function whereSentence(id: string, city: WorldCity, capital: WorldCity | null): string | null {
  const coast = coastPhrase(city)
  if (!capital || capital.geonameId === city.geonameId) {
    if (coast === 'coast')
      return choose(id, 'where', ['It lies on the coast.', 'The sea is at its door.', 'It stands by the sea.'])
    if (coast === 'inland') return inlandSentence(id, city)
    return null
  }
  const km = formatKm(distanceKm(capital, city))
  const direction = directionFrom(capital, city)
  const away = `${km} ${direction} of ${capital.name}`
  if (coast === 'coast')
    return choose(id, 'where', [
      `It stands on the coast, ${away}.`,
      `A coastal city, it lies ${away}.`,
      `Its waterfront faces the sea, ${away}.`,
      `From ${capital.name}, it is ${km} ${direction} to this coastal city.`,
      `By the sea, it is ${km} from ${capital.name}, to the ${direction}.`,
    ])
  if (coast === 'inland')
    return choose(id, 'where', [
      `It lies inland, ${away}.`,
      `Far from the sea, it sits ${away}.`,
      `Its site is inland, ${away}.`,
      `Inland, ${km} separate it from ${capital.name} to the ${opposite(direction)}.`,
      `${capital.name} is ${km} away to the ${opposite(direction)}, and the sea farther still.`,
    ])
  return choose(id, 'where', [
    `It lies ${away}.`,
    `The city sits ${away}.`,
    `You find it ${away}.`,
    `${capital.name} is ${km} away, to the ${opposite(direction)}.`,
  ])
}

const OPPOSITE: Record<string, string> = {
  north: 'south',
  'north-east': 'south-west',
  east: 'west',
  'south-east': 'north-west',
  south: 'north',
  'south-west': 'north-east',
  west: 'east',
  'north-west': 'south-east',
}

/** The way back: seen from the city, the capital lies the other way. */
function opposite(direction: string): string {
  return OPPOSITE[direction] ?? direction
}

function neighbourSentence(id: string, city: WorldCity, peers: WorldCity[]): string | null {
  let nearest: WorldCity | null = null
  let best = Infinity
  for (const other of peers) {
    // The national capital has a sentence of its own (whereSentence).
    if (other.geonameId === city.geonameId || other.isCapital) continue
    const km = distanceKm(city, other)
    if (km < best) {
      best = km
      nearest = other
    }
  }
  // Farther than this, a "neighbour" is only the next island or the next country's capital.
  if (!nearest || best > MAX_NEIGHBOUR_KM) return null
  const direction = directionFrom(city, nearest)
  const km = formatKm(best)
  return choose(id, 'neighbour', [
    `Its nearest neighbour in this collection is ${nearest.name}, ${km} to the ${direction}.`,
    `${nearest.name}, ${km} to the ${direction}, is the closest city on these cards.`,
    `Of the cities in this set, ${nearest.name} is nearest: ${km} to the ${direction}.`,
    `Head ${km} ${direction} and you reach ${nearest.name}, its closest neighbour here.`,
    `${nearest.name} lies ${km} away to the ${direction}, nearer than any other city of the set.`,
  ])
}

function hoursText(minutes: number): string {
  const hours = Math.abs(minutes) / 60
  return hours === 1 ? 'an hour' : `${hours.toLocaleString('en-US')} hours`
}

function clockSentence(id: string, timeZone: string, city: WorldCity): string | null {
  // Only said where it differs from the capital's; the card page tells the traveller's own difference.
  const capital = nationalCapital(city.countryCode)
  if (!capital) return null
  const here = clockOf(timeZone)
  const there = clockOf(timeZoneAt(capital))
  const difference = here.standardMinutes - there.standardMinutes
  if (difference === 0) return null
  const way = difference > 0 ? 'ahead of' : 'behind'
  const hours = hoursText(difference)
  return choose(id, 'clock', [
    `Its clocks run ${hours} ${way} ${capital.name}.`,
    `Local time: ${here.standard}, ${hours} ${way} the capital.`,
    `It keeps ${here.standard} time.`,
  ])
}

/** For a national capital: the next capital, by name and distance, which tells apart the capitals of small islands. */
function nearestCapitalSentence(id: string, city: WorldCity): string | null {
  if (!city.isCapital) return null
  let nearest: WorldCity | null = null
  let best = Infinity
  for (const cities of cityData().citiesByCountry.values()) {
    const capital = cities.find((candidate) => candidate.isCapital)
    if (!capital || capital.geonameId === city.geonameId) continue
    const km = distanceKm(city, capital)
    if (km < best) {
      best = km
      nearest = capital
    }
  }
  if (!nearest) return null
  const country = theName(countryName(nearest.countryCode))
  return choose(id, 'nearestCapital', [
    `The nearest other capital is ${nearest.name}, in ${country}, ${formatKm(best)} to the ${directionFrom(city, nearest)}.`,
    `${nearest.name}, capital of ${country}, is the closest other capital: ${formatKm(best)} ${directionFrom(city, nearest)}.`,
  ])
}

/** For a national capital: what its country speaks and pays with, words no other capital’s text shares. */
function countrySentence(id: string, city: WorldCity): string | null {
  const country = worldCountry(city.countryCode)
  if (!country || !city.isCapital) return null
  const languages = Object.values(country.languages).slice(0, 3)
  const [currency] = Object.values(country.currencies)
  if (!languages.length || !currency) return null
  return choose(id, 'country', [
    `People speak ${listOf(languages)} and pay in the ${currency.name}.`,
    `Its shops take the ${currency.name}; ${listOf(languages)} ${languages.length > 1 ? 'are' : 'is'} spoken.`,
  ])
}

function buildCity(placed: PlacedCity, peers: WorldCity[]): SeedPlace {
  const { city } = placed
  const country = worldCountry(city.countryCode)
  if (!country) throw new Error(`Unknown country ${city.countryCode} for ${city.name}`)
  const id = `${city.countryCode.toLowerCase()}-${placeSlug(city.name)}`
  const countryLabel = theName(country.name.common)
  const region = regionName(city)
  const timeZone = timeZoneAt(city)
  const extras = [
    whereSentence(id, city, nationalCapital(city.countryCode)),
    neighbourSentence(id, city, peers),
    clockSentence(id, timeZone, city),
    regionRankSentence(id, city, region),
    countrySentence(id, city),
    nearestCapitalSentence(id, city),
  ].filter((s): s is string => !!s)
  if (extras.length < 2) extras.push(`It lies at ${formatCoordinates(city.latitude, city.longitude)}.`)
  // The lead and up to three facts: the more of its own names and numbers a text carries, the less it reads like another.
  const count = 3
  const description = [lead(id, city, countryLabel, region), ...shuffled(id, extras).slice(0, count)].join(' ')
  return {
    id,
    name: city.name,
    kind: 'city',
    description,
    countryCode: city.countryCode,
    latitude: Math.round(city.latitude * 1e4) / 1e4,
    longitude: Math.round(city.longitude * 1e4) / 1e4,
    facts: {
      geonameId: city.geonameId,
      country: country.name.common,
      state: region,
      stateKind: region ? regionKindOf(city.countryCode, city.stateCode) : null,
      population: city.population,
      rankInCountry: city.rank || null,
      isCapital: city.isCapital,
      isRegionalCapital: city.isRegionalCapital,
      timeZone,
      region: country.region,
      subregion: country.subregion,
      flag: city.countryCode.toLowerCase(),
      within: { atlas: 'world', id: country.ccn3 || country.cca2 },
    },
  }
}

/**
 * Each city's id, decided once for all collections: `{country}-{name}`, and for the smaller of two cities of one name
 * in one country, its region's name after it.
 */
function placeIds(placed: PlacedCity[]): Map<number, string> {
  const ids = new Map<number, string>()
  const used = new Set<string>()
  const byPopulation = [...placed].sort(
    (a, b) => b.city.population - a.city.population || a.city.geonameId - b.city.geonameId,
  )
  for (const { city } of byPopulation) {
    let id = `${city.countryCode.toLowerCase()}-${placeSlug(city.name)}`
    if (used.has(id)) id = `${id}-${placeSlug(regionName(city) ?? String(city.geonameId))}`
    used.add(id)
    ids.set(city.geonameId, id)
  }
  return ids
}

/** The city collections: one per country with enough large cities, the others' cities by part of the world. */
export function cityCollections(): SeedCollectionDefinition[] {
  const { own, placed } = placedCities()
  const byCollection = new Map<string, PlacedCity[]>()
  for (const entry of placed) {
    const list = byCollection.get(entry.collectionId) ?? []
    list.push(entry)
    byCollection.set(entry.collectionId, list)
  }
  const ids = placeIds(placed)
  const places = (collectionId: string) => () => {
    const entries = (byCollection.get(collectionId) ?? []).sort(
      (a, b) => b.city.population - a.city.population || a.city.geonameId - b.city.geonameId,
    )
    const peers = entries.map((entry) => entry.city)
    return entries.map((entry) => {
      const place = buildCity(entry, peers)
      place.id = ids.get(entry.city.geonameId) ?? place.id
      return place
    })
  }
  const countries = own.map((countryCode): SeedCollectionDefinition => {
    const country = worldCountry(countryCode)
    const label = theName(countryName(countryCode))
    const count = byCollection.get(`cities-${countryCode.toLowerCase()}`)?.length ?? 0
    return {
      id: `cities-${countryCode.toLowerCase()}`,
      name: `Cities of ${label}`,
      group: 'cities',
      code: `${country?.cca3 ?? countryCode}-C`,
      description: `The ${count} largest cities of ${label} beyond its great cities, from the capital to the provinces, each marked on the country’s map.`,
      places: places(`cities-${countryCode.toLowerCase()}`),
    }
  })
  const groups = CITY_GROUPS.filter((group) => byCollection.has(group.id)).map((group): SeedCollectionDefinition => ({
    id: group.id,
    name: group.name,
    group: 'cities',
    code: group.code,
    description: group.description,
    places: places(group.id),
  }))
  return [...countries, ...groups]
}
