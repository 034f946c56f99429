import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

/** Removes the template database of serverGlobalSetup.ts. */
export default async function serverGlobalTeardown(): Promise<void> {
  const file = process.env.WANDERCARDS_TEST_SQLITE_TEMPLATE
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true })
  const name = process.env.WANDERCARDS_TEST_POSTGRES_TEMPLATE
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!name || !serverUrl) return
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}
