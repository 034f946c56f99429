import { EMAIL_CHANGE_TTL_HOURS, EMAIL_CHANGE_UNDO_DAYS } from '@shared/accountChange'
import { PRODUCT_NAME } from '@shared/constants'
import { EMAIL_VERIFICATION_TTL_DAYS, PASSWORD_RESET_TTL_MINUTES } from '@shared/session'

import type { MailingList } from './unsubscribe'

/** One line of the daily digest: a notification as the Notifications page shows it. */
export interface DigestItem {
  title: string
  content: string
  /** The app's path it opens, or null. */
  link: string | null
}

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
  purchaseReceipt: {
    username: string
    amountCents: number
    currency: string
    credit: number
    creditKind: 'digital' | 'physical'
    paidAt: string
    reference: string
  }
  /** A refund or a dispute of a purchase took its credit back, or a won dispute gave it back. */
  purchaseReversed: { username: string; title: string; text: string; reference: string }
  accountDeletionRequested: { username: string; deletionDueAt: string }
  accountDeleted: { username: string }
  physicalCardsAnnouncement: { username: string }
  notificationDigest: { username: string; items: DigestItem[]; more: boolean }
}
export type MailKind = keyof MailPayloads

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** The links the message carries, logged when mail is written to files on a development machine. */
  links: string[]
  /** Extra headers: only mail a traveller chose (digest, announcement) carries List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
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

/** The page that confirms an unsubscription (GET) and takes RFC 8058's one-click POST, both at one address. */
export function unsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`
}

/** The one-click unsubscribe headers of RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to the link. */
function unsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

const BUTTON_STYLE =
  'display:inline-block;background:#1f6f78;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;' +
  'font-weight:bold'

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`
}

/** A button, and the link written out beneath it for mail programs that show no buttons. */
function buttonLink(link: string, label: string): string {
  return `${button(link, label)}\n<p style="font-size:13px;word-break:break-all">${escapeHtml(link)}</p>`
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

/** Plain-text paragraphs to HTML paragraphs, every value escaped. */
function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')
}

/** A UTC date as YYYY-MM-DD, as the app writes dates. */
export function mailDate(iso: string): string {
  return iso.slice(0, 10)
}

/** Credit with thousands separators, as the app shows it: 12500 → "12,500". */
function formatCredit(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value)
}

/** An amount in the payment's currency: "USD 4.99". */
function formatAmount(amountCents: number, currency: string): string {
  return `${currency.toUpperCase()} ${(amountCents / 100).toFixed(2)}`
}

/** The footer of a mail the traveller chose: why it came and how to stop it, in one click. */
function unsubscribeFooter(link: string, why: string): { text: string[]; html: string } {
  return {
    text: ['', '--', why, `Unsubscribe: ${link}`],
    html:
      `<p style="color:#5b6670;font-size:13px;margin-top:32px">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(link)}" style="color:#5b6670">Unsubscribe</a></p>`,
  }
}

/** What a template gets besides its payload: where links point, and the unsubscribe token of its recipient. */
export interface RenderContext {
  publicUrl: string
  /** Signed when the message is sent, by the server sending it, so no token waits in the outbox. */
  unsubscribeToken: (list: MailingList) => string
}

