import os from 'node:os'

import { loadConfig } from '../config'
import { openDatabase } from '../db/createDb'
import { migrateToLatest } from '../db/migrate'
import { grantOperator, listOperators, OperatorCommandRefusal, revokeOperator } from '../features/operator/service'

import { runCommand, UsageError } from './command'

const USAGE = `Usage: operator grant <email> [--note <text>]   give the account the operator role
       operator revoke <email> [--note <text>]  take it away, ending its second-factor sessions at once
       operator list                            the operators, when each was granted and whether enrolled
The note (default: the server's user name) is kept with the role and in the audit log. The role is given only here,
on the server, never through the API (docs/security.md#operators). Granting needs OPERATOR_SECRET_KEY.`

/**
 * `npm run operator -- …` / `node dist/server/operator.js …` with the server's DATABASE_URL and OPERATOR_SECRET_KEY.
 * The new operator enrols an authenticator app the first time they open the console.
 */
async function operator(args: string[]): Promise<void> {
  const [verb, email = '', ...options] = args
  const noteGiven = options[0] === '--note' && options.length === 2 ? (options[1]?.trim() ?? '') : ''
  if (verb === 'list' ? args.length !== 1 : !(verb === 'grant' || verb === 'revoke') || !email.includes('@'))
    throw new UsageError(USAGE)
  if (verb !== 'list' && options.length > 0 && !noteGiven) throw new UsageError(USAGE)
  const note = noteGiven || `server command (${os.userInfo().username})`

  const config = loadConfig()
  const { db } = openDatabase(config.database)
  try {
    await migrateToLatest(db)
    if (verb === 'grant') {
      await grantOperator(db, config.operatorSecretKey, email, note)
      console.log(`${email} is now an operator: they set up an authenticator app when they first open /console.`)
    } else if (verb === 'revoke') {
      await revokeOperator(db, email, note)
      console.log(`${email} is no longer an operator; their console sessions have ended.`)
    } else {
      const operators = await listOperators(db)
      if (operators.length === 0) console.log('No operators.')
      for (const row of operators) {
        const enrolled = row.totp_enrolled_at ? `enrolled ${row.totp_enrolled_at}` : 'not enrolled yet'
        console.log(`${row.email}  ${row.username}  granted ${row.granted_at} (${row.granted_by}), ${enrolled}`)
      }
    }
  } finally {
    await db.destroy()
  }
}

runCommand('operator', () => operator(process.argv.slice(2)), [OperatorCommandRefusal])
