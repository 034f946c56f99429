import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { defineConfig, devices } from '@playwright/test'

/** A free port, chosen once in the main process; workers inherit it through the environment. */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return execFileSync(process.execPath, ['-e', script]).toString()
}

process.env.E2E_PORT ??= freePort()
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-e2e-'))
  process.env.E2E_DATA_DIR = dataDir
  // The runner that made the folder (workers inherit it) removes it as it exits, after its web server has stopped.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
}
const port = process.env.E2E_PORT
/** The OPERATOR_SECRET_KEY of the journeys' server, which test/e2e/helpers.ts's grantOperator passes to the command. */
export const E2E_OPERATOR_SECRET_KEY = 'e2e0'.repeat(16)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  // Two on the 2-core machines CI runs on: with neither traces nor axe's blank pages (below, test/e2e/helpers.ts),
  // one worker left a core idle a third of the time (docs/benchmarks.md).
  workers: 2,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // No trace: recording every action's page snapshot and a screencast doubled Chromium's work (docs/benchmarks.md),
    // and CI keeps its log, not its files. A failed journey leaves its screenshot and page snapshot; to see every step,
    // run it again with `npx playwright test FILE --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built app and compiled server (npm run build) on a fresh SQLite database, started as in production.
    command: 'node --enable-source-maps dist/server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATABASE_URL: `sqlite:${path.join(process.env.E2E_DATA_DIR, 'e2e.db')}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // Password hashing at 2^14 instead of production's 2^17 (the hash records its cost, so verifying is the same
      // code): nearly every journey signs up or logs in, and a production-cost hash takes seconds on a loaded 2-core
      // machine. The production cost itself is covered by test/server/session/passwordHashing.test.ts.
      PASSWORD_SCRYPT_N: String(2 ** 14),
      // No card art warm-up: on a fresh install it renders every place's small Legendary picture in the background, two
      // minutes of a core that the journeys would share; they see what a fresh install shows without it, pictures
      // drawn when first asked for. The warm-up has its own test (test/server/catalogue/artWarmup.test.ts).
      ART_WARMUP: 'off',
      // Seals operators' second-factor secrets; the console journey grants its operator with the server command.
      OPERATOR_SECRET_KEY: E2E_OPERATOR_SECRET_KEY,
    },
  },
})
