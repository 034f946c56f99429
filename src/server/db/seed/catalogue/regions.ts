import { State } from 'country-state-city'

import { worldCountry } from './countries'
import {
  clockOf,
  coastDistanceKm,
  directionFrom,
  distanceKm,
  formatKm,
  largestRank,
  partOf,
  timeZoneAt,
  type Point,
} from './geo'
import { choose, formatCoordinates, formatPopulation, listOf, shuffled, slugify, theName } from './text'
import type { SeedCollectionDefinition, SeedPlace } from './types'
import { cityData, type WorldCity } from './worldCities'

/** One country whose first-level regions form a collection, as country-state-city lists them. */
interface RegionCountry {
  countryCode: string
  /** What each region is called, singular; `kinds` names the exceptions by ISO code. */
  kind: string
  kinds?: Record<string, string>
  name: string
  description: string
  /** country-state-city also lists provinces or territories that are not first-level regions: only these codes. */
  only?: (isoCode: string) => boolean
}

const REGION_COUNTRIES: RegionCountry[] = [
  {
    countryCode: 'AR',
    kind: 'province',
    kinds: { C: 'autonomous city' },
    name: 'Provinces of Argentina',
    description: 'The 23 provinces of Argentina and its capital city, from the Puna of Jujuy to Tierra del Fuego.',
  },
  {
    countryCode: 'AU',
    kind: 'state',
    kinds: { ACT: 'territory', NT: 'territory' },
    name: 'States and Territories of Australia',
    description: 'Australia’s six states and two mainland territories, from the Top End to Tasmania.',
  },
  {
    countryCode: 'BR',
    kind: 'state',
    kinds: { DF: 'federal district' },
    name: 'States of Brazil',
    description: 'The 26 states of Brazil and its Federal District, from the Amazon to the pampas of the south.',
  },
  {
    countryCode: 'CA',
    kind: 'province',
    kinds: { NT: 'territory', NU: 'territory', YT: 'territory' },
    name: 'Provinces and Territories of Canada',
    description: 'Canada’s ten provinces and three northern territories, from Newfoundland to the Yukon.',
  },
  {
    countryCode: 'CL',
    kind: 'region',
    name: 'Regions of Chile',
    description: 'The sixteen regions of Chile, strung along the Andes from the Atacama Desert to Magallanes.',
  },
  {
    countryCode: 'CN',
    kind: 'province',
    kinds: {
      BJ: 'municipality',
      SH: 'municipality',
      TJ: 'municipality',
      CQ: 'municipality',
      GX: 'autonomous region',
      NM: 'autonomous region',
      NX: 'autonomous region',
      XJ: 'autonomous region',
      XZ: 'autonomous region',
    },
    name: 'Provinces of China',
    description: 'The provinces, autonomous regions and great municipalities of mainland China.',
    // Hong Kong and Macau are cards of their own in Asia; Taiwan is listed there as a territory.
    only: (isoCode) => !['HK', 'MO', 'TW'].includes(isoCode),
  },
  {
    countryCode: 'CO',
    kind: 'department',
    kinds: { DC: 'capital district' },
    name: 'Departments of Colombia',
    description: 'The 32 departments of Colombia and Bogotá’s capital district, from the Caribbean to the Amazon.',
  },
  {
    countryCode: 'DE',
    kind: 'state',
    kinds: { BE: 'city-state', HB: 'city-state', HH: 'city-state' },
    name: 'States of Germany',
    description: 'The sixteen Länder of Germany, from the North Sea islands to the Bavarian Alps.',
  },
  {
    countryCode: 'EG',
    kind: 'governorate',
    name: 'Governorates of Egypt',
    description: 'The governorates of Egypt, along the Nile, its delta, the deserts and the Red Sea coast.',
  },
  {
    countryCode: 'ES',
    kind: 'autonomous community',
    kinds: { CE: 'autonomous city', ML: 'autonomous city' },
    name: 'Autonomous Communities of Spain',
    description: 'The seventeen autonomous communities of Spain and its two cities on the African coast.',
    only: (isoCode) =>
      [
        'AN',
        'AR',
        'AS',
        'PM',
        'PV',
        'CN',
        'CB',
        'CL',
        'CM',
        'CT',
        'EX',
        'GA',
        'RI',
        'MD',
        'MC',
        'NC',
        'VC',
        'CE',
        'ML',
      ].includes(isoCode),
  },
  {
    countryCode: 'FR',
    kind: 'region',
    name: 'Regions of France',
    description: 'The thirteen regions of metropolitan France, from Brittany’s coast to Corsica.',
    only: (isoCode) => /^[A-Z]{3}$/.test(isoCode) || isoCode === '20R',
  },
  {
    countryCode: 'ID',
    kind: 'province',
    kinds: { JK: 'special capital region', YO: 'special region', AC: 'special region' },
    name: 'Provinces of Indonesia',
    description: 'The provinces of Indonesia, an archipelago stretching from Aceh to Papua.',
  },
  {
    countryCode: 'IN',
    kind: 'state',
    kinds: {
      AN: 'union territory',
      CH: 'union territory',
      DH: 'union territory',
      DL: 'union territory',
      JK: 'union territory',
      LA: 'union territory',
      LD: 'union territory',
      PY: 'union territory',
    },
    name: 'States and Union Territories of India',
    description: 'India’s 28 states and its union territories, from Ladakh to Kerala and the Andaman Islands.',
  },
  {
    countryCode: 'IT',
    kind: 'region',
    name: 'Regions of Italy',
    description: 'The twenty regions of Italy, from the Aosta Valley to Sicily and Sardinia.',
    only: (isoCode) => /^\d+$/.test(isoCode),
  },
  {
    countryCode: 'JP',
    kind: 'prefecture',
    kinds: { '13': 'metropolis' },
    name: 'Prefectures of Japan',
    description: 'The 47 prefectures of Japan, from Hokkaidō’s snows to the islands of Okinawa.',
  },
  {
    countryCode: 'KE',
    kind: 'county',
    name: 'Counties of Kenya',
    description: 'The 47 counties of Kenya, from the shores of Lake Victoria to the Indian Ocean coast.',
  },
  {
    countryCode: 'KR',
    kind: 'province',
    kinds: {
      '11': 'special city',
      '26': 'metropolitan city',
      '27': 'metropolitan city',
      '28': 'metropolitan city',
      '29': 'metropolitan city',
      '30': 'metropolitan city',
      '31': 'metropolitan city',
      '49': 'special self-governing province',
      '50': 'special self-governing city',
    },
    name: 'Provinces and Cities of South Korea',
    description: 'South Korea’s provinces and its great metropolitan cities, from Seoul to Jeju.',
  },
  {
    countryCode: 'MX',
    kind: 'state',
    kinds: { CDMX: 'federal entity' },
    name: 'States of Mexico',
    description: 'The 31 states of Mexico and its capital, from Baja California to the Yucatán.',
  },
  {
    countryCode: 'NG',
    kind: 'state',
    kinds: { FC: 'federal territory' },
    name: 'States of Nigeria',
    description: 'Nigeria’s 36 states and the Federal Capital Territory of Abuja.',
  },
  {
    countryCode: 'NZ',
    kind: 'region',
    kinds: { CIT: 'island territory' },
    name: 'Regions of New Zealand',
    description: 'The regions of New Zealand on both main islands, and the far-off Chatham Islands.',
  },
  {
    countryCode: 'PE',
    kind: 'region',
    kinds: { CAL: 'constitutional province' },
    name: 'Regions of Peru',
    description: 'The regions of Peru, from the Pacific desert over the Andes to the Amazon rainforest.',
  },
  {
    countryCode: 'PL',
    kind: 'voivodeship',
    name: 'Voivodeships of Poland',
    description: 'The sixteen voivodeships of Poland, from the Baltic coast to the Tatra Mountains.',
  },
  {
    countryCode: 'ZA',
    kind: 'province',
    name: 'Provinces of South Africa',
    description: 'The nine provinces of South Africa, from the Limpopo to the Cape of Good Hope.',
  },
]

