import { Secret, TOTP } from 'otpauth'

import type { SecondFactorEnrolment } from '@shared/operator'
import { grantOperator } from '@server/features/operator/service'
import { now } from '@server/lib/clock'

import { present } from './present'
import type { TestApp, TestUser } from './server'

export interface TestOperator extends TestUser {
  /** The TOTP secret in base32, as the enrolment showed it. */
  secret: string
}

/** The code an authenticator app shows for `secret` at `at` (the server's clock by default). */
export function totpCode(secret: string, at: Date = now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() })
}

/** Makes `user` an operator, as `npm run operator -- grant` does, without enrolling a second factor. */
export async function grantRole(t: TestApp, user: TestUser, note = 'test'): Promise<void> {
  await grantOperator(t.db, t.config.operatorSecretKey, user.email, note)
}

/** Enrols the operator's authenticator app from `token`'s session: that session passes the second factor. */
export async function enrol(t: TestApp, token: string): Promise<SecondFactorEnrolment> {
  const enrolment = await t.call<SecondFactorEnrolment>('POST', '/api/operator/secondFactor/enrol', { token })
  if (enrolment.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(enrolment.body)}`)
  const { secret } = present(enrolment.body.data)
  const verified = await t.call('POST', '/api/operator/secondFactor/verify', {
    token,
    body: { code: totpCode(secret) },
  })
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`)
  return enrolment.body.data
}

/**
 * A new traveller made an operator, enrolled, with a session that passed the second factor: what an operator call
 * needs. `withoutSecondFactor` stops after the grant (the session is an operator's, not yet verified).
 */
export async function makeOperator(t: TestApp, options: { withoutSecondFactor?: boolean } = {}): Promise<TestOperator> {
  const user = await t.register({ confirmed: true })
  await grantRole(t, user)
  if (options.withoutSecondFactor) return { ...user, secret: '' }
  const { secret } = await enrol(t, user.token)
  return { ...user, secret }
}
