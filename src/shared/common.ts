import { Type, type TInteger, type TString } from 'typebox'

/** The largest value a 32-bit integer column holds (PostgreSQL `integer`); every integer in the contract stays within it. */
export const INT32_MAX = 2_147_483_647

/**
 * An integer with both bounds, so no value the database or the arithmetic cannot hold passes validation.
 * Bounds default to 0 … INT32_MAX; a wider maximum is for values that never reach a 32-bit column (Unix seconds).
 */
export function IntegerSchema(options: { minimum?: number; maximum?: number; description?: string } = {}): TInteger {
  const { minimum = 0, maximum = INT32_MAX, description } = options
  return Type.Integer({ minimum, maximum, ...(description ? { description } : {}) })
}

/**
 * Half of a UTF-16 surrogate pair on its own (JSON can carry `"\ud800"`). It is no character: SQLite stores it as
 * three U+FFFD and PostgreSQL as one, so a stored text would differ by database. Patterns are matched per code point
 * (Ajv's `unicodeRegExp`), so a whole pair, an emoji, still passes.
 */
const LONE_SURROGATES = '\\uD800-\\uDFFF'
/**
 * What no single-line text holds: C0 and C1 control characters, DEL included (no such field needs them, and
 * PostgreSQL refuses NUL), and lone surrogates.
 */
const REFUSED_IN_LINES = `\\u0000-\\u001F\\u007F-\\u009F${LONE_SURROGATES}`
/** The same but tab, line feed and carriage return, which multi-line texts keep. */
const REFUSED_IN_MULTILINE_TEXTS = `\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${LONE_SURROGATES}`

/**
 * A string of the contract: bounded in length, free of control characters (tab and line breaks are allowed in
 * `multiline` texts) and of lone surrogates. A `pattern` of the field's own is checked as well.
 */
export function TextSchema(options: {
  minLength?: number
  maxLength: number
  multiline?: boolean
  pattern?: string
  description?: string
}): TString {
  const { minLength, maxLength, multiline = false, pattern, description } = options
  const allowed = `[^${multiline ? REFUSED_IN_MULTILINE_TEXTS : REFUSED_IN_LINES}]*`
  return Type.String({
    ...(minLength !== undefined ? { minLength } : {}),
    maxLength,
    pattern: pattern ? `^(?=${allowed}$)(?:${pattern})` : `^${allowed}$`,
    ...(description ? { description } : {}),
  })
}

export const IdSchema = TextSchema({ minLength: 1, maxLength: 100 })
export const IsoDateTimeSchema = Type.String({ description: 'ISO-8601 UTC timestamp' })
/** Plain calendar date, YYYY-MM-DD. */
export const PlainDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
export const CreditAmountSchema = IntegerSchema()
export const RaritySchema = IntegerSchema({ minimum: 1, maximum: 5 })
