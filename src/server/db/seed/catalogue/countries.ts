import { Country } from 'country-state-city'
import worldCountries from 'world-countries'

import { timeZoneAt } from './geo'
import {
  choose,
  formatArea,
  formatPopulation,
  formatCoordinates,
  listOf,
  ordinal,
  regionLabel,
  sentence,
  theName,
  shortListOf,
  shuffled,
  withoutAbbreviations,
} from './text'
import type { SeedPlace, ShapeRef } from './types'
import { cityData } from './worldCities'

type WorldCountry = (typeof worldCountries)[number]

export const CONTINENT_COLLECTIONS = [
  { id: 'europe', regions: ['Europe'], subregions: null },
  { id: 'asia', regions: ['Asia'], subregions: null },
  { id: 'africa', regions: ['Africa'], subregions: null },
  { id: 'north-america', regions: ['Americas'], subregions: ['North America', 'Central America', 'Caribbean'] },
  { id: 'south-america', regions: ['Americas'], subregions: ['South America'] },
  { id: 'oceania', regions: ['Oceania'], subregions: null },
] as const

export type ContinentCollectionId = (typeof CONTINENT_COLLECTIONS)[number]['id']

export const CONTINENT_LABELS: Record<ContinentCollectionId, string> = {
  europe: 'Europe',
  asia: 'Asia',
  africa: 'Africa',
  'north-america': 'North and Central America',
  'south-america': 'South America',
  oceania: 'Oceania',
}

const byCca3 = new Map(worldCountries.map((country) => [country.cca3, country]))
const byCca2 = new Map(worldCountries.map((country) => [country.cca2, country]))

export function countryName(cca2: string): string {
  return byCca2.get(cca2)?.name.common ?? cca2
}

export function worldCountry(cca2: string): WorldCountry | undefined {
  return byCca2.get(cca2)
}

export function continentOf(country: WorldCountry): ContinentCollectionId | null {
  const match = CONTINENT_COLLECTIONS.find(
    (collection) =>
      (collection.regions as readonly string[]).includes(country.region) &&
      (collection.subregions === null || (collection.subregions as readonly string[]).includes(country.subregion)),
  )
  return match?.id ?? null
}

function areaRankInCollection(country: WorldCountry): { rank: number; of: number } {
  const continent = continentOf(country)
  const peers = worldCountries.filter((other) => continentOf(other) === continent).sort((a, b) => b.area - a.area)
  return { rank: peers.findIndex((other) => other.cca2 === country.cca2) + 1, of: peers.length }
}

/** A sovereign country of nearly the same area (within 8%), the comparison travellers use. */
function similarInSize(country: WorldCountry): WorldCountry | null {
  let best: WorldCountry | null = null
  let bestRatio = Infinity
  for (const other of worldCountries) {
    if (other.cca2 === country.cca2 || !other.independent || other.area < 500) continue
    const ratio = Math.abs(Math.log(other.area / country.area))
    if (ratio < bestRatio) {
      best = other
      bestRatio = ratio
    }
  }
  return bestRatio < Math.log(1.08) ? best : null
}

function capitalOf(country: WorldCountry): string | null {
  const [capital] = country.capital
  return capital !== undefined ? withoutAbbreviations(capital) : null
}

function languagesOf(country: WorldCountry): string[] {
  return Object.values(country.languages)
}

function currenciesOf(country: WorldCountry): { name: string; symbol: string }[] {
  return Object.values(country.currencies)
}

function callingCodeOf(country: WorldCountry): string | null {
  const { root, suffixes } = country.idd
  if (!root || suffixes.length !== 1) return null
  return `${root}${suffixes[0]}`
}

function timeZonesOf(country: WorldCountry): string[] {
  const zones = Country.getCountryByCode(country.cca2)?.timezones ?? []
  return [...new Set(zones.map((zone) => zone.gmtOffsetName))]
}

