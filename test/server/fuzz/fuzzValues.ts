import Ajv from 'ajv'
import fc from 'fast-check'

import type { JsonSchema } from '@test/helpers/contractRoutes'

/**
 * The values the contract fuzz test sends: values a schema accepts (built from the schema the server validates with,
 * with the ids of real objects by field name), and hostile ones, some of which the schema still accepts and get stored.
 */

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\r\n\t',
  '\u0085\u2028\u2029',
  'Infinity',
  '-Infinity',
  '1e400',
  'NaN',
  '-0',
  '0x10',
  ' 1',
  '2147483648',
  '9'.repeat(40),
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '%',
  '_%\\',
  '"',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '\u202eevil',
  '\ufeff',
  '\u200b',
  'Z\u0351\u0358\u0334a\u0336\u0310l\u0352g\u0327o',
  '😀🏳️‍🌈',
  '\ud800',
  'Porto \udc00',
  '\udc00\ud800',
  'ﷺ',
  'x'.repeat(10_050),
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
]

export const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  0.5,
  1e-300,
]

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

/** Anything at all: wrong types, control characters, huge and non-finite numbers, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { $gt: '' }, deeplyNested(64)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
)

/**
 * Known values by field name: `control` is the one a request without a hostile field uses, `pool` all of them; a
 * `fresh` field takes a new value from its pool in every request (an e-mail to sign up with).
 */
export interface FieldValues {
  control?: unknown
  fresh?: boolean
  pool: fc.Arbitrary<unknown>
}
export type KnownFields = Record<string, FieldValues>

/** Real values of a field; the first is the control value. */
export function known(values: readonly unknown[]): FieldValues {
  return { control: values[0], pool: fc.constantFrom(...values) }
}

/** A field that needs a new value in every request. */
export function fresh(pool: fc.Arbitrary<unknown>): FieldValues {
  return { fresh: true, pool }
}

/** Real values of an optional field that a control request leaves out. */
export function knownOptional(values: readonly unknown[]): FieldValues {
  return { pool: values.length > 0 ? fc.constantFrom(...values) : fc.constant('') }
}

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined
  if (schema.anyOf) return typeOf(schema.anyOf[0])
  return Array.isArray(schema.type) ? schema.type[0] : schema.type
}

function patternOf(schema: JsonSchema): RegExp | null {
  return schema.pattern ? new RegExp(schema.pattern, 'u') : null
}

/** Whether a string passes the schema's own string rules (length in code points, as Ajv counts, and pattern). */
function fitsString(schema: JsonSchema, value: string): boolean {
  const length = Array.from(value).length
  if (length < (schema.minLength ?? 0) || length > (schema.maxLength ?? Infinity)) return false
  return patternOf(schema)?.test(value) ?? true
}

/**
 * Strings this field accepts, the simple and the nasty: markup, quotes, emoji, invisible and right-to-left marks, the
 * longest allowed, and random text made from the field's own pattern. Never filtered (a filter that rarely passes makes
 * fast-check search forever): a candidate that does not fit is replaced by one that does.
 */
function acceptedStrings(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 200, 12_000)
  const minLength = schema.minLength ?? 0
  const longest = ['x'.repeat(maxLength), 'é'.repeat(maxLength), '😀'.repeat(maxLength), 'a\r\n'.repeat(maxLength / 3)]
  const fitting = [...HOSTILE_STRINGS, ...longest].filter((value) => fitsString(schema, value))
  const fallback = fitting[0] ?? 'a'.repeat(Math.max(minLength, 1))
  const random = fromPattern(schema).map((value) => {
    const cut = Array.from(value).slice(0, maxLength).join('')
    return fitsString(schema, cut) ? cut : fallback
  })
  return fitting.length > 0 ? fc.oneof(fc.constantFrom(...fitting), random) : random
}

/** Text the field's pattern describes, where fast-check can read the pattern; any text otherwise. */
function fromPattern(schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = patternOf(schema)
  try {
    if (pattern) return fc.stringMatching(pattern, { size: 'small' })
  } catch {
    // A lookahead or another construct fast-check cannot generate from.
  }
  return fc.string({ unit: 'grapheme', minLength: Math.max(schema.minLength ?? 0, 1), maxLength: 40 })
}

