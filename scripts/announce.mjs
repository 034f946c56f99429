// npm run announce -- physical-cards: builds the server if its sources changed, then runs the compiled command
// (dist/server/announce.js), which records the announcement mail for every stored "Get Notified" request once.
import { pathToFileURL } from 'node:url'

import { buildTarget, isStale, root, targets } from './build/targets.mjs'

if (isStale(targets.server)) {
  console.log('Building the server (its sources changed since the last build) …')
  await buildTarget(targets.server)
}
await import(pathToFileURL(`${root}/dist/server/announce.js`).href)
