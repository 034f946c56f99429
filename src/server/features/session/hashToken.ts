import crypto from 'node:crypto'

/** Sessions and e-mailed links are stored by the hash of their token, so a leaked table opens nothing. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}
