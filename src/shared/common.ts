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

/** C0 and C1 control characters, DEL included: no single-line field needs them, and PostgreSQL refuses NUL. */
const CONTROL_CHARACTERS = '\\u0000-\\u001F\\u007F-\\u009F'
/** The same without tab, line feed and carriage return, which multi-line texts keep. */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F'

/**
 * A string of the contract: bounded in length and free of control characters (tab and line breaks are allowed in
 * `multiline` texts). A `pattern` of the field's own is checked as well.
 */
export function TextSchema(options: {
  minLength?: number
  maxLength: number
  multiline?: boolean
  pattern?: string
  description?: string
}): TString {
  const { minLength, maxLength, multiline = false, pattern, description } = options
  const allowed = `[^${multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS}]*`
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
