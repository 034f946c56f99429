import crypto from 'node:crypto'

/**
 * Operators' TOTP secrets at rest: AES-256-GCM under OPERATOR_SECRET_KEY, a fresh 96-bit nonce per encryption, and the
 * operator's user id as associated data, so a ciphertext copied onto another operator's row does not open there. The
 * stored form is `v1.<nonce>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1'

function keyOf(hexKey: string): Buffer {
  const key = Buffer.from(hexKey, 'hex')
  if (key.length !== 32) throw new Error('OPERATOR_SECRET_KEY must be 32 bytes (64 hex characters)')
  return key
}

export function sealSecret(hexKey: string, userId: string, secret: string): string {
  const nonce = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(hexKey), nonce)
  cipher.setAAD(Buffer.from(userId, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return [VERSION, nonce, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The secret, or an error when the key is not the one it was sealed with or the text was altered. */
export function openSecret(hexKey: string, userId: string, sealed: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split('.')
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error('not a sealed secret')
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(hexKey), Buffer.from(nonce, 'base64url'))
  decipher.setAAD(Buffer.from(userId, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}
