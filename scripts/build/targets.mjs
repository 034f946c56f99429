import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import * as esbuild from 'esbuild'

export const root = path.resolve(import.meta.dirname, '../..')

/**
 * What the app is built from and where it goes. A target is stale when its output is missing or a hash of its
 * inputs (file names and contents, plus build-time settings) differs from the one stamped at its last build.
 * Contents, not modification times, so a fresh clone or a branch switch with the same files rebuilds nothing.
 */
export const targets = {
  web: {
    inputs: ['src/client', 'src/shared', 'public', 'webpack.config.js', 'tsconfig.json', 'package-lock.json'],
    settings: ['WANDERCARDS_API_KEY'],
    output: 'dist/web',
    entry: 'dist/web/index.html',
    build: buildWeb,
  },
  server: {
    inputs: ['src/server', 'src/shared', 'tsconfig.json', 'package-lock.json', 'scripts/build'],
    settings: [],
    output: 'dist/server',
    entry: 'dist/server/main.js',
    build: buildServer,
  },
}

const STAMP = '.build-stamp'

function listFiles(relative) {
  const absolute = path.join(root, relative)
  if (!fs.existsSync(absolute)) return []
  if (fs.statSync(absolute).isFile()) return [relative]
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

export function inputHash(target) {
  const hash = crypto.createHash('sha256')
  const files = target.inputs.flatMap(listFiles).sort()
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(fs.readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  for (const name of target.settings) hash.update(`${name}=${process.env[name] ?? ''}\0`)
  return hash.digest('hex')
}

export function isStale(target) {
  const stamp = path.join(root, target.output, STAMP)
  if (!fs.existsSync(path.join(root, target.entry)) || !fs.existsSync(stamp)) return true
  return fs.readFileSync(stamp, 'utf8').trim() !== inputHash(target)
}

/** Builds a target and stamps it with the hash of the inputs it was built from. */
export async function buildTarget(target) {
  const hash = inputHash(target)
  await target.build()
  fs.writeFileSync(path.join(root, target.output, STAMP), `${hash}\n`)
}

/** The server as one CommonJS file run by plain node; packages stay in node_modules (native modules, own files). */
async function buildServer() {
  fs.rmSync(path.join(root, 'dist/server'), { recursive: true, force: true })
  await esbuild.build({
    absWorkingDir: root,
    // The art worker threads' entry is a file of its own beside main.js (features/catalogue/art/artRenderer.ts).
    entryPoints: {
      main: 'src/server/main.ts',
      artWorker: 'src/server/features/catalogue/art/artWorker.ts',
      // The operator's command (npm run announce), run by plain node like the server.
      announce: 'src/server/announce.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  })
}

/** The web app through webpack, in a child process that a signal to this one also ends. */
function buildWeb() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
    const stop = (signal) => child.kill(signal)
    process.on('SIGINT', stop).on('SIGTERM', stop)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop)
      if (code === 0) resolve()
      else reject(new Error(`the web build failed (${signal ?? `exit code ${code}`})`))
    })
  })
}
