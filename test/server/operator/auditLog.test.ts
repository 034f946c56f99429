import { sql } from 'kysely'

import type { AuditLogPage } from '@shared/operator'
import { eraseAccount } from '@server/features/account/deletion'
import { recordOperatorAction } from '@server/features/operator/auditLog'
import { pinClock } from '@server/lib/clock'
import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

/** The audit log (docs/security.md#operators): append-only, filtered, exported, and whole after an erasure. */
let t: TestApp
let operator: TestOperator
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  operator = await makeOperator(t)
})
afterAll(() => t.close())

function record(action: string, targetId: string, operatorUserId: string | null = operator.userId) {
  return t.db.transaction().execute((trx) =>
    recordOperatorAction(trx, {
      operatorUserId,
      action,
      targetType: 'user',
      targetId,
      reason: `because of ${action}`,
      details: { amount: 5 },
    }),
  )
}

function auditLog(query: Record<string, string> = {}, token = operator.token) {
  const search = new URLSearchParams(query).toString()
  return t.call<AuditLogPage>('GET', `/api/operator/auditLog${search ? `?${search}` : ''}`, { token })
}

/**
 * better-sqlite3's native part makes its SqliteError once per process, in the realm of the first test file that loaded
 * it, so a later file's `toThrow` does not take it for an Error; the refusal is matched by its message instead.
 */
const refusedAsAppendOnly = { message: expect.stringMatching(/append-only/) as unknown }

describe('append-only', () => {
  it('refuses UPDATE and DELETE in the database itself, and keeps the row unchanged', async () => {
    const id = await record('test.appendOnly', 'someone')
    await expect(
      sql`UPDATE operator_actions SET reason = 'rewritten' WHERE id = ${id}`.execute(t.db),
    ).rejects.toMatchObject(refusedAsAppendOnly)
    await expect(sql`DELETE FROM operator_actions WHERE id = ${id}`.execute(t.db)).rejects.toMatchObject(
      refusedAsAppendOnly,
    )
    await expect(sql`DELETE FROM operator_actions`.execute(t.db)).rejects.toMatchObject(refusedAsAppendOnly)
    if (t.dialect === 'postgres')
      await expect(sql`TRUNCATE operator_actions`.execute(t.db)).rejects.toMatchObject(refusedAsAppendOnly)
    const row = await t.db.selectFrom('operator_actions').selectAll().where('id', '=', id).executeTakeFirst()
    expect(row).toMatchObject({ reason: 'because of test.appendOnly', details: '{"amount":5}' })
  })

  it('is written in the transaction of the action: a failed action leaves no record', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordOperatorAction(trx, {
          operatorUserId: operator.userId,
          action: 'test.rolledBack',
          targetType: 'user',
          targetId: 'x',
          reason: 'r',
        })
        throw new Error('the action failed')
      }),
    ).rejects.toThrow('the action failed')
    const rows = await t.db
      .selectFrom('operator_actions')
      .select('id')
      .where('action', '=', 'test.rolledBack')
      .execute()
    expect(rows).toEqual([])
  })

  it('has no call that changes or deletes it', () => {
    const writes = t.app.operatorCalls.filter((call) => call.url.startsWith('/api/operator/auditLog'))
    expect(writes.map((call) => call.method)).toEqual(['GET', 'GET'])
  })
})

