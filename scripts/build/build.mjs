// npm run build: builds the web app and the server. With --if-stale, only what is missing or out of date.
import { buildTarget, isStale, targets } from './targets.mjs'

const ifStale = process.argv.includes('--if-stale')
const names = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))

for (const name of names.length > 0 ? names : Object.keys(targets)) {
  const target = targets[name]
  if (!target) throw new Error(`Unknown build target "${name}"; known: ${Object.keys(targets).join(', ')}`)
  if (ifStale && !isStale(target)) {
    console.log(`${name}: up to date`)
    continue
  }
  const started = Date.now()
  await buildTarget(target)
  console.log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
