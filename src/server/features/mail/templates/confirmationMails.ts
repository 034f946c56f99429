import { PRODUCT_NAME } from '@shared/constants'
import { EMAIL_VERIFICATION_TTL_DAYS } from '@shared/emailVerificationTexts'

import { buttonLink, escapeHtml, greetingMail, type RenderContext, type RenderedMail } from './layout'
import { emailVerificationLink } from './links'

/** Sent at sign-up (a welcome), or when an unconfirmed traveller asks again (Resend): the link that confirms the address. */
export interface ConfirmationPayload {
  username: string
  token: string
}

/** The welcome and the resent confirmation say the same about the link; only their opening differs. */
function confirmationMail(opening: string[], subject: string, username: string, token: string, publicUrl: string) {
  const link = emailVerificationLink(publicUrl, token)
  const validity = `The link works for ${EMAIL_VERIFICATION_TTL_DAYS} days.`
  const notYou = `If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail: nothing more will be sent.`
  return greetingMail({
    username,
    subject,
    text: [
      ...opening,
      'Please confirm that this address is yours by opening this link:',
      '',
      link,
      '',
      validity,
      notYou,
    ],
    html: [
      ...opening.map((line) => `<p>${escapeHtml(line)}</p>`),
      '<p>Please confirm that this address is yours by opening this link:</p>',
      buttonLink(link, 'Confirm my e-mail address'),
      `<p>${escapeHtml(validity)}</p>`,
      `<p>${escapeHtml(notYou)}</p>`,
    ],
    links: [link],
  })
}

export function welcome({ username, token }: ConfirmationPayload, { publicUrl }: RenderContext): RenderedMail {
  return confirmationMail(
    [
      `Welcome to ${PRODUCT_NAME}! Your account is ready, and your welcome certificate waits in your wallet.`,
      'Your receipts and everything we tell you about your account will come to this address.',
    ],
    `Welcome to ${PRODUCT_NAME}: please confirm your e-mail address`,
    username,
    token,
    publicUrl,
  )
}

export function emailVerification(
  { username, token }: ConfirmationPayload,
  { publicUrl }: RenderContext,
): RenderedMail {
  return confirmationMail(
    [`You asked for a new link to confirm the e-mail address of your ${PRODUCT_NAME} account.`],
    `Confirm your e-mail address for ${PRODUCT_NAME}`,
    username,
    token,
    publicUrl,
  )
}
