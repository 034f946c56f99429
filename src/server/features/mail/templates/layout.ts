import { PRODUCT_NAME } from '@shared/constants'

import type { MailingList } from '../unsubscribe'

/** What every mail kind's template is built from: the layout, buttons and the unsubscribe footer they share. */

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** The links the message carries, logged when mail is written to files on a development machine. */
  links: string[]
  /** Extra headers: only mail a traveller chose (digest, announcement) carries List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
}

/** What a template gets besides its payload: where links point, and the unsubscribe token of its recipient. */
export interface RenderContext {
  publicUrl: string
  /** Signed when the message is sent, by the server sending it, so no token waits in the outbox. */
  unsubscribeToken: (list: MailingList) => string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every value that reaches the HTML goes through here: a username could hold markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character)
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

/** The one-click unsubscribe headers of RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to the link. */
function unsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
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

/**
 * Every message greets the traveller by name and, in text, signs with the product's name; a mail the traveller chose
 * (`unsubscribe`) ends with the footer that stops it and carries the one-click headers.
 */
export function greetingMail(mail: {
  username: string
  subject: string
  /** The text body between the greeting and the signature, one entry per line. */
  text: string[]
  /** The HTML body after the greeting, one entry per line, every value escaped by the caller. */
  html: string[]
  links: string[]
  unsubscribe?: { link: string; why: string }
}): RenderedMail {
  const footer = mail.unsubscribe && unsubscribeFooter(mail.unsubscribe.link, mail.unsubscribe.why)
  const text = [`Hello ${mail.username},`, '', ...mail.text, '', PRODUCT_NAME, ...(footer?.text ?? [])].join('\n')
  const html = htmlDocument(
    mail.subject,
    [`<p>Hello ${escapeHtml(mail.username)},</p>`, ...mail.html, ...(footer ? [footer.html] : [])].join('\n'),
  )
  const rendered: RenderedMail = { subject: mail.subject, text, html, links: mail.links }
  return mail.unsubscribe ? { ...rendered, headers: unsubscribeHeaders(mail.unsubscribe.link) } : rendered
}

const BUTTON_STYLE =
  'display:inline-block;background:#1f6f78;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;' +
  'font-weight:bold'

export function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`
}

/** A button, and the link written out beneath it for mail programs that show no buttons. */
export function buttonLink(link: string, label: string): string {
  return `${button(link, label)}\n<p style="font-size:13px;word-break:break-all">${escapeHtml(link)}</p>`
}

/** Plain-text paragraphs to HTML paragraphs, every value escaped. */
export function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')
}

/** Text lines with a blank line between each two, as paragraphs read in a plain-text mail. */
export function spaced(lines: string[]): string[] {
  return lines.flatMap((line, index) => (index === 0 ? [line] : ['', line]))
}

/** A UTC date as YYYY-MM-DD, as the app writes dates. */
export function mailDate(iso: string): string {
  return iso.slice(0, 10)
}
