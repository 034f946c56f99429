/**
 * The constants and texts of reports and moderation, without typebox so the web app's report button and dialog load
 * without it (src/shared/moderation.ts holds the schemas and re-exports these).
 */

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
