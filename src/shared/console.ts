import { Type, type Static, type TSchema } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'
import { CONTENT_REQUEST_MAX_LENGTH } from './constants'
import { ContentRequestTypeSchema } from './content'
import { TravellerStandingSchema } from './moderation'
import { OperatorReasonSchema } from './operator'

/**
 * The console's calls about travellers and content requests (docs/product.md#console), under /api/operator like
 * every operator call: an operator past the second factor only, every action with its audit row.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

// Travellers

export const SearchTravellersQuerySchema = Type.Object({
  /** An e-mail, a username or a friend code, or the start of an e-mail or username. */
  q: TextSchema({ minLength: 1, maxLength: 254 }),
})
export type SearchTravellersQuery = Static<typeof SearchTravellersQuerySchema>

export const TravellerMatchSchema = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  email: Type.String(),
  friendCode: Type.String(),
  createdAt: IsoDateTimeSchema,
})
export type TravellerMatch = Static<typeof TravellerMatchSchema>
export const TRAVELLER_SEARCH_MAX_RESULTS = 20

export const TravellerQuerySchema = Type.Object({ userId: IdSchema })
export type TravellerQuery = Static<typeof TravellerQuerySchema>

/** How many of a traveller's newest rows the traveller page shows of each list. */
export const TRAVELLER_PAGE_ROWS = 100

export const TravellerDetailSchema = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  friendCode: Type.String(),
  createdAt: IsoDateTimeSchema,
  balances: Type.Object({ digital: Type.Integer(), physical: Type.Integer() }),
  ledger: Type.Array(
    Type.Object({
      id: Type.String(),
      createdAt: IsoDateTimeSchema,
      currency: Type.String(),
      amount: Type.Integer(),
      reason: Type.String(),
      reference: Type.String(),
    }),
  ),
  purchases: Type.Array(
    Type.Object({
      id: Type.String(),
      createdAt: IsoDateTimeSchema,
      provider: Type.String(),
      amountCents: Type.Integer(),
      currency: Type.String(),
      creditValue: Type.Integer(),
      /** pending, fulfilled, refused (never credited), refunded. */
      status: Type.String(),
    }),
  ),
  certificates: Type.Array(
    Type.Object({
      id: Type.String(),
      createdAt: IsoDateTimeSchema,
      currency: Type.String(),
      creditValue: Type.Integer(),
      source: Type.String(),
      redeemedAt: Nullable(IsoDateTimeSchema),
    }),
  ),
  draws: Type.Array(
    Type.Object({ id: Type.String(), createdAt: IsoDateTimeSchema, kind: Type.String(), price: Type.Integer() }),
  ),
  /** Live sessions (not ended, not expired). */
  sessions: Type.Array(Type.Object({ createdAt: IsoDateTimeSchema, expiresAt: IsoDateTimeSchema })),
  /** The suspension in force and the warnings, as moderation keeps them. */
  standing: TravellerStandingSchema,
})
export type TravellerDetail = Static<typeof TravellerDetailSchema>

/** The most credit one operator action grants or takes. */
export const OPERATOR_CREDIT_MAX = 1_000_000

export const AdjustCreditBodySchema = Type.Object({
  userId: IdSchema,
  direction: Type.Union([Type.Literal('grant'), Type.Literal('take')]),
  currency: Type.Union([Type.Literal('digital'), Type.Literal('physical')]),
  amount: IntegerSchema({ minimum: 1, maximum: OPERATOR_CREDIT_MAX }),
  reason: OperatorReasonSchema,
})
export type AdjustCreditBody = Static<typeof AdjustCreditBodySchema>
export const AdjustCreditResultSchema = Type.Object({
  balances: Type.Object({ digital: Type.Integer(), physical: Type.Integer() }),
})
export type AdjustCreditResult = Static<typeof AdjustCreditResultSchema>

export const TravellerActionBodySchema = Type.Object({ userId: IdSchema, reason: OperatorReasonSchema })
export type TravellerActionBody = Static<typeof TravellerActionBodySchema>
export const EndSessionsResultSchema = Type.Object({ ended: Type.Integer() })
export type EndSessionsResult = Static<typeof EndSessionsResultSchema>

// Content requests

export const CONTENT_REQUEST_STATUSES = ['new', 'answered', 'done'] as const
export type ContentRequestStatus = (typeof CONTENT_REQUEST_STATUSES)[number]
export const ContentRequestStatusSchema = Type.Union([
  Type.Literal('new'),
  Type.Literal('answered'),
  Type.Literal('done'),
])

export const ListContentRequestsQuerySchema = Type.Object({
  status: Type.Optional(ContentRequestStatusSchema),
  cursor: Type.Optional(TextSchema({ minLength: 1, maxLength: 300 })),
})
export type ListContentRequestsQuery = Static<typeof ListContentRequestsQuerySchema>

export const ConsoleContentRequestSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  requestType: ContentRequestTypeSchema,
  requestContent: Type.String(),
  createdAt: IsoDateTimeSchema,
  status: ContentRequestStatusSchema,
  reply: Nullable(Type.String()),
  repliedAt: Nullable(IsoDateTimeSchema),
  doneAt: Nullable(IsoDateTimeSchema),
})
export type ConsoleContentRequest = Static<typeof ConsoleContentRequestSchema>
export const CONTENT_REQUESTS_PAGE_SIZE = 50

export const ContentRequestPageSchema = Type.Object({
  requests: Type.Array(ConsoleContentRequestSchema),
  nextCursor: Nullable(Type.String()),
})
export type ContentRequestPage = Static<typeof ContentRequestPageSchema>

export const ReplyToContentRequestBodySchema = Type.Object({
  requestId: IdSchema,
  reply: TextSchema({ minLength: 1, maxLength: CONTENT_REQUEST_MAX_LENGTH, multiline: true }),
})
export type ReplyToContentRequestBody = Static<typeof ReplyToContentRequestBodySchema>

export const MarkContentRequestDoneBodySchema = Type.Object({ requestId: IdSchema })
export type MarkContentRequestDoneBody = Static<typeof MarkContentRequestDoneBodySchema>
