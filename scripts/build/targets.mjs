import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')

/**
 * What the app is built from and where it goes. A target is stale when its output is missing or a hash of its
 * inputs (file names and contents, plus build-time settings) differs from the one stamped at its last build.
 * Contents, not modification times, so a fresh clone or a branch switch with the same files rebuilds nothing.
 */
export const targets = {
  web: {
    inputs: ['src/client', 'src/shared', 'public', 'webpack.config.js', 'tsconfig.json', 'package-lock.json'],
    settings: ['WANDERCARDS_API_KEY', 'WANDERCARDS_RELEASE'],
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

/**
 * A release install (dist/ and production packages, no sources: deploy/Dockerfile, .ci/run's release check) runs
 * what it was shipped; it has neither the sources nor the build tools to build again.
 */
function hasSources(target) {
  return target.inputs.some((input) => input.startsWith('src/') && fs.existsSync(path.join(root, input)))
}

export function isStale(target) {
  const stamp = path.join(root, target.output, STAMP)
  if (!fs.existsSync(path.join(root, target.entry))) return true
  if (!hasSources(target)) return false
  if (!fs.existsSync(stamp)) return true
  return fs.readFileSync(stamp, 'utf8').trim() !== inputHash(target)
}

/** Builds a target and stamps it with the hash of the inputs it was built from. */
export async function buildTarget(target) {
  const hash = inputHash(target)
  await target.build()
  fs.writeFileSync(path.join(root, target.output, STAMP), `${hash}\n`)
}

/**
 * Packages bundled into the server instead of installed beside it, with whatever they import: pure JavaScript of
 * which the server uses a small part, whose installed size would otherwise count against the release install's
 * (scripts/release/check.sh; OpenTelemetry's SDK and exporter are 38 MB installed, Stripe's SDK 23 MB). They are
 * devDependencies. Every other package stays in node_modules: native modules, and packages that read their own files.
 */
const BUNDLED_PACKAGE = /^(@opentelemetry\/|stripe(\/|$))/
const BUNDLED_PACKAGE_FOLDER = /[\\/]node_modules[\\/](@opentelemetry[\\/]|stripe[\\/])/
const ALIASES = /^@(shared|server)\//

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // A bare specifier: a package, a Node built-in or one of the tsconfig aliases.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (ALIASES.test(args.path)) return undefined
      if (BUNDLED_PACKAGE.test(args.path) || BUNDLED_PACKAGE_FOLDER.test(args.importer)) return undefined
      return { path: args.path, external: true }
    })
  },
}

/** The server as one CommonJS file run by plain node; packages stay in node_modules but for the bundled few above. */
async function buildServer() {
  // Imported here, not at the top: `npm start` loads this file to check the build, and a production install
  // (devDependencies omitted) has no esbuild.
  const esbuild = await import('esbuild')
  fs.rmSync(path.join(root, 'dist/server'), { recursive: true, force: true })
  await esbuild.build({
    absWorkingDir: root,
    // The art worker threads' entry is a file of its own beside main.js (lib/art/artRenderer.ts), and so is each
    // operator's command (src/server/commands), run as `node dist/server/<command>.js`.
    entryPoints: {
      main: 'src/server/main.ts',
      artWorker: 'src/server/lib/art/artWorker.ts',
      // The HEIC decoding threads' entry (lib/heic/heicDecoder.ts).
      heicWorker: 'src/server/lib/heic/heicWorker.ts',
      migrate: 'src/server/commands/migrate.ts',
      backup: 'src/server/commands/backup.ts',
      restore: 'src/server/commands/restore.ts',
      // npm run announce: an operator's command like the others.
      announce: 'src/server/commands/announce.ts',
      // npm run operator: grants and revokes the operator role, on the server only.
      operator: 'src/server/commands/operator.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    // The production runtime (Node 24, deploy/Dockerfile). esbuild lowers syntax only, and what the server is
    // written in needs nothing past Node 20, so the same bundle still runs on the Node 20 of development machines
    // (docs/decisions.md); .ci/run serves it on Node 24.
    target: 'node24',
    format: 'cjs',
    plugins: [externalPackages],
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
