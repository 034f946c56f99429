import { Type, type Static } from 'typebox'

import { IsoDateTimeSchema, PlainDateSchema, TextSchema } from './common'

/**
 * The operator role's own calls (docs/security.md#operators): the second factor, and the audit log. Every operator
 * call lives under /api/operator and answers anyone who is not an operator exactly as an unknown route does; they are
 * left out of the public OpenAPI document.
 */

/** Where the operator's second factor stands for this session. */
export const SecondFactorStatusSchema = Type.Object({
  /** An authenticator app is set up (a first code confirmed it). */
  enrolled: Type.Boolean(),
  /** This session passed the second factor. */
  verified: Type.Boolean(),
})
export type SecondFactorStatus = Static<typeof SecondFactorStatusSchema>

/** A proposed TOTP secret: scanned as the QR code or typed in as the secret, then confirmed by a first code. */
export const SecondFactorEnrolmentSchema = Type.Object({
  /** The otpauth:// URI the QR code holds. */
  uri: Type.String(),
  /** The same secret in base32, for typing into an app. */
  secret: Type.String(),
  /** The QR code as an SVG document, drawn on the server. */
  qrSvg: Type.String(),
})
export type SecondFactorEnrolment = Static<typeof SecondFactorEnrolmentSchema>

/** A six-digit code from the authenticator app: confirms the enrolment the first time, then opens each session. */
export const VerifySecondFactorBodySchema = Type.Object({
  code: TextSchema({ minLength: 1, maxLength: 12, description: 'the six digits the authenticator app shows' }),
})
export type VerifySecondFactorBody = Static<typeof VerifySecondFactorBodySchema>

/** Why an operator acts: required for every action on a traveller or their content, and kept in the audit log. */
export const OPERATOR_REASON_MAX_LENGTH = 500
export const OperatorReasonSchema = TextSchema({ minLength: 1, maxLength: OPERATOR_REASON_MAX_LENGTH, multiline: true })

/** A filter of the audit log; every part optional. Dates are plain UTC days, both ends included. */
export const AuditLogFilterSchema = Type.Object({
  operatorUserId: Type.Optional(TextSchema({ minLength: 1, maxLength: 100 })),
  action: Type.Optional(TextSchema({ minLength: 1, maxLength: 100 })),
  targetType: Type.Optional(TextSchema({ minLength: 1, maxLength: 50 })),
  targetId: Type.Optional(TextSchema({ minLength: 1, maxLength: 100 })),
  from: Type.Optional(PlainDateSchema),
  to: Type.Optional(PlainDateSchema),
})
export type AuditLogFilter = Static<typeof AuditLogFilterSchema>

export const GetAuditLogQuerySchema = Type.Object({
  ...AuditLogFilterSchema.properties,
  cursor: Type.Optional(TextSchema({ minLength: 1, maxLength: 300 })),
})
export type GetAuditLogQuery = Static<typeof GetAuditLogQuerySchema>

export const AuditLogEntrySchema = Type.Object({
  id: Type.String(),
  createdAt: IsoDateTimeSchema,
  /** Null for the server command (granting or revoking the role). */
  operatorUserId: Type.Union([Type.String(), Type.Null()]),
  /** The operator's username today; null for the command, or an erased account. */
  operatorUsername: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  /** The target traveller's username today, when the target is a user whose account still exists. */
  targetUsername: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
})
export type AuditLogEntry = Static<typeof AuditLogEntrySchema>

export const AUDIT_LOG_PAGE_SIZE = 50
/** The most rows one export holds; a narrower filter exports the rest. */
export const AUDIT_LOG_EXPORT_MAX_ROWS = 50_000

export const AuditLogPageSchema = Type.Object({
  entries: Type.Array(AuditLogEntrySchema),
  /** Where the next page starts; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** The operators who ever acted, for the filter's choices. */
  operators: Type.Array(Type.Object({ userId: Type.String(), username: Type.Union([Type.String(), Type.Null()]) })),
})
export type AuditLogPage = Static<typeof AuditLogPageSchema>
