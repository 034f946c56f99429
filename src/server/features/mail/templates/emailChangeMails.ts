import { EMAIL_CHANGE_TTL_HOURS, EMAIL_CHANGE_UNDO_DAYS } from '@shared/accountChange'
import { PRODUCT_NAME } from '@shared/constants'

import { buttonLink, escapeHtml, greetingMail, type RenderContext, type RenderedMail } from './layout'
import { emailChangeConfirmLink, emailChangeUndoLink } from './links'

/** To the new address of a change of e-mail: the link that makes it the account's. */
export interface EmailChangeConfirmPayload {
  username: string
  newEmail: string
  token: string
}

/** To the old address once the change took effect: the link that undoes it. */
export interface EmailChangedPayload {
  username: string
  newEmail: string
  undoToken: string
}

export function emailChangeConfirm(
  { username, newEmail, token }: EmailChangeConfirmPayload,
  { publicUrl }: RenderContext,
): RenderedMail {
  const link = emailChangeConfirmLink(publicUrl, token)
  return greetingMail({
    username,
    subject: `Confirm your new e-mail address for ${PRODUCT_NAME}`,
    text: [
      `You asked to use ${newEmail} for your ${PRODUCT_NAME} account. Open this link within ${EMAIL_CHANGE_TTL_HOURS}`,
      'hours to confirm it:',
      '',
      link,
      '',
      'Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.',
    ],
    html: [
      `<p>You asked to use ${escapeHtml(newEmail)} for your ${escapeHtml(PRODUCT_NAME)} account. Open this link ` +
        `within ${EMAIL_CHANGE_TTL_HOURS} hours to confirm it:</p>`,
      buttonLink(link, 'Confirm this address'),
      '<p>Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.</p>',
    ],
    links: [link],
  })
}

export function emailChanged(
  { username, newEmail, undoToken }: EmailChangedPayload,
  { publicUrl }: RenderContext,
): RenderedMail {
  const link = emailChangeUndoLink(publicUrl, undoToken)
  return greetingMail({
    username,
    subject: `The e-mail address of your ${PRODUCT_NAME} account was changed`,
    text: [
      `Your ${PRODUCT_NAME} account now uses ${newEmail} instead of this address.`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, open this link within ${EMAIL_CHANGE_UNDO_DAYS} days: it gives this address back to the account,`,
      'logs it out everywhere and asks you for a new password.',
      '',
      link,
    ],
    html: [
      `<p>Your ${escapeHtml(PRODUCT_NAME)} account now uses ${escapeHtml(newEmail)} instead of this address.</p>`,
      '<p>If this was you, there is nothing to do.</p>',
      `<p>If it was not, open this link within ${EMAIL_CHANGE_UNDO_DAYS} days: it gives this address back to the ` +
        'account, logs it out everywhere and asks you for a new password.</p>',
      buttonLink(link, 'Undo the change'),
    ],
    links: [link],
  })
}