function shapeOf(country: WorldCountry): ShapeRef {
  // Kosovo has no ISO numeric code; the atlas lists it by name, which mapScene maps to its alpha-2 code.
  return { atlas: 'world', id: country.ccn3 || country.cca2 }
}

function opening(country: WorldCountry): string {
  const id = country.cca2
  const name = theName(country.name.common)
  const capital = capitalOf(country)
  const where = regionLabel(country.subregion || country.region)
  const nation = country.independent ? (country.landlocked ? 'landlocked country' : 'country') : 'territory'
  const official = country.name.official !== name ? country.name.official : null
  if (!capital) {
    return choose(id, 'opening-nocap', [
      `${sentence(name)} is a ${nation} in ${where} with no permanent capital city.`,
      `Set in ${where}, ${name} is a ${nation} without a capital of its own.`,
    ])
  }
  const options = [
    `${name} is a ${nation} in ${where}, governed from ${capital}.`,
    `The capital of ${name}, a ${nation} in ${where}, is ${capital}.`,
    `${capital} is the capital of ${name}, a ${nation} of ${where}.`,
    `In ${where} lies ${name}, a ${nation} whose capital is ${capital}.`,
  ]
  if (official)
    options.push(`Officially the ${official}, ${name} is a ${nation} in ${where} with its capital at ${capital}.`)
  return sentence(choose(id, 'opening', options))
}

function sizeSentence(country: WorldCountry): string | null {
  if (!(country.area > 0)) return null
  const id = country.cca2
  const area = formatArea(country.area)
  const { rank, of } = areaRankInCollection(country)
  const twin = similarInSize(country)
  const continent = CONTINENT_LABELS[continentOf(country) ?? 'europe']
  // Short sentences: the fewer fixed words a template has, the less two countries' texts read alike.
  const options = [
    `It covers ${area}, ${ordinal(rank)} in size of the ${of} in ${continent}.`,
    `At ${area}, it ranks ${ordinal(rank)} by area in ${continent}.`,
    `Its ${area} place it ${ordinal(rank)} of ${of} in ${continent} by size.`,
  ]
  if (rank === 1) options.push(`At ${area}, it is the largest country in ${continent}.`)
  if (rank === of) options.push(`At ${area}, it is the smallest country or territory in ${continent}.`)
  if (twin) options.push(`Its ${area} make it almost exactly the size of ${theName(twin.name.common)}.`)
  return choose(id, 'size', options)
}

function neighbourSentence(country: WorldCountry): string | null {
  const id = country.cca2
  const neighbours = country.borders
    .map((code) => byCca3.get(code)?.name.common)
    .filter((n): n is string => !!n)
    .map(theName)
  if (!neighbours.length) {
    if (country.landlocked) return null
    return choose(id, 'island', [
      'It shares no land border with any other country.',
      'Every one of its borders is a coastline.',
      'It has no land neighbours; the sea surrounds it.',
    ])
  }
  const list = shortListOf(neighbours)
  if (neighbours.length === 1) {
    return choose(id, 'neighbours', [
      `Its only land neighbour is ${list}.`,
      `It shares a land border with ${list} alone.`,
    ])
  }
  return choose(id, 'neighbours', [
    `It borders ${list}.`,
    `Its land neighbours are ${list}.`,
    `Across its ${neighbours.length} land borders lie ${list}.`,
  ])
}

function peopleSentence(country: WorldCountry): string | null {
  const id = country.cca2
  const languages = languagesOf(country)
  const currencies = currenciesOf(country)
  const language = languages.length ? listOf(languages.slice(0, 4)) : null
  const currency = currencies.length
    ? listOf(currencies.map((c) => `the ${c.name}${c.symbol ? ` (${c.symbol.replace(/\s+/g, ' ')})` : ''}`))
    : null
  if (language && currency) {
    return choose(id, 'people', [
      `People there speak ${language} and pay with ${currency}.`,
      `${sentence(currency)} is the money in use, and ${language} ${languages.length > 1 ? 'are the official languages' : 'is the official language'}.`,
      `${sentence(language)} ${languages.length > 1 ? 'are' : 'is'} spoken there, and prices are given in ${currency}.`,
    ])
  }
  if (language)
    return `${sentence(language)} ${languages.length > 1 ? 'are its official languages' : 'is its official language'}.`
  if (currency) return `Prices there are in ${currency}.`
  return null
}

