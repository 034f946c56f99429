import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

/**
 * Once per run of the server tests: a migrated and seeded database that each test file copies (buildTestApp), so the
 * 2,000-place catalogue is built from its open-data packages once rather than once per file. It is built by a child
 * process under tsx, which resolves the source's path aliases (jest's module mapping does not reach a global setup).
 */
export default async function serverGlobalSetup(): Promise<void> {
  // The compiled server and commands (dist/server), which some files run as production does, built here once when
  // their sources changed: built by each of those files, two at once on a fresh clone deleted each other's output.
  execFileSync(process.execPath, ['scripts/build/build.mjs', '--if-stale', 'server'], {
    cwd: path.join(__dirname, '..', '..'),
    stdio: 'ignore',
  })
  const build = (url: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'seedTemplate.ts'), url], {
      cwd: path.join(__dirname, '..', '..'),
      stdio: 'inherit',
    })

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-template-'))
  const file = path.join(dir, 'template.db')
  build(`sqlite:${file}`)
  process.env.WANDERCARDS_TEST_SQLITE_TEMPLATE = file

  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return
  const name = `wandercards_template_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  build(url.toString())
  process.env.WANDERCARDS_TEST_POSTGRES_TEMPLATE = name
}
