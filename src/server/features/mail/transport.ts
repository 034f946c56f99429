import fs from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

import type { MailSettings } from '../../config/mail'

export interface OutgoingMail {
  id: string
  from: string
  to: string
  subject: string
  text: string
  html: string
  links: string[]
  /** List-Unsubscribe and List-Unsubscribe-Post on mail a traveller chose; none on transactional mail. */
  headers?: Record<string, string>
}

/** Hands a message on; throws when it was not accepted (the outbox tries again later). */
export interface MailTransport {
  readonly mode: 'smtp' | 'files'
  send(message: OutgoingMail): Promise<void>
  close(): void
}

export interface TransportLog {
  info(fields: object, message: string): void
}

/** A line break in a header value would start a header of the sender's choosing (header injection). */
const LINE_BREAK = /[\r\n]/

export class HeaderInjectionError extends Error {
  override name = 'HeaderInjectionError'
}

export function refuseLineBreaks(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (LINE_BREAK.test(value)) throw new HeaderInjectionError(`the ${name} header holds a line break`)
  }
}

/** Every wait on the SMTP server is bounded (docs/security.md#timeouts): a hung server delays mail, it holds nothing. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

function nodemailerMessage(message: OutgoingMail) {
  refuseLineBreaks({ from: message.from, to: message.to, subject: message.subject, ...message.headers })
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.id}@wandercards>`,
    headers: message.headers ?? {},
    // Templates never attach files or fetch addresses; refuse it should a value ever try.
    disableFileAccess: true,
    disableUrlAccess: true,
  }
}

export function createMailTransport(settings: MailSettings, log: TransportLog): MailTransport | null {
  if (settings.mode === 'off') return null
  if (settings.mode === 'smtp') {
    const transporter = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS })
    return {
      mode: 'smtp',
      send: async (message) => {
        await transporter.sendMail(nodemailerMessage(message))
      },
      close: () => transporter.close(),
    }
  }
  const { folder } = settings
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    mode: 'files',
    send: async (message) => {
      const info = await composer.sendMail(nodemailerMessage(message))
      await fs.mkdir(folder, { recursive: true })
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.id}.eml`)
      // Written whole, then renamed: a reader watching the folder never sees half a message.
      await fs.writeFile(`${file}.partial`, info.message as Buffer)
      await fs.rename(`${file}.partial`, file)
      // Only outside production (which needs SMTP_URL or MAIL=off): this folder is the development mailbox.
      log.info(
        { mailFile: file, to: message.to, links: message.links },
        `DEVELOPMENT MAILBOX (no SMTP_URL): "${message.subject}" written to ${file}; links: ${message.links.join(' ')}`,
      )
    },
    close: () => composer.close(),
  }
}
