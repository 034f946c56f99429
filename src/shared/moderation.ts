import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'

/** What a traveller can report (docs/product.md#reports-and-moderation). A traveller is named by their user id. */
export const REPORT_ITEM_TYPES = ['memory', 'comment', 'traveller'] as const
export type ReportItemType = (typeof REPORT_ITEM_TYPES)[number]

/** The reasons of the report dialog, in its order, with the label each radio button shows. */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'hateful', label: 'Hateful content' },
  { value: 'sexual', label: 'Sexual content' },
  { value: 'private_information', label: 'Private information' },
  { value: 'other', label: 'Something else' },
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]['value']

export const REPORT_NOTE_MAX_LENGTH = 500
/** Reports one account may send in a day (plugins/rateLimit.ts, `report`). */
export const REPORTS_PER_DAY = 20
/** A suspension for N days: at most ten years; longer is "for good". */
export const SUSPENSION_MAX_DAYS = 3650
export const MODERATION_REASON_MAX_LENGTH = 500

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

/** The texts of reports and moderation, word for word as docs/product.md#reports-and-moderation lists them. */
export const MODERATION_TEXTS = {
  reportMenuItem: 'Report',
  dialogTitle: {
    memory: 'Report this memory',
    comment: 'Report this comment',
    traveller: 'Report this traveller',
  } satisfies Record<ReportItemType, string>,
  dialogIntro: 'Tell us what is wrong. The traveller you report is not told who reported them.',
  noteLabel: 'Anything else we should know? (optional)',
  submit: 'Send report',
  cancel: 'Cancel',
  reported:
    'Thank you. Your report reached our moderators; we will tell you in a notification when they have looked at it.',
  alreadyReported: 'You have already reported this. Our moderators will look at it; you will hear from us.',
  ownItem: 'You cannot report your own content.',
  notFound: {
    memory: 'Memory not found.',
    comment: 'Comment not found.',
    traveller: 'Traveller not found.',
  } satisfies Record<ReportItemType, string>,
  suspended: (until: string | null) =>
    until === null
      ? 'Your account is suspended for good for breaking the community rules.'
      : `Your account is suspended until ${until} for breaking the community rules.`,
} as const

/** How the notification of an outcome words each action (to the reporter and to the author). */
export const MODERATION_OUTCOMES = ['dismissed', 'hidden', 'warned', 'suspended'] as const
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number]

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

export const UnsuspendBodySchema = Type.Object({
  userId: IdSchema,
  reason: TextSchema({ minLength: 1, maxLength: MODERATION_REASON_MAX_LENGTH, multiline: true }),
})
export type UnsuspendBody = Static<typeof UnsuspendBodySchema>