const byCountry = new Map(REGION_COUNTRIES.map((entry) => [entry.countryCode, entry]))

/** What a first-level region of a country with a region collection is called ("province", "metropolitan city"). */
export function regionKindOf(countryCode: string, stateCode: string | null): string | null {
  const entry = byCountry.get(countryCode)
  if (!entry) return null
  return (stateCode && entry.kinds?.[stateCode]) ?? entry.kind
}

function plural(kind: string): string {
  if (kind.endsWith('y')) return `${kind.slice(0, -1)}ies`
  return `${kind}s`
}

interface Region {
  isoCode: string
  name: string
  latitude: number
  longitude: number
}

function regionsOf(entry: RegionCountry): Region[] {
  return State.getStatesOfCountry(entry.countryCode)
    .filter((state) => !entry.only || entry.only(state.isoCode))
    .map((state) => ({
      isoCode: state.isoCode,
      name: state.name,
      latitude: Number(state.latitude),
      longitude: Number(state.longitude),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
}

const ADJECTIVE: Record<string, string> = {
  north: 'northern',
  'north-east': 'north-eastern',
  east: 'eastern',
  'south-east': 'south-eastern',
  south: 'southern',
  'south-west': 'south-western',
  west: 'western',
  'north-west': 'north-western',
  centre: 'central',
}

/** "the north-east of Brazil", "north-eastern Brazil", "Brazil’s north-east". */
function whereForms(part: string, country: string): string[] {
  const adjective = ADJECTIVE[part] ?? 'central'
  const bare = country.replace(/^the /, '')
  const possessive = `${country}${country.endsWith('s') ? '’' : '’s'}`
  return [`the ${part} of ${country}`, `${adjective} ${bare}`, `${possessive} ${part}`]
}

function lead(id: string, region: Region, kind: string, country: string, part: string, capital: WorldCity | null) {
  const where = choose(id, 'where', whereForms(part, country))
  const ownCapital = capital && slugify(capital.name) !== slugify(region.name) ? capital.name : null
  if (capital && !ownCapital)
    return choose(id, 'lead', [
      `${region.name} is a ${kind} in ${where}, governed from the city of the same name.`,
      `In ${where} lies ${region.name}, a ${kind} named after its capital city.`,
      `The ${kind} of ${region.name}, in ${where}, shares its name with its capital.`,
    ])
  if (!ownCapital)
    return choose(id, 'lead', [
      `${region.name} is a ${kind} in ${where}.`,
      `In ${where} lies ${region.name}, a ${kind} of the country.`,
      `${region.name} is one of the ${kind}s of ${country}, in ${where}.`.replace(/ys of /, 'ies of '),
    ])
  return choose(id, 'lead', [
    `${region.name} is a ${kind} in ${where}, governed from ${ownCapital}.`,
    `${ownCapital} is the capital of ${region.name}, a ${kind} in ${where}.`,
    `In ${where} lies ${region.name}, a ${kind} whose capital is ${ownCapital}.`,
    `The ${kind} of ${region.name} lies in ${where}, with its capital at ${ownCapital}.`,
    `${region.name}, a ${kind} in ${where}, is run from ${ownCapital}.`,
  ])
}

function citiesSentence(id: string, region: Region, capital: WorldCity | null, cities: WorldCity[]): string | null {
  const [largest] = cities
  if (!largest) return null
  const people = formatPopulation(largest.population)
  const others = cities.length - 1
  const more =
    others > 1
      ? choose(id, 'more', [
          `, and ${others} more of its cities pass 100,000`,
          `; ${others} other cities there top 100,000`,
          `, one of ${others + 1} cities there above 100,000`,
        ])
      : ''
  if (capital?.geonameId === largest.geonameId && slugify(capital.name) !== slugify(region.name))
    return choose(id, 'cities', [
      `${capital.name} is also its largest city, with about ${people} people${more}.`,
      `With about ${people} people, ${capital.name} is its largest city as well${more}.`,
      `No city there outgrows ${capital.name}, home to about ${people} people${more}.`,
    ])
  if (slugify(largest.name) === slugify(region.name))
    return choose(id, 'cities', [
      `The city itself is home to about ${people} people${more}.`,
      `About ${people} people live in the city${more}.`,
    ])
  return choose(id, 'cities', [
    `Its largest city is ${largest.name}, home to about ${people} people${more}.`,
    `With about ${people} people, ${largest.name} is its largest city${more}.`,
    `${largest.name}, with about ${people} people, is the largest city there${more}.`,
  ])
}

/** Where a region's capital is unknown, its centre stands in for it in the distance from the national capital. */
function centreOf(region: Region): Point & { name: string; geonameId: number } {
  return { name: 'Its centre', geonameId: -1, latitude: region.latitude, longitude: region.longitude }
}

function capitalSentence(
  id: string,
  seat: Point & { name: string; geonameId: number },
  national: WorldCity | null,
  country: string,
): string | null {
  if (!national) return null
  if (national.geonameId === seat.geonameId || (seat.geonameId > 0 && distanceKm(national, seat) < 15))
    return choose(id, 'national', [
      `It holds ${country}’s national capital, ${national.name}.`,
      `The national government of ${country} sits here, in ${national.name}.`,
    ])
  const km = formatKm(distanceKm(national, seat))
  const direction = directionFrom(national, seat)
  return choose(id, 'national', [
    `${seat.name} lies ${km} ${direction} of ${national.name}, the national capital.`,
    `From ${national.name}, the national capital, ${seat.name.replace('Its centre', 'its centre')} lies ${km} to the ${direction}.`,
    `It is ${km} from ${national.name} to ${seat.name.replace('Its centre', 'its centre')}, heading ${direction}.`,
  ])
}

function capitalFactSentence(id: string, capital: WorldCity | null, country: string): string | null {
  if (!capital) return null
  const coast = coastDistanceKm(capital)
  if (capital.rank > 0)
    return choose(id, 'capitalFact', [
      `${capital.name} is ${largestRank(capital.rank)} city of ${country}${coast < 6 ? ', on the coast' : ''}.`,
      `Its capital ranks as ${largestRank(capital.rank)} city of ${country}.`,
    ])
  if (coast < 6)
    return choose(id, 'capitalFact', [
      `${capital.name} stands on the coast.`,
      `Its capital, ${capital.name}, is a coastal town.`,
    ])
  return null
}

function clockSentence(id: string, timeZone: string, national: WorldCity | null): string | null {
  // Only said where it differs from the national capital's; the card page tells the traveller's own difference.
  if (!national) return null
  const here = clockOf(timeZone)
  const there = clockOf(timeZoneAt(national))
  if (here.standard === there.standard) return null
  const summerText = here.summer ? `, or ${here.summer} in summer` : ''
  return choose(id, 'clock', [
    `Its clocks keep ${here.standard}${summerText}, while ${national.name} keeps ${there.standard}.`,
    `Time there is ${here.standard}${summerText}, unlike the capital’s ${there.standard}.`,
  ])
}

function nearestSentence(id: string, region: Region, peers: Region[], kindPlural: string): string | null {
  const nearest = peers
    .filter((other) => other.isoCode !== region.isoCode)
    .map((other) => ({ other, km: distanceKm(region, other) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, 2)
  const [first, second] = nearest
  if (!first || !second) return null
  const names = listOf(nearest.map(({ other }) => other.name))
  return choose(id, 'nearest', [
    `Of the other ${kindPlural}, ${names} have their centres nearest to its own.`,
    `The centres of ${names} lie closest to its own among the ${kindPlural}.`,
    `Its centre is ${formatKm(first.km)} from that of ${first.other.name} and ${formatKm(second.km)} from ${second.other.name}’s.`,
  ])
}

function buildRegion(entry: RegionCountry, region: Region, peers: Region[]): SeedPlace {
  const country = worldCountry(entry.countryCode)
  if (!country) throw new Error(`Unknown country ${entry.countryCode}`)
  const { regionalCapitals, regionCities, citiesByCountry } = cityData()
  const key = `${entry.countryCode}-${region.isoCode}`
  const id = `region-${entry.countryCode.toLowerCase()}-${region.isoCode.toLowerCase()}`
  const kind = regionKindOf(entry.countryCode, region.isoCode) ?? entry.kind
  const capital = regionalCapitals.get(key) ?? null
  const cities = regionCities.get(key) ?? []
  const national = citiesByCountry.get(entry.countryCode)?.find((city) => city.isCapital) ?? null
  const countryLabel = theName(country.name.common)
  const [countryLatitude, countryLongitude] = country.latlng
  const part = partOf(region, { latitude: countryLatitude, longitude: countryLongitude }, Math.sqrt(country.area))
  const timeZone = timeZoneAt(capital ?? region)
  const extras = [
    citiesSentence(id, region, capital, cities),
    capitalSentence(id, capital ?? centreOf(region), national, countryLabel),
    clockSentence(id, timeZone, national),
    nearestSentence(id, region, peers, plural(entry.kind)),
    capitalFactSentence(id, capital, countryLabel),
  ].filter((s): s is string => !!s)
  if (extras.length < 3) extras.push(`Its centre lies near ${formatCoordinates(region.latitude, region.longitude)}.`)
  // The lead and three facts: the more of its own names and numbers a text carries, the less it reads like another.
  const count = 3
  return {
    id,
    name: region.name,
    kind: 'state',
    description: [
      lead(id, region, kind, countryLabel, part, capital),
      ...shuffled(id, extras).slice(0, Math.min(count, extras.length)),
    ].join(' '),
    countryCode: entry.countryCode,
    latitude: Math.round(region.latitude * 1e4) / 1e4,
    longitude: Math.round(region.longitude * 1e4) / 1e4,
    facts: {
      isoCode: `${entry.countryCode}-${region.isoCode}`,
      regionKind: kind,
      country: country.name.common,
      capital: capital?.name ?? null,
      largestCity: cities[0]?.name ?? null,
      timeZone,
      region: country.region,
      subregion: country.subregion,
      flag: entry.countryCode.toLowerCase(),
      within: { atlas: 'world', id: country.ccn3 || country.cca2 },
    },
  }
}

/** One collection per country of REGION_COUNTRIES: its first-level regions, each on the map of its country. */
export function regionCollections(): SeedCollectionDefinition[] {
  return REGION_COUNTRIES.map((entry) => ({
    id: `regions-${entry.countryCode.toLowerCase()}`,
    name: entry.name,
    group: 'regions',
    code: `${worldCountry(entry.countryCode)?.cca3 ?? entry.countryCode}-R`,
    description: entry.description,
    places: () => {
      const regions = regionsOf(entry)
      return regions.map((region) => buildRegion(entry, region, regions))
    },
  }))
}
