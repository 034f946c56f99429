import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

const ROOT = path.join(__dirname, '..', '..')

/** Runs a Node script as a child process and resolves when it exits with 0. */
function runNode(args: string[], stdio: 'inherit' | 'ignore'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} ended with ${signal ?? `code ${code}`}`)),
    )
  })
}

/**
 * Once per run of the server tests: a migrated and seeded database that each test file copies (buildTestApp), so the
 * 2,000-place catalogue is built from its open-data packages once rather than once per file. It is built by a child
 * process under tsx, which resolves the source's path aliases (jest's module mapping does not reach a global setup).
 * Only the database the run uses is built (SQLite, or PostgreSQL when TEST_DATABASE_URL is set), at the same time as
 * the compiled server: each is a process of its own, so on two cores the set-up takes as long as the slowest of them.
 */
export default async function serverGlobalSetup(): Promise<void> {
  const template = await prepareTemplate()
  await Promise.all([
    // The compiled server and commands (dist/server), which some files run as production does, built here once when
    // their sources changed: built by each of those files, two at once on a fresh clone deleted each other's output.
    runNode(['scripts/build/build.mjs', '--if-stale', 'server'], 'ignore'),
    runNode(['--import', 'tsx', path.join(__dirname, 'seedTemplate.ts'), template], 'inherit'),
  ])
}

/** The empty template database of this run, named in the environment the test files inherit; returns its URL. */
async function prepareTemplate(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-template-'))
    const file = path.join(dir, 'template.db')
    process.env.WANDERCARDS_TEST_SQLITE_TEMPLATE = file
    return `sqlite:${file}`
  }
  const name = `wandercards_template_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  process.env.WANDERCARDS_TEST_POSTGRES_TEMPLATE = name
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