describe('reading it', () => {
  it('filters by operator, action, target and days, newest first, a page at a time', async () => {
    const other = await makeOperator(t)
    const target = await t.register()
    for (let index = 0; index < 55; index += 1) await record('credit.grant', target.userId)
    pinClock(new Date(Date.now() + 1000))
    await record('credit.take', target.userId, other.userId)
    pinClock(null)

    const first = present((await auditLog({ targetId: target.userId })).body.data)
    expect(first.entries).toHaveLength(50)
    expect(first.entries[0]).toMatchObject({
      action: 'credit.take',
      operatorUserId: other.userId,
      operatorUsername: other.username,
      targetType: 'user',
      targetUsername: target.username,
      reason: 'because of credit.take',
      details: { amount: 5 },
    })
    const second = present((await auditLog({ targetId: target.userId, cursor: present(first.nextCursor) })).body.data)
    expect(second.entries).toHaveLength(6)
    expect(second.nextCursor).toBeNull()
    const ids = [...first.entries, ...second.entries].map((entry) => entry.id)
    expect(new Set(ids).size).toBe(56)

    const byOperator = present((await auditLog({ operatorUserId: other.userId, action: 'credit.take' })).body.data)
    expect(byOperator.entries.map((entry) => entry.targetId)).toEqual([target.userId])
    expect(byOperator.operators.map((row) => row.userId)).toEqual(
      expect.arrayContaining([operator.userId, other.userId]),
    )

    const today = new Date().toISOString().slice(0, 10)
    const todays = present((await auditLog({ from: today, to: today, targetId: target.userId })).body.data)
    expect(todays.entries).toHaveLength(50)
    const none = present((await auditLog({ to: '2026-01-01', targetId: target.userId })).body.data)
    expect(none.entries).toEqual([])
  })

  it('refuses days that do not exist, a range that ends before it starts, and a forged cursor', async () => {
    expect((await auditLog({ from: '2026-02-30' })).status).toBe(400)
    expect((await auditLog({ from: '2026-03-02', to: '2026-03-01' })).status).toBe(400)
    expect((await auditLog({ cursor: 'bm90IGEgY3Vyc29y' })).status).toBe(400)
    expect((await auditLog({ from: 'yesterday' })).status).toBe(400)
  })

  it('exports the filtered log as CSV, keeps formulas as text, and records the export', async () => {
    const target = await t.register()
    await t.db.transaction().execute((trx) =>
      recordOperatorAction(trx, {
        operatorUserId: operator.userId,
        action: 'credit.grant',
        targetType: 'user',
        targetId: target.userId,
        reason: '=HYPERLINK("http://evil.example","click"), with "quotes"\nand a line',
        details: { amount: 7 },
      }),
    )
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/operator/auditLog/export?targetId=${target.userId}`,
      headers: { 'x-api-key': 'test-web-key', 'x-auth-key': operator.token },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="wandercards-audit-log-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const lines = response.body.split('\r\n')
    expect(lines[0]).toBe(
      'created_at,operator_user_id,operator_username,action,target_type,target_id,target_username,reason,details',
    )
    expect(lines[1]).toContain(
      `,${operator.userId},${operator.username},credit.grant,user,${target.userId},${target.username},`,
    )
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), with ""quotes""\nand a line"`)
    expect(response.body).toContain('"{""amount"":7}"')
    expect(lines).toHaveLength(3)
    expect(lines[2]).toBe('')

    const exports = await t.db
      .selectFrom('operator_actions')
      .select(['details', 'operator_user_id'])
      .where('action', '=', 'auditLog.export')
      .execute()
    expect(exports).toContainEqual({
      operator_user_id: operator.userId,
      details: JSON.stringify({ filter: { targetId: target.userId }, rows: 1 }),
    })
  })
})

describe('account erasure', () => {
  it('leaves the log whole when the traveller acted on, and the operator who acted, are erased', async () => {
    const acting = await makeOperator(t)
    const target = await t.register()
    const id = await record('credit.grant', target.userId, acting.userId)
    for (const user of [target, acting]) {
      await t.call('POST', '/api/account/requestDeletion', { token: user.token, body: { username: user.username } })
      await t.db
        .updateTable('account_deletions')
        .set({ due_at: new Date(0).toISOString() })
        .where('user_id', '=', user.userId)
        .execute()
      // The app's own deletion job may take a due account first; either way the account goes.
      await eraseAccount(t.db, t.app.blobs, user.userId)
    }
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const left = await t.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [target.userId, acting.userId])
        .execute()
      if (left.length === 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(
      await t.db.selectFrom('users').select('id').where('id', 'in', [target.userId, acting.userId]).execute(),
    ).toEqual([])
    expect(await t.db.selectFrom('operators').select('user_id').where('user_id', '=', acting.userId).execute()).toEqual(
      [],
    )
    const entry = present((await auditLog({ targetId: target.userId })).body.data).entries.find((row) => row.id === id)
    expect(entry).toMatchObject({
      operatorUserId: acting.userId,
      operatorUsername: null,
      targetId: target.userId,
      targetUsername: null,
      reason: 'because of credit.grant',
    })
  })
})
