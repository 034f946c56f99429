import rateLimit from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'

import { Breaker } from '../lib/breaker'
import { normalizeEmail } from '../lib/email'
import { AppError } from '../lib/errors'

/**
 * Who a limit counts: the client address, the address with the normalised e-mail of the body, the e-mail of the body
 * alone (whatever address asks), or the signed-in user.
 */
type LimitKey = 'address' | 'addressAndEmail' | 'email' | 'user'

/**
 * What happens when the shared counters (Redis) cannot be reached: `open` lets the call through, `closed` refuses it.
 * Closed is for calls whose only brake is the limit: password guessing, redeem-code guessing, free draws.
 */
type FailMode = 'open' | 'closed'

interface LimitDefinition {
  key: LimitKey
  max: number
  /** In @lukeed/ms notation, as @fastify/rate-limit reads it. */
  window: string
  failMode: FailMode
}

/**
 * Every rate limit of the API, in one place (docs/security.md lists them). A route names the limits it passes with
 * `config: { limits: [...] }`; routes naming one limit share its counters.
 */
export const LIMITS = {
  register: { key: 'address', max: 20, window: '1 hour', failMode: 'open' },
  // An address signing up dozens of accounts a day is farming welcome and invitation gifts, whatever the e-mails.
  registerDaily: { key: 'address', max: 50, window: '1 day', failMode: 'open' },
  // Per address and account, so guessing one password is slowed without locking its owner out elsewhere.
  loginPerAccount: { key: 'addressAndEmail', max: 10, window: '10 minutes', failMode: 'closed' },
  // Per address whatever the e-mail, so rotating e-mails does not reach the password check unbounded.
  loginPerAddress: { key: 'address', max: 30, window: '10 minutes', failMode: 'closed' },
  // A visitor's free draw makes a row per call.
  freeDraw: { key: 'address', max: 5, window: '1 hour', failMode: 'closed' },
  freeDrawResult: { key: 'address', max: 60, window: '1 minute', failMode: 'open' },
  // Friend codes are short: adding and removing by code share one counter so neither can enumerate them.
  friendCodeLookup: { key: 'address', max: 30, window: '10 minutes', failMode: 'open' },
  contentRequest: { key: 'address', max: 10, window: '1 hour', failMode: 'open' },
  createPaymentIntent: { key: 'address', max: 20, window: '1 minute', failMode: 'open' },
  // Like Stripe's confirm, the client secret is the capability; the limit slows card-number probing.
  testModeConfirmPayment: { key: 'address', max: 20, window: '1 minute', failMode: 'open' },
  // Codes carry about 79 bits; the limit keeps guessing hopeless and cheap to serve.
  redeemCertificate: { key: 'address', max: 30, window: '1 minute', failMode: 'closed' },
  pictureUpload: { key: 'address', max: 60, window: '1 minute', failMode: 'open' },
  comment: { key: 'address', max: 30, window: '1 minute', failMode: 'open' },
  sharePage: { key: 'address', max: 120, window: '1 minute', failMode: 'open' },
  // An export reads every picture of the account from the blob store: a few an hour is plenty for a person.
  exportMyData: { key: 'user', max: 3, window: '1 hour', failMode: 'closed' },
  // Each request may send an e-mail: per address, so one client cannot mail many inboxes...
  passwordResetPerAddress: { key: 'address', max: 10, window: '1 hour', failMode: 'closed' },
  // ...and per e-mail whatever the address, so nobody can fill one inbox by rotating addresses.
  passwordResetPerEmail: { key: 'email', max: 5, window: '1 hour', failMode: 'closed' },
  // The unsubscribe page and its one-click POST: signed links, so this only bounds what one client can cost.
  unsubscribe: { key: 'address', max: 60, window: '1 minute', failMode: 'open' },
  // Tokens carry 256 bits, so guessing is hopeless; this bounds the password hashing a client can cause.
  resetPassword: { key: 'address', max: 20, window: '10 minutes', failMode: 'closed' },
  // Changing the password or the e-mail asks for the current password: like a login's per-account limit, guessing it
  // with a stolen session is slowed; counted per account, whose sessions are the only ones that can call it.
  currentPasswordCheck: { key: 'user', max: 10, window: '10 minutes', failMode: 'closed' },
  // Each request e-mails a link to an address the traveller types.
  emailChangeRequest: { key: 'user', max: 5, window: '1 hour', failMode: 'closed' },
  // Tokens carry 256 bits; this bounds what a client can make the server do with made-up ones (and hash, for an undo).
  emailChangeLink: { key: 'address', max: 20, window: '10 minutes', failMode: 'closed' },
  // Each Resend e-mails the account: a few an hour per account, so nobody can fill its inbox from a session...
  verificationResendPerAccount: { key: 'user', max: 3, window: '1 hour', failMode: 'closed' },
  // ...and per address whatever the account, so one client cannot mail many inboxes through many sign-ups.
  verificationResendPerAddress: { key: 'address', max: 10, window: '1 hour', failMode: 'closed' },
  // Tokens carry 256 bits; the limit only bounds the work a client can cause.
  verifyEmail: { key: 'address', max: 30, window: '10 minutes', failMode: 'closed' },
  // An operator's second-factor code: a million codes, three of them good at any moment; per account whatever the
  // address, so guessing stays hopeless (under 0.2% a day) and the operator is held up a quarter of an hour at most.
  operatorCode: { key: 'user', max: 5, window: '15 minutes', failMode: 'closed' },
  // A crash report is logged: a page caught in a loop of errors, or a script, must not fill the log.
  clientError: { key: 'address', max: 10, window: '1 minute', failMode: 'open' },
} as const satisfies Record<string, LimitDefinition>

