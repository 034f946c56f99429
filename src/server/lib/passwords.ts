import crypto from 'node:crypto'
import { promisify } from 'node:util'

import { AppError } from './errors'

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

export const TOO_MANY_SIGN_INS = 'Too many sign-ins at once. Please try again in a moment.'

/**
 * Bounds the password hashes running at once. scrypt runs on libuv's thread pool (4 threads by default), which also
 * reads files: unbounded, a burst of logins starves picture and bundle serving, and each hash holds 128 MiB. Extra
 * hashes wait in a bounded queue; beyond it the call is refused with 429 rather than stall everything else.
 */
export class PasswordHashing {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password))
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.run(() => verifyPassword(password, stored))
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1
    else if (this.waiting.length < this.queueLimit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else throw new AppError('TooManyRequests', TOO_MANY_SIGN_INS)
    try {
      return await work()
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift()
      if (next) next()
      else this.running -= 1
    }
  }
}
