// npm start: builds what is missing or stale, then runs the compiled server in this same process, so signals
// reach the server directly and nothing is left behind when it stops.
import { pathToFileURL } from 'node:url'

import { buildTarget, isStale, root, targets } from './build/targets.mjs'

for (const [name, target] of Object.entries(targets)) {
  if (!isStale(target)) continue
  const started = Date.now()
  console.log(`Building the ${name} (its sources changed since the last build) …`)
  try {
    await buildTarget(target)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  console.log(`Built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

process.setSourceMapsEnabled(true)
await import(pathToFileURL(`${root}/${targets.server.entry}`).href)
