import { loadConfig } from '../config'
import { BackupRefusal, restore } from '../db/backup'

import { runCommand, UsageError } from './command'

const USAGE = `Usage: restore <backup folder> [--force]
Puts a backup back into the database named by DATABASE_URL and the blob store named by BLOB_STORE, which must be empty
(a new database); --force replaces what they hold. Stop every instance first; start them afterwards.`

/** `npm run restore -- <backup> [--force]` / `node dist/server/restore.js <backup> [--force]`. */
async function restoreBackup(args: string[]): Promise<void> {
  const force = args.includes('--force')
  const folders = args.filter((arg) => arg !== '--force')
  const [folder] = folders
  if (!folder || folders.length > 1 || folder.startsWith('-')) throw new UsageError(USAGE)
  const { description, restoredBlobs, missingBlobs } = await restore(loadConfig(), folder, { force })
  console.log(
    `Restored the ${description.dialect} database of ${description.createdAt} ` +
      `(${description.migrations.length} migrations) and ${restoredBlobs} stored files.`,
  )
  if (missingBlobs.length > 0) {
    console.log(
      `${missingBlobs.length} of the ${description.blobs.count} files the backup lists are missing from the bucket or ` +
        'have changed since; with versioning on, copy each back from the version the backup names ' +
        '(aws s3api copy-object --copy-source "<bucket>/<key>?versionId=<version>"):',
    )
    for (const entry of missingBlobs) console.log(`  ${entry.key}${entry.versionId ? ` ${entry.versionId}` : ''}`)
    process.exitCode = 3
  }
}

runCommand('restore', () => restoreBackup(process.argv.slice(2)), [BackupRefusal])
