import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

// OWASP's scrypt baseline: N=2^17, r=8, p=1 (128 MiB). The parameters are stored with each hash, so the cost
// can be raised later; PASSWORD_SCRYPT_N lowers it only where hashing speed matters more (the test suite).
const PARAMS = { N: Number(process.env.PASSWORD_SCRYPT_N ?? 2 ** 17), r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
const KEY_LENGTH = 32

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  })
  return crypto.timingSafeEqual(actual, expected)
}

/** Verifies against a throwaway hash when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | null = null
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  return dummyHash
}
