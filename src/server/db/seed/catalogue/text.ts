/** Small, deterministic text helpers: the same data always gives the same words, so a re-seed changes nothing. */

export function hashString(value: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Places whose text reads too much like another's are worded again with another choice of templates: how many
 * times, by the seed their templates are chosen with (see rewordTooSimilar in catalogueData.ts).
 */
const rewordings = new Map<string, number>()

export function reword(seed: string): void {
  rewordings.set(seed, (rewordings.get(seed) ?? 0) + 1)
}

function worded(seed: string): string {
  const times = rewordings.get(seed)
  return times ? `${seed}~${times}` : seed
}

/** One of `options`, chosen by the place and the purpose, so two sentences of one place vary independently. */
export function choose<T>(seed: string, purpose: string, options: readonly T[]): T {
  const option = options[hashString(`${worded(seed)}:${purpose}`) % options.length]
  if (option === undefined) throw new Error(`No options to choose from for ${purpose}`)
  return option
}

/** `items` in an order fixed by the seed. */
export function shuffled<T>(seed: string, items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, key: hashString(`${worded(seed)}#${index}`) }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item)
}

export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  if (items.length === 2) return `${items[0]} and ${items[1]}`
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Neighbour lists stay readable: a few names, then how many more. */
export function shortListOf(items: readonly string[], max = 5): string {
  if (items.length <= max) return listOf(items)
  const rest = items.length - (max - 1)
  return `${items.slice(0, max - 1).join(', ')} and ${rest} others`
}

export function formatNumber(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}

/** Populations as people say them: 450,000, 2.3 million. */
export function formatPopulation(people: number): string {
  if (people >= 1_000_000) return `${(Math.round(people / 100_000) / 10).toLocaleString('en-US')} million`
  if (people >= 100_000) return (Math.round(people / 10_000) * 10_000).toLocaleString('en-US')
  return (Math.round(people / 1_000) * 1_000).toLocaleString('en-US')
}

export function formatArea(km2: number): string {
  if (km2 >= 100) return `${formatNumber(Math.round(km2 / 10) * 10)} km²`
  if (km2 >= 1) return `${formatNumber(km2)} km²`
  return `${km2.toLocaleString('en-US', { maximumFractionDigits: 2 })} km²`
}

export function formatCoordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(1).replace(/\.0$/, '')}°${latitude >= 0 ? 'N' : 'S'}`
  const lng = `${Math.abs(longitude).toFixed(1).replace(/\.0$/, '')}°${longitude >= 0 ? 'E' : 'W'}`
  return `${lat}, ${lng}`
}

export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`
}

export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Letters that NFD does not take apart, as ids spell them (ı, ł, ø, ß). */
const PLAIN_LETTERS: Record<string, string> = {
  ı: 'i',
  ł: 'l',
  Ł: 'l',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ð: 'd',
  ħ: 'h',
}

/**
 * The id stem of a place added from version 2 on: slugify after spelling out the letters NFD keeps whole, so
 * Diyarbakır is diyarbakir, not diyarbak-r. Ids made before keep slugify's spelling: they never change.
 */
export function placeSlug(value: string): string {
  return slugify(value.replace(/[ıłŁøØđĐßæÆœþðħ]/g, (letter) => PLAIN_LETTERS[letter] ?? letter))
}

/** Abbreviations with a full stop would read as sentence ends; spell them out once here. */
export function withoutAbbreviations(value: string): string {
  return value
    .replace(/\bSt\. /g, 'Saint ')
    .replace(/\bD\.C\./g, 'DC')
    .replace(/\bSte\. /g, 'Sainte ')
}

/** Starts a sentence with a capital, whatever the template began with. */
export function sentence(text: string): string {
  const trimmed = text.trim()
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
}

const NAMES_WITH_ARTICLE = new Set([
  'Bahamas',
  'Netherlands',
  'Philippines',
  'Gambia',
  'Maldives',
  'Comoros',
  'Seychelles',
  'United States',
  'United Kingdom',
  'United Arab Emirates',
  'Central African Republic',
  'Dominican Republic',
  'Vatican City',
  'Republic of the Congo',
  'DR Congo',
  'Caribbean Netherlands',
  'British Indian Ocean Territory',
  'Caribbean',
  'Isle of Man',
])

/** Place names that English speaks of with "the" (the Bahamas, the Faroe Islands). */
export function theName(name: string): string {
  if (
    NAMES_WITH_ARTICLE.has(name) ||
    name.endsWith('Islands') ||
    /^(Republic|Kingdom|Federation|State) of /.test(name)
  ) {
    return `the ${name}`
  }
  return name
}

/** Regions as a sentence names them. */
export function regionLabel(subregion: string): string {
  if (subregion === 'Australia and New Zealand') return 'Australasia'
  return theName(subregion)
}
