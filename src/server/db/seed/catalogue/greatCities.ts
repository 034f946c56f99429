import { City, State } from 'country-state-city'

import { worldCountry } from './countries'
import { GREAT_CITIES } from './greatCitiesData'
import {
  choose,
  formatCoordinates,
  listOf,
  regionLabel,
  shuffled,
  slugify,
  theName,
  withoutAbbreviations,
} from './text'
import type { SeedPlace } from './types'

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

    const languages = Object.values(country.languages)
    const currencies = Object.values(country.currencies).map((c) => c.name)
    const extras = [`It lies at ${formatCoordinates(latitude, longitude)}.`]
    if (languages.length && currencies.length) {
      const spoken = listOf(languages.slice(0, 3))
      const official = languages.length > 1 ? 'are the official languages' : 'is the official language'
      extras.push(
        choose(id, 'visit', [
          `Visitors pay in the ${currencies[0]}, and ${spoken} ${official} of ${countryLabel}.`,
          `The ${currencies[0]} is the money here, and ${spoken} ${official}.`,
        ]),
      )
    }
    const count = Number.parseInt(country.ccn3 || '0', 10) % 3
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
        country: country.name.common,
        state: stateName ?? null,
        isCapital,
        region: country.region,
        subregion: country.subregion,
        knownFor,
        flag: countryCode.toLowerCase(),
        shape: { atlas: 'world', id: country.ccn3 },
      },
    }
  })
}