function placeSentence(country: WorldCountry): string | null {
  const id = country.cca2
  const [lat, lng] = country.latlng
  const coordinates = formatCoordinates(lat, lng)
  const zones = timeZonesOf(country)
  const demonym = country.demonyms.eng?.m
  const options: string[] = [`Its centre lies near ${coordinates}.`]
  if (zones.length > 1)
    options.push(`Its clocks span ${zones.length} time zones, from ${zones[0]} to ${zones[zones.length - 1]}.`)
  if (zones.length === 1) options.push(`Its clocks keep ${zones[0]}, and its centre lies near ${coordinates}.`)
  if (demonym && demonym !== country.name.common && !/Islands?$/.test(demonym))
    options.push(`Its people are called ${demonym}, and its heart lies near ${coordinates}.`)
  return choose(id, 'place', options)
}

/** Its largest city as GeoNames counts it, when GeoNames lists one of 300,000 people or more. */
function largestCitySentence(country: WorldCountry): string | null {
  const [largest] = cityData().citiesByCountry.get(country.cca2) ?? []
  if (largest?.rank !== 1) return null
  const id = country.cca2
  const people = formatPopulation(largest.population)
  if (largest.isCapital)
    return choose(id, 'largest', [
      `About ${people} people live in ${largest.name}.`,
      `${largest.name} counts some ${people} people.`,
    ])
  return choose(id, 'largest', [
    `Its largest city is ${largest.name}, home to about ${people} people.`,
    `${largest.name}, with about ${people} people, outgrows the capital.`,
  ])
}

export function buildCountry(country: WorldCountry): SeedPlace {
  const id = `country-${country.cca2.toLowerCase()}`
  const extras = [
    sizeSentence(country),
    neighbourSentence(country),
    peopleSentence(country),
    placeSentence(country),
    largestCitySentence(country),
  ].filter((s): s is string => !!s)
  // The opening and two or three facts: four sentences at most.
  const count = 2 + (Number.parseInt(country.ccn3 || '7', 10) % 2)
  const description = [opening(country), ...shuffled(id, extras).slice(0, Math.min(count, extras.length))].join(' ')
  const [latitude, longitude] = country.latlng
  return {
    id,
    name: country.name.common,
    kind: 'country',
    description,
    countryCode: country.cca2,
    latitude,
    longitude,
    facts: {
      officialName: country.name.official,
      capital: capitalOf(country),
      region: country.region,
      subregion: country.subregion,
      areaKm2: country.area,
      languages: languagesOf(country),
      currencies: currenciesOf(country).map((c) => c.name),
      borders: country.borders.map((code) => byCca3.get(code)?.cca2).filter(Boolean),
      landlocked: country.landlocked,
      independent: country.independent,
      callingCode: callingCodeOf(country),
      // Travellers set their watches by the capital's clock.
      timeZone: timeZoneAt(
        cityData()
          .citiesByCountry.get(country.cca2)
          ?.find((city) => city.isCapital) ?? { latitude, longitude },
      ),
      flag: country.cca2.toLowerCase(),
      shape: shapeOf(country),
    },
  }
}

export function buildCountries(collectionId: ContinentCollectionId): SeedPlace[] {
  return worldCountries
    .filter((country) => continentOf(country) === collectionId)
    .sort((a, b) => a.name.common.localeCompare(b.name.common, 'en'))
    .map(buildCountry)
}
