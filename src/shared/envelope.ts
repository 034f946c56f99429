import { Type, type Static, type TSchema } from 'typebox'

/** Error codes a client can switch on; `plugins/envelope.ts` maps each one to its HTTP status. */
export const ERROR_CODES = {
  BadRequest: 400,
  Unauthorized: 401,
  LoginRequired: 403,
  NotFound: 404,
  Conflict: 409,
  InsufficientCredit: 422,
  RuleViolation: 422,
  /** An operator call from an operator's session that has not passed the second factor (not 401/403: no logout). */
  SecondFactorRequired: 428,
  TooManyRequests: 429,
  Internal: 500,
  Unavailable: 503,
} as const
export type ErrorCode = keyof typeof ERROR_CODES

export const MetadataSchema = Type.Object({
  status: Type.Boolean(),
  errorCode: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  authorized: Type.Boolean(),
  requestId: Type.Optional(Type.String()),
})
export type Metadata = Static<typeof MetadataSchema>

/**
 * The response schema of a route: every answer is `{ metadata, data }` on the wire (and in the OpenAPI document).
 * Handlers return only the data and plugins/envelope.ts wraps it, so the schema is typed as its data part,
 * which is what the type provider checks handlers against.
 */
export function envelope<T extends TSchema>(data: T): T {
  return Type.Object({ metadata: MetadataSchema, data }) as unknown as T
}

export interface Envelope<T> {
  metadata: Metadata
  data: T
}

export const EmptySchema = Type.Null()