const RENDERERS: { [K in MailKind]: (payload: MailPayloads[K], context: RenderContext) => RenderedMail } = {
  passwordReset: ({ username, token }, { publicUrl }) => {
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
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f6f78;color:#ffffff;` +
          'padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Set a new password</a></p>',
        `<p style="font-size:13px;word-break:break-all">${escapeHtml(link)}</p>`,
        '<p>The link works once. Setting a new password logs the account out everywhere else.</p>',
        '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
      ].join('\n'),
    )
    return { subject, text, html, links: [link] }
  },

  passwordChanged: ({ username }, { publicUrl }) => {
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
  emailChangeConfirm: ({ username, newEmail, token }, { publicUrl }) => {
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
  emailChanged: ({ username, newEmail, undoToken }, { publicUrl }) => {
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
  welcome: ({ username, token }, { publicUrl }) =>
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
  emailVerification: ({ username, token }, { publicUrl }) =>
    confirmationMail(
      [`You asked for a new link to confirm the e-mail address of your ${PRODUCT_NAME} account.`],
      `Confirm your e-mail address for ${PRODUCT_NAME}`,
      username,
      token,
      publicUrl,
    ),

  purchaseReceipt: ({ username, amountCents, currency, credit, creditKind, paidAt, reference }, { publicUrl }) => {
    const walletLink = `${publicUrl}/myWallet`
    const subject = `Your ${PRODUCT_NAME} receipt`
    const details: [string, string][] = [
      ['Amount paid', formatAmount(amountCents, currency)],
      ['Credit received', `${formatCredit(credit)} ${creditKind} credit`],
      ['Date', mailDate(paidAt)],
      ['Payment reference', reference],
    ]
    const intro = `Thank you for your purchase. ${formatCredit(credit)} ${creditKind} credit has been added to your wallet.`
    const keep = 'Keep this e-mail as your receipt. Quote the payment reference if you ever need to ask about it.'
    const text = [
      `Hello ${username},`,
      '',
      intro,
      '',
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      keep,
      `Your wallet: ${walletLink}`,
      '',
      PRODUCT_NAME,
    ].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        '<table style="border-collapse:collapse;margin:16px 0">',
        ...details.map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#5b6670">${escapeHtml(label)}</td>` +
            `<td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
        `<p>${escapeHtml(keep)}</p>`,
        button(walletLink, 'Open My Wallet'),
      ].join('\n'),
    )
    return { subject, text, html, links: [walletLink] }
  },

  purchaseReversed: ({ username, title, text: news, reference }, { publicUrl }) => {
    const walletLink = `${publicUrl}/myWallet`
    const subject = `${PRODUCT_NAME}: ${title}`
    const quote = `Payment reference: ${reference}`
    const text = [`Hello ${username},`, '', news, '', quote, `Your wallet: ${walletLink}`, '', PRODUCT_NAME].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        `<p>${escapeHtml(news)}</p>`,
        `<p style="color:#5b6670">${escapeHtml(quote)}</p>`,
        button(walletLink, 'Open My Wallet'),
      ].join('\n'),
    )
    return { subject, text, html, links: [walletLink] }
  },

  accountDeletionRequested: ({ username, deletionDueAt }, { publicUrl }) => {
    const loginLink = `${publicUrl}/login`
    const date = mailDate(deletionDueAt)
    const subject = `Your ${PRODUCT_NAME} account will be deleted on ${date}`
    const lines = [
      `You asked to delete your ${PRODUCT_NAME} account. It will be deleted on ${date}, with your memories and ` +
        'their pictures, your cards and draws, your comments and likes, your friendships and your notifications.',
      `Changed your mind? Log in before ${date} and the deletion is cancelled.`,
      'If you did not ask for this, log in now: it cancels the deletion. Then set a new password.',
    ]
    const text = [`Hello ${username},`, '', ...lines.flatMap((line) => [line, '']), loginLink, '', PRODUCT_NAME].join(
      '\n',
    )
    const html = htmlDocument(
      subject,
      [`<p>Hello ${escapeHtml(username)},</p>`, paragraphs(lines), button(loginLink, 'Log in to keep my account')].join(
        '\n',
      ),
    )
    return { subject, text, html, links: [loginLink] }
  },

  accountDeleted: ({ username }) => {
    const subject = `Your ${PRODUCT_NAME} account has been deleted`
    const lines = [
      `Your ${PRODUCT_NAME} account ${username} has been deleted, as you asked 14 days ago, with everything in it.`,
      'Your purchases are kept without your name, for accounting. This is the last e-mail we send to this address; ' +
        'we keep no copy of it.',
      `You are welcome to sign up again with this address at any time.`,
    ]
    const text = [`Hello ${username},`, '', ...lines.flatMap((line) => [line, '']), PRODUCT_NAME].join('\n')
    const html = htmlDocument(subject, [`<p>Hello ${escapeHtml(username)},</p>`, paragraphs(lines)].join('\n'))
    return { subject, text, html, links: [] }
  },

  physicalCardsAnnouncement: ({ username }, { publicUrl, unsubscribeToken }) => {
    const acquireLink = `${publicUrl}/acquireCards`
    const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken('physicalCards'))
    const subject = `Physical ${PRODUCT_NAME} cards are available`
    const lines = [
      'You asked us to tell you when physical cards are available: they are. Choose Physical on Acquire Cards to ' +
        'get printed cards of the places you love.',
    ]
    const footer = unsubscribeFooter(
      unsubscribe,
      'You receive this e-mail once because you pressed "Get Notified" for physical cards.',
    )
    const text = [`Hello ${username},`, '', ...lines, '', acquireLink, '', PRODUCT_NAME, ...footer.text].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
        paragraphs(lines),
        button(acquireLink, 'Acquire Cards'),
        footer.html,
      ].join('\n'),
    )
    return { subject, text, html, links: [acquireLink, unsubscribe], headers: unsubscribeHeaders(unsubscribe) }
  },

  notificationDigest: ({ username, items, more }, { publicUrl, unsubscribeToken }) => {
    const notificationsLink = `${publicUrl}/notifications`
    const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken('notificationDigest'))
    const count = `${items.length}${more ? '+' : ''}`
    const subject = `Your day on ${PRODUCT_NAME}: ${count} new ${items.length === 1 ? 'notification' : 'notifications'}`
    const intro = 'Here is what happened on your memories, cards and friends since yesterday:'
    const moreLine = 'And more: see them all on the Notifications page.'
    const footer = unsubscribeFooter(
      unsubscribe,
      'You receive this daily e-mail because you turned on "Daily e-mail of my notifications" in My Account.',
    )
    const text = [
      `Hello ${username},`,
      '',
      intro,
      '',
      ...items.map((item) => `- ${item.title}: ${item.content}${item.link ? ` (${publicUrl}${item.link})` : ''}`),
      ...(more ? [moreLine] : []),
      '',
      `All your notifications: ${notificationsLink}`,
      '',
      PRODUCT_NAME,
      ...footer.text,
    ].join('\n')
    const html = htmlDocument(
      subject,
      [
        `<p>Hello ${escapeHtml(username)},</p>`,
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
        footer.html,
      ].join('\n'),
    )
    return { subject, text, html, links: [notificationsLink, unsubscribe], headers: unsubscribeHeaders(unsubscribe) }
  },
}

export function renderMail<K extends MailKind>(
  kind: K,
  payload: MailPayloads[K],
  context: RenderContext,
): RenderedMail {
  return RENDERERS[kind](payload, context)
}

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(RENDERERS, kind)
}