/** A value the schema accepts; real values by field name come first, so the request reaches the rules behind validation. */
export function acceptedValue(schema: JsonSchema | undefined, fields: KnownFields, name = ''): fc.Arbitrary<unknown> {
  const field = fields[name]
  if (field) return field.pool
  if (!schema) return fc.constant(null)
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => acceptedValue(option, fields)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0
      const max = Math.min(schema.maximum ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER)
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, 2 ** 31 - 1) }))
    }
    case 'boolean':
      return fc.boolean()
    case 'string':
      return acceptedStrings(schema)
    case 'array': {
      const itemName = `${name}[]`
      return fc.array(acceptedValue(schema.items, fields, itemName), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    }
    case 'object':
      return acceptedObject(schema, fields)
    default:
      return fc.constant(null)
  }
}

/** The plainest accepted value: the known control value, else the simplest one of the type. */
export function controlValue(schema: JsonSchema | undefined, fields: KnownFields, name = ''): unknown {
  const field = fields[name]
  if (field && 'control' in field) return field.control
  if (!schema) return null
  if (schema.anyOf) return controlValue(schema.anyOf[0], fields)
  if (schema.enum) return schema.enum[0]
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 0
    case 'boolean':
      return true
    case 'string':
      return 'Porto at dusk'.slice(0, schema.maxLength ?? 200)
    case 'array': {
      const item = fields[`${name}[]`]
      return item && 'control' in item ? [item.control] : []
    }
    case 'object':
      return controlObject(schema, fields)
    default:
      return null
  }
}

/**
 * The plainest request the schema accepts. Optional fields are sent when they have a known control value (a request
 * names what it means to use).
 */
export function controlObject(schema: JsonSchema, fields: KnownFields): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? [])
  const entries = Object.entries(schema.properties ?? {}).filter(
    ([name]) => required.has(name) || fields[name]?.control !== undefined || fields[name]?.fresh,
  )
  return fc.record(
    Object.fromEntries(
      entries.map(([name, property]) => {
        const field = fields[name]
        return [name, field?.fresh ? field.pool : fc.constant(controlValue(property, fields, name))]
      }),
    ),
  )
}

/** Fields that name real objects: a hostile value there mostly finds nothing, so they are changed less often. */
function namesRealObjects(fields: KnownFields, name: string): boolean {
  return (name in fields && !fields[name]?.fresh) || `${name}[]` in fields
}

function acceptedObject(schema: JsonSchema, fields: KnownFields): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? [])
  const entries = Object.entries(schema.properties ?? {})
  return fc
    .tuple(
      ...entries.map(([name, property]) =>
        required.has(name)
          ? acceptedValue(property, fields, name)
          : fc.option(acceptedValue(property, fields, name), { nil: undefined }),
      ),
    )
    .map((values) => {
      const object: Record<string, unknown> = {}
      entries.forEach(([name], index) => {
        if (values[index] !== undefined) object[name] = values[index]
      })
      return object
    })
}

/** One field's hostile replacement: usually something the schema still accepts (so it is stored), else anything. */
export function hostileFor(schema: JsonSchema | undefined, fields: KnownFields, name: string): fc.Arbitrary<unknown> {
  const accepted: fc.Arbitrary<unknown>[] = []
  switch (typeOf(schema)) {
    case 'string':
      if (schema) accepted.push(acceptedStrings(schema))
      break
    case 'integer':
    case 'number': {
      const min = schema?.minimum ?? 0
      const max = schema?.maximum ?? 2 ** 31 - 1
      accepted.push(fc.constantFrom(min, max))
      accepted.push(fc.constantFrom<unknown>(min - 1, max + 1, String(min), `${max}`, min + 0.5))
      break
    }
    case 'boolean':
      accepted.push(fc.boolean())
      break
    case 'array': {
      // The same real id twice, more items than allowed, or an item of the wrong kind.
      const item = acceptedValue(schema?.items, fields, `${name}[]`)
      accepted.push(item.map((value) => [value, value]))
      accepted.push(fc.array(item, { minLength: (schema?.maxItems ?? 3) + 1, maxLength: (schema?.maxItems ?? 3) + 1 }))
      accepted.push(hostileValue.map((value) => [value]))
      break
    }
    default:
      break
  }
  // Stored values mostly stay acceptable, so the write goes through and the value is read back.
  const acceptedWeight = namesRealObjects(fields, name) ? 1 : 3
  return accepted.length > 0
    ? fc.oneof({ arbitrary: fc.oneof(...accepted), weight: acceptedWeight }, { arbitrary: hostileValue, weight: 1 })
    : hostileValue
}

