import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * Options shared by both validators: unknown properties are dropped, defaults filled in, and NaN and Infinity are
 * never numbers (strictNumbers), so a bound such as `minimum` cannot be skipped by a non-finite value. Patterns match
 * code points (unicodeRegExp, Ajv's default, named because the contract's refusal of lone surrogates relies on it).
 */
const COMMON_OPTIONS: Options = {
  removeAdditional: 'all',
  useDefaults: true,
  strictNumbers: true,
  unicodeRegExp: true,
  allErrors: false,
  addUsedSchema: false,
}

/** JSON bodies carry real numbers and booleans: a string where a number belongs is an error, never converted. */
const bodyValidator = new Ajv({ ...COMMON_OPTIONS, coerceTypes: false })
/** Query strings and path parameters are text on the wire, so their declared types are converted from it. */
const textValidator = new Ajv({ ...COMMON_OPTIONS, coerceTypes: true })

/** A plain decimal integer, as a query string writes one: no sign but minus, no exponent, no spaces, no hex. */
const PLAIN_INTEGER = /^-?(0|[1-9]\d{0,15})$/
/** A plain decimal number. */
const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/

interface PropertySchema {
  type?: unknown
}

function numericProperties(schema: unknown): [name: string, pattern: RegExp, type: string][] {
  const properties = (schema as { properties?: Record<string, PropertySchema> }).properties ?? {}
  return Object.entries(properties).flatMap(([name, property]): [string, RegExp, string][] => {
    if (property.type === 'integer') return [[name, PLAIN_INTEGER, 'integer']]
    if (property.type === 'number') return [[name, PLAIN_NUMBER, 'number']]
    return []
  })
}

/**
 * Ajv converts any text JavaScript reads as a number (" 10", "1e1", "0x10"); a query-string number must be written
 * plainly, so those are refused before the conversion. Range checks stay with the schema.
 */
function strictTextNumbers(schema: unknown, validate: ValidateFunction): ValidateFunction {
  const numeric = numericProperties(schema)
  if (numeric.length === 0) return validate
  const strict = ((data: unknown) => {
    if (data && typeof data === 'object') {
      for (const [name, pattern, type] of numeric) {
        const value = (data as Record<string, unknown>)[name]
        if (typeof value === 'string' && !pattern.test(value)) {
          const error: ErrorObject = {
            instancePath: `/${name}`,
            schemaPath: `#/properties/${name}/type`,
            keyword: 'type',
            params: { type },
            message: `must be ${type}`,
          }
          strict.errors = [error]
          return false
        }
      }
    }
    const valid = validate(data)
    strict.errors = validate.errors
    return valid
  }) as ValidateFunction
  return strict
}

/** Fastify's validator compiler: no conversion for bodies, strict conversion for query strings and parameters. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return bodyValidator.compile(schema as object)
  return strictTextNumbers(schema, textValidator.compile(schema as object))
}
