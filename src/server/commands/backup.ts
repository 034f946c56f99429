import { loadConfig } from '../config'
import { backup, BackupRefusal } from '../db/backup'

import { runCommand, UsageError } from './command'

const USAGE = `Usage: backup [<folder>]
Writes a consistent backup of the database (DATABASE_URL) and the blob store (BLOB_STORE) into a new folder
wandercards-<time> under <folder> (default ./backups) while the app keeps serving, and prints its path.`

/** `npm run backup -- [folder]` / `node dist/server/backup.js [folder]`. */
async function backUp(args: string[]): Promise<void> {
  if (args.length > 1 || args[0]?.startsWith('-')) throw new UsageError(USAGE)
  const folder = await backup(loadConfig(), args[0] ?? 'backups')
  console.log(folder)
}

runCommand('backup', () => backUp(process.argv.slice(2)), [BackupRefusal])
