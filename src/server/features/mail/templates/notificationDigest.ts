import { PRODUCT_NAME } from '@shared/constants'

import { button, escapeHtml, greetingMail, type RenderContext, type RenderedMail } from './layout'
import { unsubscribeLink } from './links'

/** One line of the daily digest: a notification as the Notifications page shows it. */
export interface DigestItem {
  title: string
  content: string
  /** The app's path it opens, or null. */
  link: string | null
}

export interface NotificationDigestPayload {
  username: string
  items: DigestItem[]
  more: boolean
  /** The traveller's memories that come back on the digest's day ("3 years ago today: Lisbon"); absent in older mail. */
  onThisDay?: DigestItem[]
}

export function notificationDigest(
  { username, items, more, onThisDay = [] }: NotificationDigestPayload,
  { publicUrl, unsubscribeToken }: RenderContext,
): RenderedMail {
  const notificationsLink = `${publicUrl}/notifications`
  const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken('notificationDigest'))
  const count = `${items.length}${more ? '+' : ''}`
  const intro = 'Here is what happened on your memories, cards and friends since yesterday:'
  const moreLine = 'And more: see them all on the Notifications page.'
  const recallIntro = 'On this day:'
  const textLines = (lines: DigestItem[]) =>
    lines.map(
      (item) =>
        `- ${item.title}${item.content ? `: ${item.content}` : ''}${item.link ? ` (${publicUrl}${item.link})` : ''}`,
    )
  const htmlList = (lines: DigestItem[]) => [
    '<ul style="padding-left:20px">',
    ...lines.map((item) => {
      const title = item.link
        ? `<a href="${escapeHtml(publicUrl + item.link)}" style="color:#1f6f78">${escapeHtml(item.title)}</a>`
        : escapeHtml(item.title)
      const content = item.content ? `<br>${escapeHtml(item.content)}` : ''
      return `<li style="margin-bottom:8px"><strong>${title}</strong>${content}</li>`
    }),
    '</ul>',
  ]
  const subject =
    items.length > 0
      ? `Your day on ${PRODUCT_NAME}: ${count} new ${items.length === 1 ? 'notification' : 'notifications'}`
      : `On this day on ${PRODUCT_NAME}: ${onThisDay[0]?.title ?? ''}`
  return greetingMail({
    username,
    subject,
    text: [
      ...(onThisDay.length > 0 ? [recallIntro, '', ...textLines(onThisDay), ''] : []),
      ...(items.length > 0 ? [intro, '', ...textLines(items), ...(more ? [moreLine] : []), ''] : []),
      `All your notifications: ${notificationsLink}`,
    ],
    html: [
      ...(onThisDay.length > 0 ? [`<p>${escapeHtml(recallIntro)}</p>`, ...htmlList(onThisDay)] : []),
      ...(items.length > 0 ? [`<p>${escapeHtml(intro)}</p>`, ...htmlList(items)] : []),
      ...(more ? [`<p>${escapeHtml(moreLine)}</p>`] : []),
      button(notificationsLink, 'Open Notifications'),
    ],
    links: [notificationsLink, unsubscribe],
    unsubscribe: {
      link: unsubscribe,
      why: 'You receive this daily e-mail because you turned on "Daily e-mail of my notifications" in My Account.',
    },
  })
}
