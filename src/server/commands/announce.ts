import { loadConfig } from '../config'
import { SettingsError } from '../config/settings'
import { openDatabase } from '../db/createDb'
import { migrateToLatest } from '../db/migrate'
import { announcePhysicalCards } from '../features/mail/subscriptions'

/**
 * The operator's announcements (docs/product.md#e-mails): `npm run announce -- physical-cards`, or compiled,
 * `node dist/server/announce.js physical-cards`, with the server's DATABASE_URL. It records one mail per stored
 * "Get Notified" request not yet told; the running server sends them through the outbox, signing each one's
 * unsubscribe link as it goes. Running it again tells nobody twice.
 */
const ANNOUNCEMENTS = ['physical-cards'] as const

async function main(): Promise<void> {
  const [announcement] = process.argv.slice(2)
  if (!(ANNOUNCEMENTS as readonly (string | undefined)[]).includes(announcement)) {
    console.error(`Usage: npm run announce -- <${ANNOUNCEMENTS.join('|')}>`)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  if (config.mail.mode === 'off') {
    console.error('E-mail is off (MAIL=off): nothing would send the announcement, so nothing was recorded.')
    process.exitCode = 1
    return
  }
  const { db } = openDatabase(config.database)
  try {
    await migrateToLatest(db)
    const recorded = await announcePhysicalCards(db)
    console.log(
      `Physical cards announcement: ${recorded} ${recorded === 1 ? 'e-mail' : 'e-mails'} recorded; ` +
        'the running server sends them within a minute.',
    )
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError) console.error(`The announcement cannot run: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
