import { EMAIL_CHANGE_TTL_HOURS, EMAIL_CHANGE_UNDO_DAYS } from '@shared/accountChange'
import { PRODUCT_NAME } from '@shared/constants'
import { EMAIL_VERIFICATION_TTL_DAYS, PASSWORD_RESET_TTL_MINUTES } from '@shared/session'

/** Every kind of message the app sends, with the values its template needs (docs/product.md#e-mails). */
export interface MailPayloads {
  passwordReset: { username: string; token: string }
  /** To the account's address: its password was changed (the password is never in it). */
  passwordChanged: { username: string }
  /** To the new address of a change of e-mail: the link that makes it the account's. */
  emailChangeConfirm: { username: string; newEmail: string; token: string }
  /** To the old address once the change took effect: the link that undoes it. */
  emailChanged: { username: string; newEmail: string; undoToken: string }
  /** Sent at sign-up: a welcome with the link that confirms the address. */
  welcome: { username: string; token: string }
  /** Sent when an unconfirmed traveller asks again (Resend). */
  emailVerification: { username: string; token: string }
}
export type MailKind = keyof MailPayloads

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** The links the message carries, logged when mail is written to files on a development machine. */
  links: string[]
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every value that reaches the HTML goes through here: a username could hold markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character)
}

/** The reset page reads the token from the fragment, which browsers send to no server and put in no Referer. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/resetPassword#token=${encodeURIComponent(token)}`
}

/** Like the reset link, the token travels in the fragment. */
export function emailChangeConfirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirmEmailChange#token=${encodeURIComponent(token)}`
}

export function emailChangeUndoLink(publicUrl: string, token: string): string {
  return `${publicUrl}/undoEmailChange#token=${encodeURIComponent(token)}`
}

/** Like the reset link, the token rides in the fragment: no server log or Referer ever sees it. */
export function emailVerificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verifyEmail#token=${encodeURIComponent(token)}`
}

function buttonLink(link: string, label: string): string {
  return (
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f6f78;color:#ffffff;` +
    `padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>\n` +
    `<p style="font-size:13px;word-break:break-all">${escapeHtml(link)}</p>`
  )
}

/** The welcome and the resent confirmation say the same about the link; only their opening differs. */
function confirmationMail(opening: string[], subject: string, username: string, token: string, publicUrl: string) {
  const link = emailVerificationLink(publicUrl, token)
  const validity = `The link works for ${EMAIL_VERIFICATION_TTL_DAYS} days.`
  const notYou = `If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail: nothing more will be sent.`
  const text = [
    `Hello ${username},`,
    '',
    ...opening,
    'Please confirm that this address is yours by opening this link:',
    '',
    link,
    '',
    validity,
    notYou,
    '',
    PRODUCT_NAME,
  ].join('\n')
  const html = htmlDocument(
    subject,
    [
      `<p>Hello ${escapeHtml(username)},</p>`,
      ...opening.map((line) => `<p>${escapeHtml(line)}</p>`),
      '<p>Please confirm that this address is yours by opening this link:</p>',
      buttonLink(link, 'Confirm my e-mail address'),
      `<p>${escapeHtml(validity)}</p>`,
      `<p>${escapeHtml(notYou)}</p>`,
    ].join('\n'),
  )
  return { subject, text, html, links: [link] }
}

