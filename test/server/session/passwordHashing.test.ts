import crypto from 'node:crypto'

import { buildTestApp, type TestApp } from '@test/helpers/server'

/** A hash at the production cost (N=2^17), slow enough that simultaneous logins overlap on it. */
function productionCostHash(password: string): string {
  const salt = crypto.randomBytes(16)
  const params = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
  const hash = crypto.scryptSync(password, salt, 32, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

describe('password hashing under a burst of logins', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1' } })
  }, 60_000)
  afterAll(() => t.close())

  it('hashes a bounded number at once and refuses the rest with 429 in the envelope', async () => {
    const user = await t.register({ email: 'burst@example.com', password: 'steady pace' })
    await t.db
      .updateTable('users')
      .set({ password_hash: productionCostHash('steady pace') })
      .where('id', '=', user.userId)
      .execute()

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        t.call('POST', '/api/login', {
          body: { email: 'burst@example.com', password: 'steady pace' },
          remoteAddress: `198.51.100.${index + 1}`,
        }),
      ),
    )
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) {
      expect(answer.body.metadata).toMatchObject({
        status: false,
        errorCode: 'TooManyRequests',
        message: 'Too many sign-ins at once. Please try again in a moment.',
      })
    }
    expect(answers.filter((answer) => answer.status !== 429).every((answer) => answer.status === 200)).toBe(true)

    // Once the burst is over, hashing slots are free again.
    const later = await t.call('POST', '/api/login', { body: { email: 'burst@example.com', password: 'steady pace' } })
    expect(later.status).toBe(200)
  }, 60_000)
})
