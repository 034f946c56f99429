import { Type } from 'typebox'

export const IdSchema = Type.String({ minLength: 1, maxLength: 100 })
export const IsoDateTimeSchema = Type.String({ description: 'ISO-8601 UTC timestamp' })
/** Plain calendar date, YYYY-MM-DD. */
export const PlainDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
export const CreditAmountSchema = Type.Integer({ minimum: 0 })
export const RaritySchema = Type.Integer({ minimum: 1, maximum: 5 })
