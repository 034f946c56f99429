import path from 'node:path'

import { Type, type Static } from 'typebox'

import { isOn, Switch } from './settings'

export type MailSettings =
  | { mode: 'smtp'; smtpUrl: string; from: string }
  | { mode: 'files'; folder: string; from: string }
  | { mode: 'off'; from: string }

/** An e-mail address, or a display name with the address in angle brackets; never a line break (header injection). */
const MAIL_FROM_PATTERN = '^([^\\r\\n<>]*<[^\\s@<>]+@[^\\s@<>]+>|[^\\s@<>]+@[^\\s@<>]+)$'

/** The e-mail settings as written in the environment (README's settings table). */
export const MailSettingsSchema = Type.Object({
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://[^\\s]+$',
      description: 'an smtp:// or smtps:// address, e.g. smtps://user:password@smtp.example.com:465',
    }),
  ),
  MAIL_FROM: Type.String({
    pattern: MAIL_FROM_PATTERN,
    default: 'Wandercards <no-reply@localhost>',
    description: 'an address, e.g. "Wandercards <no-reply@example.com>", on one line',
  }),
  MAIL: Type.Optional(Switch('e-mail')),
})

/**
 * SMTP when SMTP_URL is set; otherwise .eml files under `dataDir`/mail (DATA_DIR resolved), so the e-mail flows work
 * on a fresh machine.
 */
export function mailSettings(settings: Static<typeof MailSettingsSchema>, dataDir: string): MailSettings {
  const from = settings.MAIL_FROM
  if (settings.MAIL !== undefined && !isOn(settings.MAIL)) return { mode: 'off', from }
  if (settings.SMTP_URL) return { mode: 'smtp', smtpUrl: settings.SMTP_URL, from }
  return { mode: 'files', folder: path.join(dataDir, 'mail'), from }
}
