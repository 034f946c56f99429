/**
 * The facts the Privacy notice and the Terms state (docs/product.md#legal-pages). The retention figures are the
 * server's defaults: SESSION_TTL_DAYS (config.ts), MAIL_KEPT_DAYS (features/mail/service.ts); the log retention is
 * the hosting's log rotation, which docs/product.md#legal-pages asks to be set to match.
 */
export const LEGAL_CONTACT = 'privacy@wandercards.example'
export const LEGAL_UPDATED = '2026-11-27'
export const RETENTION_DAYS = { session: 30, mail: 30, logs: 30 } as const
