import { PRODUCT_NAME } from '@shared/constants'

import { button, greetingMail, paragraphs, type RenderContext, type RenderedMail } from './layout'
import { unsubscribeLink } from './links'

export interface PhysicalCardsAnnouncementPayload {
  username: string
}

export function physicalCardsAnnouncement(
  { username }: PhysicalCardsAnnouncementPayload,
  { publicUrl, unsubscribeToken }: RenderContext,
): RenderedMail {
  const acquireLink = `${publicUrl}/acquireCards`
  const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken('physicalCards'))
  const lines = [
    'You asked us to tell you when physical cards are available: they are. Choose Physical on Acquire Cards to ' +
      'get printed cards of the places you love.',
  ]
  return greetingMail({
    username,
    subject: `Physical ${PRODUCT_NAME} cards are available`,
    text: [...lines, '', acquireLink],
    html: [paragraphs(lines), button(acquireLink, 'Acquire Cards')],
    links: [acquireLink, unsubscribe],
    unsubscribe: {
      link: unsubscribe,
      why: 'You receive this e-mail once because you pressed "Get Notified" for physical cards.',
    },
  })
}
