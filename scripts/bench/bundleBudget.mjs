/**
 * Size budget of the first load (`npm run check:bundle`, after `npm run build`): the JavaScript a browser must fetch
 * before the home page renders, i.e. index.html's inline scripts, the scripts it loads and the home screen's lazily loaded
 * chunks (from route-preloads.json, written by the build), measured gzip-compressed. Fails above BUDGET_BYTES.
 *
 * It also fails when the schema library (TypeBox, which the server validates with) is in what the screens Lighthouse
 * measures or the logged-in shell load first: a text constant imported from a module of schemas brought all of it
 * (15.8 KB gzip) into every logged-in first screen, unnoticed, since nothing there validates anything. And it fails
 * when index.html's preloads of the logged-in shell do not name exactly that shell's files in this build.
 *
 * Settings: WEB_ROOT (default dist/web), BUNDLE_ROUTE (a screen's first path segment; default "" for the home page).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const WEB_ROOT = path.resolve(process.env.WEB_ROOT ?? path.join(ROOT, 'dist/web'))
const ROUTE = process.env.BUNDLE_ROUTE ?? ''
/** 170 KB of gzip-compressed JavaScript before the first screen renders. */
const BUDGET_BYTES = 170_000

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(WEB_ROOT, file)), { level: 9 }).length
}

const indexFile = path.join(WEB_ROOT, 'index.html')
const manifestFile = path.join(WEB_ROOT, 'route-preloads.json')
if (!fs.existsSync(indexFile) || !fs.existsSync(manifestFile)) {
  console.error(`No production build in ${WEB_ROOT}; run npm run build first.`)
  process.exit(1)
}

const html = fs.readFileSync(indexFile, 'utf8')
// The built page is minified, so attribute values may come without quotes.
const entryScripts = [...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+\.js)/g)].map((match) => match[1])
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
const routeScripts = manifest.routes[ROUTE]
if (!routeScripts) {
  console.error(`route-preloads.json has no screen "${ROUTE}"`)
  process.exit(1)
}

const files = [...new Set([...entryScripts, ...routeScripts])].map((src) => src.replace(/^\//, ''))
let total = 0
for (const [index, [, source]] of [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].entries()) {
  const gzip = zlib.gzipSync(source, { level: 9 }).length
  total += gzip
  console.log(
    `${`index.html inline script ${index + 1}`.padEnd(44)} ${String(source.length).padStart(9)} B  ${String(gzip).padStart(8)} B gzip`,
  )
}
for (const file of files) {
  const raw = fs.statSync(path.join(WEB_ROOT, file)).size
  const gzip = gzipSize(file)
  total += gzip
  console.log(`${file.padEnd(44)} ${String(raw).padStart(9)} B  ${String(gzip).padStart(8)} B gzip`)
}
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
console.log(
  `First load of /${ROUTE}: ${kb(total)} gzip, ${total} B, in ${files.length} script files and index.html (budget ${kb(BUDGET_BYTES)})`,
)
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}`)
  process.exit(1)
}

/** The screens scripts/bench/lighthouse.mjs measures, by first path segment. */
const MEASURED_SCREENS = ['', 'freeDraw', 'cardCollections', 'feed']
const SCHEMA_LIBRARY = '/node_modules/typebox/'

/** The first-load files that bundle the schema library, by the sources their source maps name. */
function filesWithSchemaLibrary(scripts) {
  return scripts.filter((src) => {
    const mapFile = path.join(WEB_ROOT, `${src.replace(/^\//, '')}.map`)
    if (!fs.existsSync(mapFile)) throw new Error(`${src} has no source map to check`)
    const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8'))
    return sources.some((source) => source.includes(SCHEMA_LIBRARY))
  })
}

const firstLoads = [
  ...MEASURED_SCREENS.map((screen) => [`/${screen}`, manifest.routes[screen] ?? []]),
  ...Object.entries(manifest.loggedInShell ?? {}),
]
const withSchemas = firstLoads.flatMap(([name, scripts]) =>
  filesWithSchemaLibrary([...entryScripts, ...scripts]).map((file) => `${name}: ${file}`),
)
if (withSchemas.length > 0) {
  console.error(`The schema library is in a first load (import texts and constants from modules without schemas):`)
  for (const line of withSchemas) console.error(`  ${line}`)
  process.exit(1)
}
console.log(`No schema library in the first loads of ${firstLoads.map(([name]) => name).join(', ')}`)

// index.html's inline script preloads the logged-in shell for a stored session (public/earlyCalls.js): it must name
// exactly the shell's files of this build, or a returning traveller fetches files that do not exist, or too few.
const shellFiles = new Set(Object.values(manifest.loggedInShell ?? {}).flat())
// The files are the last argument of the inline script's call, which follows the function's definition
// (webpack.config.js, earlyCallsScript).
const earlyCallsArguments = [...html.matchAll(/startEarlyCalls\(([^)]*)\)/g)].at(-1)?.[1] ?? ''
const preloadedShell = new Set([...earlyCallsArguments.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]))
const unlisted = [...shellFiles].filter((file) => !preloadedShell.has(file))
const stray = [...preloadedShell].filter((file) => !shellFiles.has(file) || !fs.existsSync(path.join(WEB_ROOT, file)))
if (shellFiles.size === 0 || unlisted.length > 0 || stray.length > 0) {
  console.error(`index.html's logged-in shell preloads differ from the build's files`)
  for (const file of unlisted) console.error(`  not preloaded: ${file}`)
  for (const file of stray) console.error(`  not a shell file of this build: ${file}`)
  process.exit(1)
}
console.log(`index.html preloads the logged-in shell's ${shellFiles.size} files for a stored session`)
