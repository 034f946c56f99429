import type { Kysely } from 'kysely'

import type { Database } from '../../db/schema'
import { now } from '../../lib/clock'
import type { JobLog, PeriodicJob } from '../../lib/jobs'

import {
  deleteEmailChangesExpiredBy,
  deleteEmailVerificationsExpiredBy,
  deletePasswordResetsExpiredBy,
  deleteSessionsExpiredBy,
} from './queries'

export const SESSION_PURGE_PERIOD_SECONDS = 60 * 60

/** Deletes sessions that expired before `at` (they no longer log anyone in); answers how many went. */
export async function purgeExpiredSessions(db: Kysely<Database>, at: Date): Promise<number> {
  return deleteSessionsExpiredBy(db, at.toISOString())
}

/** Every hour, on one instance, so the sessions table holds only sessions that can still be used. */
export function sessionPurgeJob(db: Kysely<Database>, log: JobLog): PeriodicJob {
  return {
    name: 'expired-session-purge',
    periodSeconds: SESSION_PURGE_PERIOD_SECONDS,
    run: async () => {
      const at = now()
      const purged = await purgeExpiredSessions(db, at)
      if (purged > 0) log.info({ purged }, 'expired sessions deleted')
      // Kept a day past their expiry, so a late click hears "expired" rather than "not valid".
      const links = await deletePasswordResetsExpiredBy(db, new Date(at.getTime() - 86_400_000).toISOString())
      if (links > 0) log.info({ purged: links }, 'expired password reset links deleted')
      const changes = await deleteEmailChangesExpiredBy(db, new Date(at.getTime() - 86_400_000).toISOString())
      if (changes > 0) log.info({ purged: changes }, 'expired changes of e-mail address deleted')
      const confirmations = await deleteEmailVerificationsExpiredBy(
        db,
        new Date(at.getTime() - 86_400_000).toISOString(),
      )
      if (confirmations > 0) log.info({ purged: confirmations }, 'expired e-mail confirmation links deleted')
    },
  }
}
