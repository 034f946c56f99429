import type { Transaction } from 'kysely'

import type { ModerationOutcome, ReportItemType } from '@shared/moderation'

import type { Database } from '../../db/schema'
import { notificationLinks, notify } from '../notifications/service'

/**
 * The notifications of moderation, word for word as docs/product.md#reports-and-moderation lists them. A reporter hears
 * the outcome without details of what happened to the other traveller; an author hears what was done and why.
 */

const WHAT: Record<ReportItemType, string> = {
  memory: 'a memory',
  comment: 'a comment',
  traveller: 'a traveller',
}

/** The operator's reason as a sentence of the notification. */
function sentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

export const NOTICES = {
  reportAnswered: (itemType: ReportItemType, outcome: ModerationOutcome) => ({
    title: 'Your report was reviewed',
    content:
      outcome === 'dismissed'
        ? `Thank you for reporting ${WHAT[itemType]}. Our moderators looked at it and found that it does not break the community rules.`
        : `Thank you for reporting ${WHAT[itemType]}. Our moderators looked at it and took action.`,
  }),
  memoryHidden: (cardName: string, reason: string) => ({
    title: 'Your memory was hidden',
    content: `Our moderators hid your memory of ${cardName}: ${sentence(reason)} Only you can see it now.`,
  }),
  commentHidden: (reason: string) => ({
    title: 'Your comment was hidden',
    content: `Our moderators hid your comment: ${sentence(reason)} Only you can see it now.`,
  }),
  warned: (reason: string) => ({
    title: 'A warning from our moderators',
    content: `${sentence(reason)} Please keep to the community rules; breaking them again may suspend your account.`,
  }),
  suspended: (until: string | null, reason: string) => ({
    title: 'Your account is suspended',
    content:
      until === null
        ? `Our moderators suspended your account for good: ${sentence(reason)}`
        : `Our moderators suspended your account until ${until}: ${sentence(reason)}`,
  }),
  unsuspended: {
    title: 'Your suspension has ended',
    content: 'Our moderators lifted the suspension of your account. Welcome back.',
  },
  /** What a notification that quoted a comment says once the comment is hidden. */
  commentRemoved: 'A comment on your memory was removed by our moderators.',
}

/** The screen a report's notification opens: the item's own page while it is there to see. */
export function itemLink(itemType: ReportItemType, itemId: string, memoryId: string | null): string {
  if (itemType === 'traveller') return notificationLinks.friend(itemId)
  if (memoryId === null) return notificationLinks.notifications
  return itemType === 'comment' ? notificationLinks.memoryComments(memoryId) : notificationLinks.memory(memoryId)
}

export async function tell(
  trx: Transaction<Database>,
  userId: string,
  notice: { title: string; content: string },
  link: string,
): Promise<void> {
  await notify(trx, userId, notice.title, notice.content, link)
}
