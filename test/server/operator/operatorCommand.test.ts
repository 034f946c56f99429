import { spawn } from 'node:child_process'
import path from 'node:path'

import { makeOperator } from '@test/helpers/operator'
import { buildTestApp, TEST_OPERATOR_SECRET_KEY, type TestApp } from '@test/helpers/server'

/**
 * `npm run operator -- grant|revoke|list` (src/server/commands/operator.ts), run compiled with plain node as
 * production runs it (dist/server/operator.js, built by the server tests' global setup), on the test app's database.
 */
const root = path.resolve(__dirname, '../../..')

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(() => t.close())

function operatorCommand(
  args: string[],
  env: Record<string, string> = { OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY },
  script = 'dist/server/operator.js',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
        LOG_LEVEL: 'silent',
        ...env,
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

function isOperator(userId: string) {
  return t.db.selectFrom('operators').select(['user_id', 'granted_by']).where('user_id', '=', userId).executeTakeFirst()
}

it('grants the role to an account by e-mail, with a note, and records it in the audit log', async () => {
  const user = await t.register()
  const granted = await operatorCommand(['grant', user.email.toUpperCase(), '--note', 'ticket 42'])
  expect(granted).toMatchObject({ code: 0, stderr: '' })
  expect(granted.stdout).toContain('is now an operator')
  expect(await isOperator(user.userId)).toEqual({ user_id: user.userId, granted_by: 'ticket 42' })
  const audit = await t.db
    .selectFrom('operator_actions')
    .select(['operator_user_id', 'action', 'target_type', 'reason'])
    .where('target_id', '=', user.userId)
    .execute()
  expect(audit).toEqual([
    { operator_user_id: null, action: 'operator.grant', target_type: 'user', reason: 'ticket 42' },
  ])

  // The session the traveller already had now reaches the second factor (and nothing else yet).
  const status = await t.call('GET', '/api/operator/secondFactor', { token: user.token })
  expect(status).toMatchObject({ status: 200, body: { data: { enrolled: false, verified: false } } })

  const again = await operatorCommand(['grant', user.email])
  expect(again).toMatchObject({ code: 1 })
  expect(again.stderr).toBe(`operator: ${user.email} is already an operator.\n`)
})

it('revokes the role: the second-factor marks end at once and the console answers like an unknown route', async () => {
  const operator = await makeOperator(t)
  expect((await t.call('GET', '/api/operator/auditLog', { token: operator.token })).status).toBe(200)
  const revoked = await operatorCommand(['revoke', operator.email])
  expect(revoked).toMatchObject({ code: 0, stderr: '' })
  expect(await isOperator(operator.userId)).toBeUndefined()
  const marks = await t.db
    .selectFrom('operator_sessions')
    .select('token_hash')
    .where('user_id', '=', operator.userId)
    .execute()
  expect(marks).toEqual([])
  const after = await t.call('GET', '/api/operator/auditLog', { token: operator.token })
  expect(after).toMatchObject({ status: 404, body: { metadata: { errorCode: 'NotFound' } } })
  // Still a traveller.
  expect((await t.call('GET', '/api/getUser', { token: operator.token })).status).toBe(200)
  // Granted again, the old secret and marks are gone: enrolment starts over.
  expect((await operatorCommand(['grant', operator.email])).code).toBe(0)
  const status = await t.call('GET', '/api/operator/secondFactor', { token: operator.token })
  expect(status.body.data).toEqual({ enrolled: false, verified: false })

  const notOne = await operatorCommand(['revoke', (await t.register()).email])
  expect(notOne.code).toBe(1)
  expect(notOne.stderr).toMatch(/is not an operator/)
})

it('lists the operators', async () => {
  const operator = await makeOperator(t)
  const listed = await operatorCommand(['list'])
  expect(listed.code).toBe(0)
  expect(listed.stdout).toMatch(
    new RegExp(`${operator.email.replace(/\./g, '\\.')}  ${operator.username}  granted .*, enrolled `),
  )
})

it('refuses an unknown account, a wrong call, and a grant without OPERATOR_SECRET_KEY', async () => {
  const unknown = await operatorCommand(['grant', 'nobody@example.com'])
  expect(unknown).toMatchObject({ code: 1, stderr: 'operator: No account has the e-mail nobody@example.com.\n' })
  for (const args of [
    [],
    ['grant'],
    ['promote', 'a@example.com'],
    ['grant', 'not-an-email'],
    ['list', 'x'],
    ['grant', 'a@example.com', '--note'],
  ]) {
    const wrong = await operatorCommand(args)
    expect({ args, code: wrong.code }).toEqual({ args, code: 2 })
    expect(wrong.stderr).toMatch(/^Usage: operator grant <email>/)
  }
  const user = await t.register()
  const keyless = await operatorCommand(['grant', user.email], {})
  expect(keyless.code).toBe(1)
  expect(keyless.stderr).toMatch(/OPERATOR_SECRET_KEY is not set/)
  expect(await isOperator(user.userId)).toBeUndefined()
})

it('keeps the server from starting without OPERATOR_SECRET_KEY once an operator exists', async () => {
  await makeOperator(t)
  const started = await operatorCommand([], { PORT: '0', WEB_ROOT: '', ART_WARMUP: 'off' }, 'dist/server/main.js')
  expect(started.code).toBe(1)
  expect(started.stderr).toMatch(
    /^Wandercards cannot start: Setting OPERATOR_SECRET_KEY is required: the database has operators/,
  )
})
