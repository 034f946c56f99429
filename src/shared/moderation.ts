import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'
import { MODERATION_REASON_MAX_LENGTH, REPORT_NOTE_MAX_LENGTH, SUSPENSION_MAX_DAYS } from './moderationTexts'

export * from './moderationTexts'

export const ReportItemTypeSchema = Type.Union([
  Type.Literal('memory'),
  Type.Literal('comment'),
  Type.Literal('traveller'),
])
export const ReportReasonSchema = Type.Union([
  Type.Literal('spam'),
  Type.Literal('harassment'),
  Type.Literal('hateful'),
  Type.Literal('sexual'),
  Type.Literal('private_information'),
  Type.Literal('other'),
])

export const ReportBodySchema = Type.Object({
  itemType: ReportItemTypeSchema,
  itemId: IdSchema,
  reason: ReportReasonSchema,
  note: Type.Optional(TextSchema({ maxLength: REPORT_NOTE_MAX_LENGTH, multiline: true })),
})
export type ReportBody = Static<typeof ReportBodySchema>

export const ReportResultSchema = Type.Object({ message: Type.String() })
export type ReportResult = Static<typeof ReportResultSchema>

// --- Operator calls (/api/operator/moderation/...) ---

export const ModerationReportSchema = Type.Object({
  reportId: IdSchema,
  reporterUsername: Type.String(),
  reason: ReportReasonSchema,
  note: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoDateTimeSchema,
})

const PictureLinkSchema = Type.Object({ url: Type.String(), width: IntegerSchema(), height: IntegerSchema() })

/** The reported item as the moderator sees it: whatever its visibility, with its author and its setting. */
export const ModerationContentSchema = Type.Object({
  /** False when the item was deleted since it was reported: it can only be dismissed. */
  exists: Type.Boolean(),
  authorId: IdSchema,
  authorUsername: Type.String(),
  /** The memory itself, or the memory a comment was written on. */
  memory: Type.Union([
    Type.Object({
      memoryId: IdSchema,
      cardName: Type.String(),
      content: Type.String(),
      visibility: IntegerSchema(),
      createdAt: IsoDateTimeSchema,
      hiddenAt: Type.Union([IsoDateTimeSchema, Type.Null()]),
      pictures: Type.Array(PictureLinkSchema),
    }),
    Type.Null(),
  ]),
  comment: Type.Union([
    Type.Object({
      commentId: IdSchema,
      content: Type.String(),
      createdAt: IsoDateTimeSchema,
      hiddenAt: Type.Union([IsoDateTimeSchema, Type.Null()]),
    }),
    Type.Null(),
  ]),
  traveller: Type.Object({
    userId: IdSchema,
    username: Type.String(),
    createdAt: IsoDateTimeSchema,
    memoryCount: IntegerSchema(),
    warningCount: IntegerSchema(),
    suspendedUntil: Type.Union([IsoDateTimeSchema, Type.Null()]),
    suspendedForGood: Type.Boolean(),
  }),
})
export type ModerationContent = Static<typeof ModerationContentSchema>

export const ModerationQueueItemSchema = Type.Object({
  queueItemId: IdSchema,
  itemType: ReportItemTypeSchema,
  itemId: IdSchema,
  /** Send it back with an action: the action applies only if nobody acted on the item meanwhile. */
  version: IntegerSchema(),
  reportCount: IntegerSchema(),
  firstReportedAt: IsoDateTimeSchema,
  lastReportedAt: IsoDateTimeSchema,
  reports: Type.Array(ModerationReportSchema),
  content: ModerationContentSchema,
})
export type ModerationQueueItem = Static<typeof ModerationQueueItemSchema>

export const ModerationQueueResultSchema = Type.Object({ items: Type.Array(ModerationQueueItemSchema) })
export type ModerationQueueResult = Static<typeof ModerationQueueResultSchema>

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'warn', 'suspend'] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

export const ModerationActionBodySchema = Type.Object({
  queueItemId: IdSchema,
  version: IntegerSchema(),
  action: Type.Union([Type.Literal('dismiss'), Type.Literal('hide'), Type.Literal('warn'), Type.Literal('suspend')]),
  reason: TextSchema({ minLength: 1, maxLength: MODERATION_REASON_MAX_LENGTH, multiline: true }),
  /** For `suspend`: the number of days, or absent for good. */
  days: Type.Optional(IntegerSchema({ minimum: 1, maximum: SUSPENSION_MAX_DAYS })),
})
export type ModerationActionBody = Static<typeof ModerationActionBodySchema>

export const ModerationActionResultSchema = Type.Object({
  outcome: Type.Union([
    Type.Literal('dismissed'),
    Type.Literal('hidden'),
    Type.Literal('warned'),
    Type.Literal('suspended'),
  ]),
  reportsResolved: IntegerSchema(),
})
export type ModerationActionResult = Static<typeof ModerationActionResultSchema>

/** A traveller's standing as the console's traveller page shows it. */
export const TravellerStandingSchema = Type.Object({
  /** The suspension in force, the one that ends last; `endsAt` null: for good. Null when not suspended. */
  suspension: Type.Union([
    Type.Object({
      startsAt: IsoDateTimeSchema,
      endsAt: Type.Union([IsoDateTimeSchema, Type.Null()]),
      reason: Type.String(),
    }),
    Type.Null(),
  ]),
  warnings: Type.Object({
    count: IntegerSchema(),
    newest: Type.Union([Type.Object({ reason: Type.String(), createdAt: IsoDateTimeSchema }), Type.Null()]),
  }),
})
export type TravellerStanding = Static<typeof TravellerStandingSchema>

export const UnsuspendBodySchema = Type.Object({
  userId: IdSchema,
  reason: TextSchema({ minLength: 1, maxLength: MODERATION_REASON_MAX_LENGTH, multiline: true }),
})
export type UnsuspendBody = Static<typeof UnsuspendBodySchema>
