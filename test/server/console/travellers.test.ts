import type { AdjustCreditResult, EndSessionsResult, TravellerDetail, TravellerMatch } from '@shared/console'
import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

/** The console's Travellers (docs/product.md#console): search, the traveller's page, and audited actions. */
let t: TestApp
let operator: TestOperator
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  operator = await makeOperator(t)
})
afterAll(() => t.close())

function search(q: string) {
  return t.call<TravellerMatch[]>('GET', `/api/operator/travellers/search?q=${encodeURIComponent(q)}`, {
    token: operator.token,
  })
}

function traveller(userId: string) {
  return t.call<TravellerDetail>('GET', `/api/operator/travellers/traveller?userId=${encodeURIComponent(userId)}`, {
    token: operator.token,
  })
}

function adjust(body: Record<string, unknown>) {
  return t.call<AdjustCreditResult>('POST', '/api/operator/travellers/adjustCredit', { token: operator.token, body })
}

function auditRows(targetId: string) {
  return t.db
    .selectFrom('operator_actions')
    .select(['operator_user_id', 'action', 'reason', 'details'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute()
}

async function balanceAndLedger(userId: string) {
  const user = await t.db
    .selectFrom('users')
    .select(['digital_credit'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const sum = await t.db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', 'digital')
    .executeTakeFirstOrThrow()
  return { balance: user.digital_credit, ledger: Number(sum.total) }
}

describe('search', () => {
  let found: TestUser
  beforeAll(async () => {
    found = await t.register()
  })

  it('finds a traveller by e-mail, username or friend code, whatever the case', async () => {
    for (const q of [found.email.toUpperCase(), found.username.toUpperCase(), found.friendCode.toLowerCase()]) {
      const { status, body } = await search(q)
      expect({ q, status }).toEqual({ q, status: 200 })
      expect(present(body.data)[0]).toMatchObject({
        userId: found.userId,
        username: found.username,
        email: found.email,
        friendCode: found.friendCode,
      })
    }
  })

  it('finds by the start of an e-mail or username, and takes % and _ literally', async () => {
    const { body } = await search(found.email.slice(0, 12))
    expect(present(body.data).map((match) => match.userId)).toContain(found.userId)
    expect(present((await search('%')).body.data)).toEqual([])
    expect(present((await search('_')).body.data)).toEqual([])
    expect(present((await search('nobody-like-this')).body.data)).toEqual([])
  })
})

describe("a traveller's page", () => {
  it('shows balances, ledger, purchases, certificates, draws, live sessions and whether the e-mail is confirmed', async () => {
    const user = await t.register()
    const { status, body } = await traveller(user.userId)
    expect(status).toBe(200)
    const detail = present(body.data)
    expect(detail).toMatchObject({
      userId: user.userId,
      username: user.username,
      email: user.email,
      friendCode: user.friendCode,
      emailConfirmed: false,
    })
    expect(detail.sessions).toHaveLength(1)
    expect(detail.balances.digital).toBe(
      detail.ledger.filter((row) => row.currency === 'digital').reduce((a, r) => a + r.amount, 0),
    )
    expect(Array.isArray(detail.purchases) && Array.isArray(detail.certificates) && Array.isArray(detail.draws)).toBe(
      true,
    )
  })

  it("shows the traveller's standing: the suspension in force, for a time or for good, and the warnings", async () => {
    const user = await t.register()
    const fresh = present((await traveller(user.userId)).body.data)
    expect(fresh.standing).toEqual({ suspension: null, warnings: { count: 0, newest: null } })

    const day = 86_400_000
    const now = Date.now()
    const iso = (ms: number) => new Date(ms).toISOString()
    await t.db
      .insertInto('moderation_warnings')
      .values([
        {
          id: `w1-${user.userId}`,
          user_id: user.userId,
          reason: 'Spam',
          item_type: null,
          item_id: null,
          created_by: operator.userId,
          created_at: iso(now - 3 * day),
        },
        {
          id: `w2-${user.userId}`,
          user_id: user.userId,
          reason: 'Rude comment',
          item_type: null,
          item_id: null,
          created_by: operator.userId,
          created_at: iso(now - day),
        },
      ])
      .execute()
    const suspension = (
      id: string,
      startsAt: number,
      endsAt: number | null,
      reason: string,
      liftedAt: number | null,
    ) => ({
      id: `${id}-${user.userId}`,
      user_id: user.userId,
      starts_at: iso(startsAt),
      ends_at: endsAt === null ? null : iso(endsAt),
      reason,
      created_by: operator.userId,
      lifted_at: liftedAt === null ? null : iso(liftedAt),
      lifted_by: liftedAt === null ? null : operator.userId,
    })
    await t.db
      .insertInto('suspensions')
      .values([
        suspension('ended', now - 20 * day, now - 10 * day, 'Long over', null),
        suspension('lifted', now - 5 * day, null, 'Lifted already', now - 4 * day),
        suspension('inForce', now - 2 * day, now + 5 * day, 'Harassment', null),
      ])
      .execute()

    const suspended = present((await traveller(user.userId)).body.data).standing
    expect(suspended).toEqual({
      suspension: { startsAt: iso(now - 2 * day), endsAt: iso(now + 5 * day), reason: 'Harassment' },
      warnings: { count: 2, newest: { reason: 'Rude comment', createdAt: iso(now - day) } },
    })

    const lifted = await t.call('POST', '/api/operator/moderation/unsuspend', {
      token: operator.token,
      body: { userId: user.userId, reason: 'Appeal accepted' },
    })
    expect(lifted.status).toBe(200)
    expect(present((await traveller(user.userId)).body.data).standing.suspension).toBeNull()

    await t.db
      .insertInto('suspensions')
      .values(suspension('forGood', now - day, null, 'Fraud', null))
      .execute()
    const forGood = present((await traveller(user.userId)).body.data).standing
    expect(forGood.suspension).toEqual({ startsAt: iso(now - day), endsAt: null, reason: 'Fraud' })
    expect(forGood.warnings.count).toBe(2)
  })

  it('answers not found for an unknown id', async () => {
    const { status, body } = await traveller('no-such-user')
    expect({ status, message: body.metadata.message }).toEqual({ status: 404, message: 'No such traveller.' })
  })
})

describe('credit', () => {
  it('grants and takes through the ledger, with the reason in the audit log, and the balance equals the ledger', async () => {
    const user = await t.register()
    const before = await balanceAndLedger(user.userId)
    const granted = await adjust({
      userId: user.userId,
      direction: 'grant',
      currency: 'digital',
      amount: 250,
      reason: ' Lost a draw to a bug ',
    })
    expect(granted.status).toBe(200)
    expect(present(granted.body.data).balances.digital).toBe(before.balance + 250)
    const taken = await adjust({
      userId: user.userId,
      direction: 'take',
      currency: 'digital',
      amount: 50,
      reason: 'Granted twice',
    })
    expect(present(taken.body.data).balances.digital).toBe(before.balance + 200)
    const after = await balanceAndLedger(user.userId)
    expect(after).toEqual({ balance: before.balance + 200, ledger: before.ledger + 200 })
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('user_id', '=', user.userId)
      .where('reason', 'like', 'operator_%')
      .orderBy('created_at')
      .execute()
    expect(ledger).toEqual([
      { amount: 250, reason: 'operator_grant' },
      { amount: -50, reason: 'operator_take' },
    ])
    const audit = await auditRows(user.userId)
    expect(audit.map((row) => [row.operator_user_id, row.action, row.reason])).toEqual([
      [operator.userId, 'credit.grant', 'Lost a draw to a bug'],
      [operator.userId, 'credit.take', 'Granted twice'],
    ])
    expect(JSON.parse(present(audit[0]).details)).toMatchObject({ currency: 'digital', amount: 250 })
  })

  it('refuses to take more than the balance with a clear error, and changes nothing', async () => {
    const user = await t.register()
    const before = await balanceAndLedger(user.userId)
    const { status, body } = await adjust({
      userId: user.userId,
      direction: 'take',
      currency: 'digital',
      amount: before.balance + 1,
      reason: 'too much',
    })
    expect({ status, errorCode: body.metadata.errorCode }).toEqual({ status: 422, errorCode: 'InsufficientCredit' })
    expect(body.metadata.message).toBe(
      `The traveller has only ${before.balance.toLocaleString('en-US')} digital credit: you can take at most that much.`,
    )
    expect(await balanceAndLedger(user.userId)).toEqual(before)
    expect(await auditRows(user.userId)).toEqual([])
  })

  it('refuses a missing or blank reason, a bad amount and an unknown traveller, changing nothing', async () => {
    const user = await t.register()
    const before = await balanceAndLedger(user.userId)
    const base = { userId: user.userId, direction: 'grant', currency: 'digital', amount: 10, reason: 'ok' }
    const refusals = await Promise.all([
      adjust({ ...base, reason: undefined }),
      adjust({ ...base, reason: '   ' }),
      adjust({ ...base, amount: 0 }),
      adjust({ ...base, amount: -5 }),
      adjust({ ...base, amount: 1.5 }),
      adjust({ ...base, amount: 1_000_001 }),
      adjust({ ...base, currency: 'gold' }),
      adjust({ ...base, direction: 'steal' }),
    ])
    expect(refusals.map((refusal) => refusal.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400])
    expect(present(refusals[1]).body.metadata.message).toBe('Give a reason: it is kept in the audit log.')
    expect((await adjust({ ...base, userId: 'forged-id' })).status).toBe(404)
    expect(await balanceAndLedger(user.userId)).toEqual(before)
    expect(await auditRows(user.userId)).toEqual([])
  })

  it('keeps the balance equal to the ledger under concurrent takes', async () => {
    const user = await t.register()
    await adjust({ userId: user.userId, direction: 'grant', currency: 'digital', amount: 100, reason: 'seed' })
    const { balance } = await balanceAndLedger(user.userId)
    const takes = await Promise.all(
      Array.from({ length: 6 }, () =>
        adjust({
          userId: user.userId,
          direction: 'take',
          currency: 'digital',
          amount: Math.ceil(balance / 3),
          reason: 'race',
        }),
      ),
    )
    const done = takes.filter((take) => take.status === 200).length
    expect(done).toBe(Math.floor(balance / Math.ceil(balance / 3)))
    const after = await balanceAndLedger(user.userId)
    expect(after.balance).toBe(after.ledger)
    expect(after.balance).toBeGreaterThanOrEqual(0)
    expect((await auditRows(user.userId)).filter((row) => row.action === 'credit.take')).toHaveLength(done)
  })
})

describe('sessions and password', () => {
  it('ends every session of the traveller at once, audited', async () => {
    const user = await t.register()
    expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
    const { status, body } = await t.call<EndSessionsResult>('POST', '/api/operator/travellers/endSessions', {
      token: operator.token,
      body: { userId: user.userId, reason: 'Account shared in a forum' },
    })
    expect({ status, data: body.data }).toEqual({ status: 200, data: { ended: 1 } })
    expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(401)
    expect((await auditRows(user.userId)).map((row) => [row.action, row.reason])).toEqual([
      ['sessions.end', 'Account shared in a forum'],
    ])
  })

  it('sends the forgotten-password e-mail through the same flow, audited', async () => {
    const user = await t.register()
    const { status } = await t.call('POST', '/api/operator/travellers/sendPasswordReset', {
      token: operator.token,
      body: { userId: user.userId, reason: 'Asked by e-mail to support' },
    })
    expect(status).toBe(200)
    const resets = await t.db
      .selectFrom('password_resets')
      .select('used_at')
      .where('user_id', '=', user.userId)
      .execute()
    expect(resets).toEqual([{ used_at: null }])
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient'])
      .where('user_id', '=', user.userId)
      .execute()
    expect(mails).toContainEqual({ kind: 'passwordReset', recipient: user.email })
    expect((await auditRows(user.userId)).map((row) => row.action)).toEqual(['passwordReset.send'])
  })
})