/** A plain, self-contained layout: no images, no remote resources, no tracking (transactional mail). */
function htmlDocument(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1d2a36">',
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    body,
    `<p style="color:#5b6670;font-size:13px;margin-top:32px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</div></body></html>',
  ].join('\n')
}

const RENDERERS: { [K in MailKind]: (payload: MailPayloads[K], publicUrl: string) => RenderedMail } = {
  passwordReset: ({ username, token }, publicUrl) => {
    const link = passwordResetLink(publicUrl, token)
    const subject = `Set a new password for ${PRODUCT_NAME}`
    const text = [
      `Hello ${username},`,
      '',
      `Someone, hopefully you, asked to set a new password for the ${PRODUCT_NAME} account of this e-mail address.`,
      `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. Setting a new password logs the account out everywhere else.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      PRODUCT_NAME,
    ].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        `<p>Someone, hopefully you, asked to set a new password for the ${escapeHtml(PRODUCT_NAME)} account of this ` +
          `e-mail address. Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:</p>`,
        buttonLink(link, 'Set a new password'),
        '<p>The link works once. Setting a new password logs the account out everywhere else.</p>',
        '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
      ].join('\n'),
    )
    return { subject, text, html, links: [link] }
  },
  passwordChanged: ({ username }, publicUrl) => {
    const forgot = `${publicUrl}/forgotPassword`
    const subject = `Your ${PRODUCT_NAME} password was changed`
    const text = [
      `Hello ${username},`,
      '',
      `The password of your ${PRODUCT_NAME} account was changed in My Account. Every other session of the account was`,
      'logged out.',
      '',
      'If this was you, there is nothing to do.',
      `If it was not, someone else knows your password: set a new one at once with "Forgot password?":`,
      '',
      forgot,
      '',
      PRODUCT_NAME,
    ].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        `<p>The password of your ${escapeHtml(PRODUCT_NAME)} account was changed in My Account. Every other session ` +
          'of the account was logged out.</p>',
        '<p>If this was you, there is nothing to do.</p>',
        '<p>If it was not, someone else knows your password: set a new one at once with "Forgot password?":</p>',
        buttonLink(forgot, 'Set a new password'),
      ].join('\n'),
    )
    return { subject, text, html, links: [forgot] }
  },
  emailChangeConfirm: ({ username, newEmail, token }, publicUrl) => {
    const link = emailChangeConfirmLink(publicUrl, token)
    const subject = `Confirm your new e-mail address for ${PRODUCT_NAME}`
    const text = [
      `Hello ${username},`,
      '',
      `You asked to use ${newEmail} for your ${PRODUCT_NAME} account. Open this link within ${EMAIL_CHANGE_TTL_HOURS}`,
      'hours to confirm it:',
      '',
      link,
      '',
      'Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.',
      '',
      PRODUCT_NAME,
    ].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        `<p>You asked to use ${escapeHtml(newEmail)} for your ${escapeHtml(PRODUCT_NAME)} account. Open this link ` +
          `within ${EMAIL_CHANGE_TTL_HOURS} hours to confirm it:</p>`,
        buttonLink(link, 'Confirm this address'),
        '<p>Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.</p>',
      ].join('\n'),
    )
    return { subject, text, html, links: [link] }
  },
  emailChanged: ({ username, newEmail, undoToken }, publicUrl) => {
    const link = emailChangeUndoLink(publicUrl, undoToken)
    const subject = `The e-mail address of your ${PRODUCT_NAME} account was changed`
    const text = [
      `Hello ${username},`,
      '',
      `Your ${PRODUCT_NAME} account now uses ${newEmail} instead of this address.`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, open this link within ${EMAIL_CHANGE_UNDO_DAYS} days: it gives this address back to the account,`,
      'logs it out everywhere and asks you for a new password.',
      '',
      link,
      '',
      PRODUCT_NAME,
    ].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        `<p>Your ${escapeHtml(PRODUCT_NAME)} account now uses ${escapeHtml(newEmail)} instead of this address.</p>`,
        '<p>If this was you, there is nothing to do.</p>',
        `<p>If it was not, open this link within ${EMAIL_CHANGE_UNDO_DAYS} days: it gives this address back to the ` +
          'account, logs it out everywhere and asks you for a new password.</p>',
        buttonLink(link, 'Undo the change'),
      ].join('\n'),
    )
    return { subject, text, html, links: [link] }
  },
  welcome: ({ username, token }, publicUrl) =>
    confirmationMail(
      [
        `Welcome to ${PRODUCT_NAME}! Your account is ready, and your welcome certificate waits in your wallet.`,
        'Your receipts and everything we tell you about your account will come to this address.',
      ],
      `Welcome to ${PRODUCT_NAME}: please confirm your e-mail address`,
      username,
      token,
      publicUrl,
    ),
  emailVerification: ({ username, token }, publicUrl) =>
    confirmationMail(
      [`You asked for a new link to confirm the e-mail address of your ${PRODUCT_NAME} account.`],
      `Confirm your e-mail address for ${PRODUCT_NAME}`,
      username,
      token,
      publicUrl,
    ),
}

export function renderMail<K extends MailKind>(kind: K, payload: MailPayloads[K], publicUrl: string): RenderedMail {
  return RENDERERS[kind](payload, publicUrl)
}

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(RENDERERS, kind)
}
