import { PRODUCT_NAME } from '@shared/constants'
import { PASSWORD_RESET_TTL_MINUTES } from '@shared/session'

import { buttonLink, escapeHtml, greetingMail, type RenderContext, type RenderedMail } from './layout'
import { passwordResetLink } from './links'

export interface PasswordResetPayload {
  username: string
  token: string
}

/** To the account's address: its password was changed (the password is never in it). */
export interface PasswordChangedPayload {
  username: string
}

export function passwordReset({ username, token }: PasswordResetPayload, { publicUrl }: RenderContext): RenderedMail {
  const link = passwordResetLink(publicUrl, token)
  return greetingMail({
    username,
    subject: `Set a new password for ${PRODUCT_NAME}`,
    text: [
      `Someone, hopefully you, asked to set a new password for the ${PRODUCT_NAME} account of this e-mail address.`,
      `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. Setting a new password logs the account out everywhere else.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    html: [
      `<p>Someone, hopefully you, asked to set a new password for the ${escapeHtml(PRODUCT_NAME)} account of this ` +
        `e-mail address. Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:</p>`,
      buttonLink(link, 'Set a new password'),
      '<p>The link works once. Setting a new password logs the account out everywhere else.</p>',
      '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
    ],
    links: [link],
  })
}

export function passwordChanged({ username }: PasswordChangedPayload, { publicUrl }: RenderContext): RenderedMail {
  const forgot = `${publicUrl}/forgotPassword`
  return greetingMail({
    username,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: [
      `The password of your ${PRODUCT_NAME} account was changed in My Account. Every other session of the account was`,
      'logged out.',
      '',
      'If this was you, there is nothing to do.',
      `If it was not, someone else knows your password: set a new one at once with "Forgot password?":`,
      '',
      forgot,
    ],
    html: [
      `<p>The password of your ${escapeHtml(PRODUCT_NAME)} account was changed in My Account. Every other session ` +
        'of the account was logged out.</p>',
      '<p>If this was you, there is nothing to do.</p>',
      '<p>If it was not, someone else knows your password: set a new one at once with "Forgot password?":</p>',
      buttonLink(forgot, 'Set a new password'),
    ],
    links: [forgot],
  })
}