export type Mutation =
  { field: string; kind: 'removed' } | { field: string; kind: 'replaced' | 'added'; value: unknown }

/**
 * An accepted object with exactly one hostile field: one property replaced by a hostile value, removed, or an unknown
 * property added.
 */
export function withOneHostileField(
  schema: JsonSchema,
  base: fc.Arbitrary<Record<string, unknown>>,
  fields: KnownFields,
): fc.Arbitrary<{ value: Record<string, unknown>; mutation: Mutation }> {
  const properties = Object.entries(schema.properties ?? {})
  const replace = properties.map(([name, property]) => ({
    arbitrary: hostileFor(property, fields, name).map((value) => ({ field: name, kind: 'replaced' as const, value })),
    weight: namesRealObjects(fields, name) ? 1 : 4,
  }))
  const remove = properties.map(([name]) => fc.constant({ field: name, kind: 'removed' as const }))
  const add = fc
    .tuple(fc.constantFrom('extra', 'constructor', '__proto__', 'userId', 'isOwner', 'digitalCredit'), hostileValue)
    .map(([field, value]) => ({ field, kind: 'added' as const, value }))
  const mutation = fc.oneof(
    ...(replace.length > 0 ? [{ arbitrary: fc.oneof(...replace), weight: 6 }] : []),
    ...(remove.length > 0 ? [{ arbitrary: fc.oneof(...remove), weight: 1 }] : []),
    { arbitrary: add, weight: 1 },
  )
  return fc.tuple(base, mutation).map(([object, change]) => {
    // Copied without the removed field; an added one is defined as an own property, even `__proto__`.
    const value = Object.fromEntries(Object.entries(object).filter(([field]) => field !== change.field))
    if (change.kind !== 'removed')
      Object.defineProperty(value, change.field, { value: change.value, enumerable: true, writable: true })
    return { value, mutation: change }
  })
}

const ajv = new Ajv({ strict: false, allErrors: false })
const validators = new WeakMap<JsonSchema, (value: unknown) => boolean>()

/** Whether the server's schema accepts the value (JSON types, as a body is checked). */
export function accepts(schema: JsonSchema, value: unknown): boolean {
  let validate = validators.get(schema)
  if (!validate) {
    const compiled = ajv.compile(schema)
    validate = (candidate) => compiled(structuredClone(candidate))
    validators.set(schema, validate)
  }
  return validate(value)
}

/** Anything in the shape of the schema, each field at random accepted or hostile: requests invalid in many ways at once. */
export function chaoticValue(schema: JsonSchema | undefined, fields: KnownFields, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue
  if (typeOf(schema) === 'object') {
    const entries = Object.entries(schema.properties ?? {})
    return fc
      .tuple(
        ...entries.map(([field, property]) => fc.option(chaoticValue(property, fields, field), { nil: undefined })),
      )
      .map((values) =>
        Object.fromEntries(
          entries.flatMap(([field], index) => (values[index] === undefined ? [] : [[field, values[index]]])),
        ),
      )
  }
  return fc.oneof(acceptedValue(schema, fields, name), hostileFor(schema, fields, name))
}

/** Half of a surrogate pair on its own; a `u` pattern reads a whole pair as one code point, outside this range. */
const LONE_SURROGATE = /[\ud800-\udfff]/u

/**
 * Where a lone surrogate sits in a string field the schema declares (`body.commentContent`), or null; fields the schema
 * does not know are dropped by the server, so whatever they carry is never stored.
 */
export function loneSurrogateAt(schema: JsonSchema | undefined, value: unknown, at: string): string | null {
  if (!schema) return null
  if (schema.anyOf) {
    for (const option of schema.anyOf) {
      const found = loneSurrogateAt(option, value, at)
      if (found) return found
    }
    return null
  }
  if (typeof value === 'string') return typeOf(schema) === 'string' && LONE_SURROGATE.test(value) ? at : null
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = loneSurrogateAt(schema.items, item, `${at}[]`)
      if (found) return found
    }
    return null
  }
  if (value !== null && typeof value === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!Object.hasOwn(value, name)) continue
      const found = loneSurrogateAt(property, (value as Record<string, unknown>)[name], `${at}.${name}`)
      if (found) return found
    }
  }
  return null
}
