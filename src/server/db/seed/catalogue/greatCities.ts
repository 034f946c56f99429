import { City, State } from 'country-state-city'

import { nationalCapital, whereSentence } from './cities'
import { worldCountry } from './countries'
import { largestRank, timeZoneAt } from './geo'
import { GREAT_CITIES } from './greatCitiesData'
import {
  choose,
  formatCoordinates,
  formatPopulation,
  regionLabel,
  shuffled,
  slugify,
  theName,
  withoutAbbreviations,
} from './text'
import type { SeedPlace } from './types'
import { cityData, type WorldCity } from './worldCities'

const MAX_DISTANCE_DEGREES = 0.6
/** Countries whose first-level divisions travellers name with a city ("Chicago, Illinois"); elsewhere the listed divisions read oddly. */
const NAMED_STATE_COUNTRIES = new Set(['US', 'CA', 'AU', 'IN', 'BR', 'DE', 'IT'])

function normalised(name: string): string {
  return slugify(name).replace(/-city$/, '')
}

type ListedCity = ReturnType<typeof City.getAllCities>[number]

/** country-state-city's cities with the names of the great cities, read in one pass (the full list is large). */
function listedNamesakes(): Map<string, ListedCity[]> {
  const wanted = new Set(GREAT_CITIES.map(([name, countryCode]) => `${countryCode}|${normalised(name)}`))
  const namesakes = new Map<string, ListedCity[]>()
  for (const city of City.getAllCities()) {
    const key = `${city.countryCode}|${normalised(city.name)}`
    if (!wanted.has(key)) continue
    namesakes.set(key, [...(namesakes.get(key) ?? []), city])
  }
  return namesakes
}

/** The city as country-state-city lists it, when it lists one of that name close to where we expect it. */
function findListedCity(
  namesakes: Map<string, ListedCity[]>,
  name: string,
  countryCode: string,
  latitude: number,
  longitude: number,
) {
  return (namesakes.get(`${countryCode}|${normalised(name)}`) ?? [])
    .map((city) => ({
      city,
      distance: Math.hypot(Number(city.latitude) - latitude, Number(city.longitude) - longitude),
    }))
    .filter(({ distance }) => distance < MAX_DISTANCE_DEGREES)
    .sort((a, b) => a.distance - b.distance)[0]?.city
}

/** The great city as GeoNames lists it (its population, its rank), when it lists it among the large cities. */
function greatCityInGeoNames(id: string, countryCode: string): WorldCity | null {
  return (
    cityData()
      .citiesByCountry.get(countryCode)
      ?.find((city) => city.greatCityId === id) ?? null
  )
}

export function buildGreatCities(): SeedPlace[] {
  const namesakes = listedNamesakes()
  return GREAT_CITIES.map(([name, countryCode, approxLatitude, approxLongitude, knownFor]) => {
    const id = `${countryCode.toLowerCase()}-${slugify(name)}`
    const country = worldCountry(countryCode)
    if (!country) throw new Error(`Unknown country ${countryCode} for ${name}`)
    const listed = findListedCity(namesakes, name, countryCode, approxLatitude, approxLongitude)
    const latitude = listed ? Number(listed.latitude) : approxLatitude
    const longitude = listed ? Number(listed.longitude) : approxLongitude
    const stateName =
      listed?.stateCode && NAMED_STATE_COUNTRIES.has(countryCode)
        ? State.getStateByCodeAndCountry(listed.stateCode, countryCode)?.name
        : undefined
    const countryLabel = theName(country.name.common)
    const capital = country.capital.map(withoutAbbreviations)
    const isCapital = capital.some((c) => normalised(c) === normalised(name))
    const isCityCountry = slugify(country.name.common) === slugify(name)
    const region = regionLabel(country.subregion || country.region)

    let opening: string
    if (isCityCountry) {
      opening = `${name} is both a city and a ${country.independent ? 'country' : 'territory'}, in ${region}.`
    } else if (isCapital) {
      opening = choose(id, 'opening', [
        `${name} is the capital of ${countryLabel}.`,
        `As the capital of ${countryLabel}, ${name} is where the country is governed from.`,
        `${countryLabel.replace(/^the /, 'The ')}’s capital is ${name}${stateName && stateName !== name ? `, in ${stateName}` : ''}.`,
      ])
    } else {
      const inState = stateName && normalised(stateName) !== normalised(name)
      const where = inState ? `${stateName}, ${countryLabel}` : countryLabel
      opening = choose(id, 'opening', [
        `${name} is a city in ${where}.`,
        `The city of ${name} lies in ${where}.`,
        inState
          ? `${name} is one of the great cities of ${stateName}, in ${countryLabel}.`
          : `${name} stands in ${where}, in ${region}.`,
      ])
    }

    const geoNames = greatCityInGeoNames(id, countryCode)
    const extras: string[] = []
    if (geoNames) {
      const people = formatPopulation(geoNames.population)
      extras.push(
        geoNames.rank > 0
          ? choose(id, 'people', [
              `About ${people} people live there, in ${largestRank(geoNames.rank)} city of ${countryLabel}.`,
              `With some ${people} inhabitants, it is ${largestRank(geoNames.rank)} city of ${countryLabel}.`,
            ])
          : `About ${people} people live there.`,
      )
      const where = whereSentence(id, geoNames, nationalCapital(countryCode))
      if (where) extras.push(where)
    }
    if (extras.length < 2) extras.push(`It lies at ${formatCoordinates(latitude, longitude)}.`)
    // The opening and what it is known for, then one or two facts: never more than four sentences.
    const count = 1 + (Number.parseInt(country.ccn3 || '0', 10) % 2)
    const description = [opening, knownFor, ...shuffled(id, extras).slice(0, count)].join(' ')
    return {
      id,
      name,
      kind: 'city' as const,
      description,
      countryCode,
      latitude: Math.round(latitude * 1e4) / 1e4,
      longitude: Math.round(longitude * 1e4) / 1e4,
      facts: {
        geonameId: geoNames?.geonameId ?? null,
        country: country.name.common,
        state: stateName ?? null,
        population: geoNames?.population ?? null,
        isCapital,
        region: country.region,
        subregion: country.subregion,
        knownFor,
        timeZone: timeZoneAt({ latitude, longitude }),
        flag: countryCode.toLowerCase(),
        within: { atlas: 'world', id: country.ccn3 },
      },
    }
  })
}
