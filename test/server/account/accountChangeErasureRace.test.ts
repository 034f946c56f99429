import { sql } from 'kysely'
import type { ParsedMail } from 'mailparser'

import { eraseAccount } from '@server/features/account/deletion'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { startSmtpServer, type TestSmtpServer } from '@test/helpers/smtp'

jest.setTimeout(120_000)

/**
 * A password reset, a change of password and a change of e-mail address racing the erasure of their account. On
 * PostgreSQL, where rows are locked one by one, every path takes the user's row first (docs/security.md#locks), so one
 * waits for the other and nothing deadlocks; on both databases nothing answers 500.
 */
const PASSWORD = 'correct horse battery'
const TRAVELLERS = 6
const DAY_MS = 86_400_000

describe('changes to an account racing its erasure', () => {
  let smtp: TestSmtpServer
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await buildTestApp({ seed: false, env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  async function nextMail(action: () => Promise<unknown>): Promise<ParsedMail> {
    const before = smtp.received.length
    await action()
    await t.app.background.settled()
    await t.app.mail?.settled()
    return (await smtp.waitForMessages(before + 1)).slice(before)[0] as ParsedMail
  }

  const tokenIn = (mail: ParsedMail, page: string) =>
    new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1] ?? ''

  interface Doomed {
    user: TestUser
    resetToken: string
    confirmToken: string
  }

  /**
   * A traveller with a reset link and a change of address waiting, whose deletion is due. The request is written
   * directly, so the traveller's session still works, as one trusted by another instance's cache would.
   */
  async function doomedTraveller(index: number): Promise<Doomed> {
    const user = await t.register()
    const resetMail = await nextMail(() => t.call('POST', '/api/requestPasswordReset', { body: { email: user.email } }))
    const confirmMail = await nextMail(() =>
      t.call('POST', '/api/account/requestEmailChange', {
        token: user.token,
        body: { password: PASSWORD, newEmail: `moved.${index}.${user.userId}@example.org` },
      }),
    )
    const requestedAt = new Date(Date.now() - 31 * DAY_MS).toISOString()
    await t.db
      .insertInto('account_deletions')
      .values({ user_id: user.userId, requested_at: requestedAt, due_at: requestedAt, started_at: null })
      .execute()
    return {
      user,
      resetToken: tokenIn(resetMail, 'resetPassword'),
      confirmToken: tokenIn(confirmMail, 'confirmEmailChange'),
    }
  }

  /** Deadlocks PostgreSQL has ended in this test's database so far; SQLite has none. */
  async function deadlocks(): Promise<number> {
    if (t.dialect !== 'postgres') return 0
    await sql`select pg_stat_force_next_flush()`.execute(t.db)
    await sql`select pg_stat_clear_snapshot()`.execute(t.db)
    const { rows } = await sql<{
      deadlocks: string
    }>`select deadlocks from pg_stat_database where datname = current_database()`.execute(t.db)
    return Number(rows[0]?.deadlocks ?? 0)
  }

  it('lets one side wait for the other: no deadlock, no 500, and an account either erased or whole', async () => {
    const doomed: Doomed[] = []
    for (let i = 0; i < TRAVELLERS; i += 1) doomed.push(await doomedTraveller(i))
    const deadlocksBefore = await deadlocks()

    const calls: Promise<{ name: string; status: number; message: string }>[] = []
    const erasures: Promise<boolean>[] = []
    const call = (name: string, url: string, body: object, token?: string) =>
      calls.push(
        t
          .call('POST', url, { body, ...(token ? { token } : {}) })
          .then(({ status, body: answer }) => ({ name, status, message: answer.metadata.message })),
      )
    doomed.forEach(({ user, resetToken, confirmToken }, index) => {
      // The erasure starts before, between or after the changes, depending on the traveller.
      const erase = () => erasures.push(eraseAccount(t.db, t.app.blobs, user.userId))
      if (index % 3 === 0) erase()
      call('resetPassword', '/api/resetPassword', { token: resetToken, newPassword: 'a new start in Porto' })
      if (index % 3 === 1) erase()
      call(
        'changePassword',
        '/api/account/changePassword',
        { currentPassword: PASSWORD, newPassword: 'another start in Oslo' },
        user.token,
      )
      call('confirmEmailChange', '/api/account/confirmEmailChange', { token: confirmToken })
      if (index % 3 === 2) erase()
    })
    const [answers] = await Promise.all([Promise.all(calls), Promise.all(erasures)])

    expect(answers.filter(({ status }) => status >= 500)).toEqual([])
    expect(t.loggedErrors).toEqual([])
    expect((await deadlocks()) - deadlocksBefore).toBe(0)
    // Each account was erased whole (every row of it gone) or is whole, with its deletion cancelled or still due.
    for (const { user } of doomed) {
      const row = await t.db.selectFrom('users').select('id').where('id', '=', user.userId).executeTakeFirst()
      const links = await t.db.selectFrom('email_changes').select('id').where('user_id', '=', user.userId).execute()
      if (!row) expect(links).toEqual([])
      else expect(links.length).toBeGreaterThan(0)
    }
  })
})
