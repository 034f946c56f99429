import { sql } from 'kysely'
import { Secret, TOTP, URI } from 'otpauth'

import type { SecondFactorEnrolment, SecondFactorStatus } from '@shared/operator'
import { pinClock } from '@server/lib/clock'
import { enrol, grantRole, makeOperator, totpCode } from '@test/helpers/operator'
import { present } from '@test/helpers/present'
import { buildTestApp, TEST_OPERATOR_SECRET_KEY, type TestApp, type TestUser } from '@test/helpers/server'

/** The operator's second factor (docs/security.md#operators): enrolment on first use, a code per session, no replay. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(() => t.close())
afterEach(() => pinClock(null))

const STEP_MS = 30_000

async function newOperator(): Promise<TestUser> {
  const user = await t.register()
  await grantRole(t, user)
  return user
}

function status(token: string) {
  return t.call<SecondFactorStatus>('GET', '/api/operator/secondFactor', { token })
}

function enrolment(token: string) {
  return t.call<SecondFactorEnrolment>('POST', '/api/operator/secondFactor/enrol', { token })
}

function verify(token: string, code: string) {
  return t.call<SecondFactorStatus>('POST', '/api/operator/secondFactor/verify', { token, body: { code } })
}

async function login(user: TestUser): Promise<string> {
  const response = await t.call<{ authKey: string }>('POST', '/api/login', {
    body: { email: user.email, password: 'correct horse battery' },
  })
  return present(response.body.data).authKey
}

describe('enrolment', () => {
  it('proposes a secret as an otpauth URI, base32 text and an SVG QR code, confirmed by a first code', async () => {
    const operator = await newOperator()
    expect((await status(operator.token)).body.data).toEqual({ enrolled: false, verified: false })

    const { status: code, body } = await enrolment(operator.token)
    expect(code).toBe(200)
    const proposal = present(body.data)
    expect(proposal.secret).toMatch(/^[A-Z2-7]{32}$/)
    const totp = URI.parse(proposal.uri) as TOTP
    expect(totp).toBeInstanceOf(TOTP)
    expect({ issuer: totp.issuer, label: totp.label, digits: totp.digits, period: totp.period }).toEqual({
      issuer: 'Wandercards',
      label: operator.email,
      digits: 6,
      period: 30,
    })
    expect(totp.secret.base32).toBe(proposal.secret)
    expect(proposal.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)

    // Not enrolled until a code confirms it; the console stays shut meanwhile.
    expect((await t.call('GET', '/api/operator/auditLog', { token: operator.token })).status).toBe(428)
    const confirmed = await verify(operator.token, totpCode(proposal.secret))
    expect(confirmed).toMatchObject({ status: 200, body: { data: { enrolled: true, verified: true } } })
    expect((await t.call('GET', '/api/operator/auditLog', { token: operator.token })).status).toBe(200)
    expect((await enrolment(operator.token)).status).toBe(409)
  })

  it('stores the secret encrypted under OPERATOR_SECRET_KEY, bound to the operator', async () => {
    const operator = await newOperator()
    const { secret } = present((await enrolment(operator.token)).body.data)
    const row = await t.db
      .selectFrom('operators')
      .select('totp_secret_encrypted')
      .where('user_id', '=', operator.userId)
      .executeTakeFirstOrThrow()
    const sealed = present(row.totp_secret_encrypted)
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain(secret)
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain(secret)
    const { openSecret } = await import('@server/features/operator/secretBox')
    expect(openSecret(TEST_OPERATOR_SECRET_KEY, operator.userId, sealed)).toBe(secret)
    expect(() => openSecret('b2'.repeat(32), operator.userId, sealed)).toThrow()
    expect(() => openSecret(TEST_OPERATOR_SECRET_KEY, 'someone-else', sealed)).toThrow()
  })

  it('replaces an unconfirmed proposal, and only the newest secret confirms', async () => {
    const operator = await newOperator()
    const first = present((await enrolment(operator.token)).body.data)
    const second = present((await enrolment(operator.token)).body.data)
    expect(second.secret).not.toBe(first.secret)
    expect((await verify(operator.token, totpCode(first.secret))).status).toBe(422)
    expect((await verify(operator.token, totpCode(second.secret))).status).toBe(200)
  })

  it('refuses a code before any secret was proposed', async () => {
    const operator = await newOperator()
    const { status: code, body } = await verify(operator.token, '123456')
    expect({ code, message: body.metadata.message }).toEqual({
      code: 422,
      message: 'Set up your authenticator app first.',
    })
  })

  it('is refused with a clear error when the server has no OPERATOR_SECRET_KEY', async () => {
    const keyless = await buildTestApp({ seed: false, joining: t, env: { OPERATOR_SECRET_KEY: '' } })
    try {
      const operator = await newOperator()
      const { status: code, body } = await keyless.call('POST', '/api/operator/secondFactor/enrol', {
        token: operator.token,
      })
      expect({ code, errorCode: body.metadata.errorCode }).toEqual({ code: 503, errorCode: 'Unavailable' })
      expect(body.metadata.message).toMatch(/OPERATOR_SECRET_KEY is not set/)
    } finally {
      await keyless.app.close()
      await keyless.db.destroy()
    }
  })
})

describe('verification per session', () => {
  it('is needed by each new session, and passing it in one session does not open another', async () => {
    const operator = await makeOperator(t)
    const laptop = await login(operator)
    expect((await status(laptop)).body.data).toEqual({ enrolled: true, verified: false })
    expect((await t.call('GET', '/api/operator/auditLog', { token: laptop })).status).toBe(428)
    expect((await t.call('GET', '/api/operator/auditLog', { token: operator.token })).status).toBe(200)

    pinClock(new Date(Date.now() + STEP_MS))
    expect((await verify(laptop, totpCode(operator.secret))).status).toBe(200)
    expect((await t.call('GET', '/api/operator/auditLog', { token: laptop })).status).toBe(200)
  })

  it('refuses a replayed code, in the same session and in another', async () => {
    const operator = await makeOperator(t)
    // The code that enrolled is spent: the same time-step is refused.
    const sameCode = totpCode(operator.secret)
    const other = await login(operator)
    const replay = await verify(other, sameCode)
    expect({ status: replay.status, message: replay.body.metadata.message }).toEqual({
      status: 422,
      message: 'That code was already used. Wait for the next code and enter it.',
    })
    // An older code, still within the clock drift allowed, is refused too once a newer one was taken.
    pinClock(new Date(Date.now() + STEP_MS))
    const next = totpCode(operator.secret)
    expect((await verify(other, next)).status).toBe(200)
    const older = totpCode(operator.secret, new Date(Date.now() - STEP_MS))
    expect((await verify(operator.token, older)).status).toBe(422)
    expect((await verify(operator.token, next)).status).toBe(422)
  })

  it('lets only one of two requests with the same code through', async () => {
    const operator = await makeOperator(t)
    const [first, second] = [await login(operator), await login(operator)]
    pinClock(new Date(Date.now() + STEP_MS))
    const code = totpCode(operator.secret)
    const answers = await Promise.all([verify(first, code), verify(second, code)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422])
  })

  it('accepts a code from a clock one step off, and refuses wrong, malformed and far-off codes', async () => {
    const operator = await makeOperator(t)
    const session = await login(operator)
    const at = Date.now() + 10 * STEP_MS
    pinClock(new Date(at))
    expect((await verify(session, '12345')).status).toBe(422)
    expect((await verify(session, 'abcdef')).status).toBe(422)
    expect((await verify(session, totpCode(operator.secret, new Date(at - 3 * STEP_MS)))).status).toBe(422)
    expect((await verify(session, totpCode(operator.secret, new Date(at - STEP_MS)))).status).toBe(200)
  })

  it('limits attempts per operator, and the limit answers like the others', async () => {
    const operator = await makeOperator(t)
    const session = await login(operator)
    const statuses: number[] = []
    // One attempt was spent enrolling; four more wrong codes reach the limit of five per quarter hour.
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await verify(session, '000000')).status)
    expect(statuses).toEqual([422, 422, 422, 422, 429])
    const limited = await verify(session, totpCode(operator.secret, new Date(Date.now() + STEP_MS)))
    expect(limited.status).toBe(429)
    expect(limited.body.metadata.message).toBe('Too many attempts. Please wait 15 minutes and try again.')
  })

  it('records enrolment and each verification in the audit log', async () => {
    const operator = await makeOperator(t)
    const rows = await t.db
      .selectFrom('operator_actions')
      .select(['action', 'operator_user_id', 'target_id'])
      .where('target_id', '=', operator.userId)
      .orderBy('created_at')
      .execute()
    expect(rows.map((row) => row.action)).toEqual(['operator.grant', 'secondFactor.enrol'])
  })

  it('ends with the session: after a logout its token opens no operator call', async () => {
    const operator = await makeOperator(t)
    await t.call('POST', '/api/logout', { token: operator.token })
    // The session row stays (revoked, until the purge takes it and its mark), and its token opens nothing.
    expect((await t.call('GET', '/api/operator/auditLog', { token: operator.token })).status).toBe(404)
    const { rows } = await sql<{ count: string | number }>`
      SELECT COUNT(*) AS count FROM operator_sessions WHERE user_id = ${operator.userId}`.execute(t.db)
    expect(Number(rows[0]?.count)).toBe(1)
  })
})

describe('an unconfirmed secret read back from a code generator', () => {
  it('matches the codes the otpauth library computes from the base32 text', async () => {
    const operator = await newOperator()
    const { secret } = present((await enrolment(operator.token)).body.data)
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
    expect((await verify(operator.token, code)).status).toBe(200)
  })

  it('enrols through the test helper the other suites use', async () => {
    const operator = await makeOperator(t, { withoutSecondFactor: true })
    await enrol(t, operator.token)
    expect((await status(operator.token)).body.data).toEqual({ enrolled: true, verified: true })
  })
})
