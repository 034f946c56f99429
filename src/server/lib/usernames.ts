import unhomoglyph from 'unhomoglyph'

/**
 * How usernames are compared for look-alikes (docs/security.md#usernames). Usernames name givers of gifts, friends
 * and commenters in notifications, so one must never pass for another's.
 */

/**
 * The form a username is stored and shown in: NFKC (fullwidth, mathematical and other compatibility letters become
 * the plain ones, ligatures their letters), trimmed, and a run of spaces made one, as a page shows it.
 */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ')
}

/**
 * The confusable skeleton of Unicode TS #39 (section 4) of the normalised name: two names with one skeleton look
 * alike (`rnartadala` and `martadala`, Cyrillic `аоо` and Latin `aoo`). The mapping is Unicode's confusables.txt, as
 * the unhomoglyph package ships it; case is kept, as the standard's mapping is per case (`I` looks like `l`).
 */
export function usernameSkeleton(name: string): string {
  return unhomoglyph(normalizeUsername(name).normalize('NFD')).normalize('NFD')
}

/** UAX #31's Recommended scripts, in use for everyday writing; letters of any other script are refused. */
const RECOMMENDED_SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
] as const

const IN_SCRIPT = RECOMMENDED_SCRIPTS.map((script) => [script, new RegExp(`^\\p{scx=${script}}$`, 'u')] as const)
/** Digits, spaces and punctuation with no script of their own go with any script. */
const ANY_SCRIPT = /^[\p{scx=Common}\p{scx=Inherited}]$/u

/** TS #39's writing systems that combine several scripts: Japanese, Chinese with Bopomofo, Korean. */
const COMBINED: Partial<Record<string, readonly string[]>> = {
  Han: ['Japanese', 'Chinese', 'Korean'],
  Hiragana: ['Japanese'],
  Katakana: ['Japanese'],
  Bopomofo: ['Chinese'],
  Hangul: ['Korean'],
}

/** The scripts one character is written in, with the writing systems they belong to; null for no recommended one. */
function scriptsOf(character: string): Set<string> | 'any' | null {
  if (ANY_SCRIPT.test(character)) return 'any'
  const scripts = IN_SCRIPT.filter(([, test]) => test.test(character)).flatMap(([script]) => [
    script,
    ...(COMBINED[script] ?? []),
  ])
  return scripts.length > 0 ? new Set(scripts) : null
}

/** The scripts every one of `sets` shares ('any' when none restricts). */
function intersect(sets: (Set<string> | 'any')[]): Set<string> | 'any' {
  const restricting = sets.filter((set): set is Set<string> => set !== 'any')
  const [first, ...rest] = restricting
  if (!first) return 'any'
  return new Set([...first].filter((script) => rest.every((set) => set.has(script))))
}

export type ScriptCheck = { ok: true } | { ok: false; unsupported: true } | { ok: false; mixes: string[] }

/**
 * Whether a name is written in one script, as TS #39's Highly Restrictive level has it (section 5.2): every letter of
 * one script (digits and punctuation go with any), or Latin with Japanese, Chinese or Korean writing. A Cyrillic `а`
 * among Latin letters is what makes a look-alike, and it is refused here.
 */
export function checkScripts(name: string): ScriptCheck {
  const perCharacter: (Set<string> | 'any')[] = []
  for (const character of name) {
    const scripts = scriptsOf(character)
    if (scripts === null) return { ok: false, unsupported: true }
    perCharacter.push(scripts)
  }
  const shared = intersect(perCharacter)
  if (shared === 'any' || shared.size > 0) return { ok: true }
  const besideLatin = intersect(perCharacter.filter((scripts) => scripts === 'any' || !scripts.has('Latin')))
  if (besideLatin !== 'any' && ['Japanese', 'Chinese', 'Korean'].some((system) => besideLatin.has(system)))
    return { ok: true }
  return { ok: false, mixes: namesOfScripts(perCharacter) }
}

/** The scripts a mixed name uses, by their first letter's script, in the order they appear. */
function namesOfScripts(perCharacter: (Set<string> | 'any')[]): string[] {
  const names: string[] = []
  for (const scripts of perCharacter) {
    if (scripts === 'any') continue
    const [first] = scripts
    if (first && !names.includes(first)) names.push(first)
  }
  return names
}
