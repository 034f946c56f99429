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
}

export function notificationDigest(
  { username, items, more }: NotificationDigestPayload,
  { publicUrl, unsubscribeToken }: RenderContext,
): RenderedMail {
  const notificationsLink = `${publicUrl}/notifications`
  const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken('notificationDigest'))
  const count = `${items.length}${more ? '+' : ''}`
  const intro = 'Here is what happened on your memories, cards and friends since yesterday:'
  const moreLine = 'And more: see them all on the Notifications page.'
  return greetingMail({
    username,
    subject: `Your day on ${PRODUCT_NAME}: ${count} new ${items.length === 1 ? 'notification' : 'notifications'}`,
    text: [
      intro,
      '',
      ...items.map((item) => `- ${item.title}: ${item.content}${item.link ? ` (${publicUrl}${item.link})` : ''}`),
      ...(more ? [moreLine] : []),
      '',
      `All your notifications: ${notificationsLink}`,
    ],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      '<ul style="padding-left:20px">',
      ...items.map((item) => {
        const title = item.link
          ? `<a href="${escapeHtml(publicUrl + item.link)}" style="color:#1f6f78">${escapeHtml(item.title)}</a>`
          : escapeHtml(item.title)
        return `<li style="margin-bottom:8px"><strong>${title}</strong><br>${escapeHtml(item.content)}</li>`
      }),
      '</ul>',
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