export type LimitName = keyof typeof LIMITS

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The named limits (plugins/rateLimit.ts) this route passes, checked in order after authentication. */
    limits?: readonly LimitName[]
  }
}

/**
 * The refusal names the limit's own window ("an hour" for sign-ups), the longest anyone waits: a sign-up refused for
 * the hour used to say "a minute", and trying again a minute later was refused again.
 */
export function tooManyAttempts(window: string): string {
  const [count = '1', unit = 'minute'] = window.split(' ')
  const singular = unit.replace(/s$/, '')
  const wait = count === '1' ? `${singular === 'hour' ? 'an' : 'a'} ${singular}` : `${count} ${singular}s`
  return `Too many attempts. Please wait ${wait} and try again.`
}

export const TOO_MANY_ATTEMPTS = tooManyAttempts('1 minute')
const LIMITS_UNAVAILABLE = 'This action is paused for a moment. Please try again in a few minutes.'

/** After the shared counters fail, how long limits skip them and act on their fail mode at once. */
export const STORE_BREAKER_OPEN_MS = 1000

/** The shared counters failed to answer, or were not asked because they failed a moment ago. */
class StoreUnreachable extends Error {
  override name = 'StoreUnreachable'
}

function limitKey(key: LimitKey, request: FastifyRequest): string {
  switch (key) {
    case 'address':
      return request.ip
    case 'addressAndEmail': {
      const email = (request.body as { email?: unknown } | undefined)?.email
      return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`
    }
    case 'email': {
      const email = (request.body as { email?: unknown } | undefined)?.email
      return `email:${typeof email === 'string' ? normalizeEmail(email) : ''}`
    }
    case 'user':
      return request.user ? `user:${request.user.id}` : request.ip
  }
}

/**
 * Checks the limits routes name (`config.limits`), after parsing so keys may use the body. With REDIS_URL the counters
 * are shared by every API instance; RATE_LIMITS=off (local load benchmarks) turns every limit off.
 */
export const rateLimitPlugin = fp(
  async (fastify) => {
    if (!fastify.config.rateLimits) return
    await fastify.register(rateLimit, {
      global: false,
      ...(fastify.redis ? { redis: fastify.redis } : {}),
      nameSpace: 'wandercards-rl-',
      skipOnError: false,
    })

    const checkOf = (name: string, limit: LimitDefinition) =>
      fastify.createRateLimit({
        max: limit.max,
        timeWindow: limit.window,
        keyGenerator: (request) => `${name}:${limitKey(limit.key, request)}`,
      })
    const checks = Object.fromEntries(
      Object.entries(LIMITS).map(([name, limit]: [string, LimitDefinition]) => [
        name,
        { limit, check: checkOf(name, limit) },
      ]),
    ) as Record<LimitName, { limit: LimitDefinition; check: ReturnType<typeof checkOf> }>

    // Only the shared store (Redis) can fail; while it is down every limit acts on its fail mode without waiting.
    const breaker = new Breaker(STORE_BREAKER_OPEN_MS)

    async function enforce(name: LimitName, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { limit, check } = checks[name]
      let result: Awaited<ReturnType<typeof check>>
      try {
        if (breaker.isOpen()) throw new StoreUnreachable('the rate-limit store failed a moment ago')
        try {
          result = await check(request)
        } catch (error) {
          breaker.failed()
          throw error
        }
        breaker.succeeded()
      } catch (error) {
        if (limit.failMode === 'open') {
          request.log.warn({ err: error, limit: name }, 'rate limit skipped: store unreachable')
          return
        }
        request.log.error({ err: error, limit: name }, 'call refused: rate-limit store unreachable')
        throw new AppError('Unavailable', LIMITS_UNAVAILABLE)
      }
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds)
        throw new AppError('TooManyRequests', tooManyAttempts(limit.window))
      }
    }

    fastify.addHook('onRoute', (route) => {
      const names = route.config?.limits
      if (!names?.length) return
      const checkLimits: preHandlerAsyncHookHandler = async (request, reply) => {
        for (const name of names) await enforce(name, request, reply)
      }
      const existing = route.preHandler
      route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), checkLimits]
    })
  },
  { name: 'rate-limit', dependencies: ['redis'] },
)
