/**
 * Page load on an emulated phone, measured by the browser itself (`npm run bench:page`): starts the built app on a
 * fresh SQLite database and loads each route in Debian's Chromium with Chrome's own throttling (4x CPU slowdown,
 * 150 ms round trips, 1.6 Mbit/s down: Lighthouse's mobile settings, applied instead of simulated) with a cold
 * browser cache every run; as in `npm run lighthouse`, /cardCollections and /feed as a traveller who registered a
 * moment before and the other routes as a visitor. Prints the median of PAGE_RUNS runs of:
 * first contentful paint, largest contentful paint, total blocking time (the part over 50 ms of each long task after
 * the first paint, until the page is idle) and the longest task.
 *
 * Lighthouse estimates the same metrics by simulation from an unthrottled trace, which on a shared two-core machine
 * moves a route by up to ten points between runs of one build; these figures move far less, so they are the ones to
 * compare two builds with (WEB_ROOT=…, run back to back).
 *
 * Settings: PAGE_ROUTES (comma-separated, default the four Lighthouse routes), PAGE_RUNS (default 5), WEB_ROOT
 * (default dist/web), CHROME_PATH (default /usr/bin/chromium), PAGE_JSON (write the results to this file).
 */
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import puppeteer from 'puppeteer-core'

import { CHROME_PATH, ROOT, TOKEN_KEY, chromeFlags, withBuiltApp } from './builtApp.mjs'

const ROUTES = (process.env.PAGE_ROUTES ?? '/,/freeDraw,/cardCollections,/feed').split(',').map((r) => r.trim())
const RUNS = Number(process.env.PAGE_RUNS ?? 5)
const LOGGED_IN_ROUTES = new Set(['/cardCollections', '/feed'])
const CPU_SLOWDOWN = 4
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
/** Quiet time after the network has settled, for the last long tasks and paints to be reported. */
const SETTLE_MS = 1_000

/** Collects long tasks and the latest largest-contentful-paint candidate from the first byte of the page on. */
function observePaintsAndTasks() {
  const recorded = { longTasks: [], largestPaint: 0 }
  Object.defineProperty(globalThis, '__pageLoadBenchmark', { value: recorded })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.longTasks.push([entry.startTime, entry.duration])
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.largestPaint = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

function readMetrics() {
  const { longTasks, largestPaint } = globalThis.__pageLoadBenchmark
  const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
  const blocking = longTasks
    .filter(([start]) => start >= firstPaint)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
  return {
    fcpMs: Math.round(firstPaint),
    lcpMs: Math.round(largestPaint),
    tbtMs: Math.round(blocking),
    longestTaskMs: Math.round(Math.max(0, ...longTasks.map(([, duration]) => duration))),
  }
}

async function load(origin, route, authKey) {
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: chromeFlags() })
  try {
    const page = await browser.newPage()
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    if (LOGGED_IN_ROUTES.has(route)) {
      // The token goes in through a page that loads none of the app, so the cache stays cold.
      await page.goto(`${origin}/api/health`)
      await page.evaluate((key, token) => globalThis.localStorage.setItem(key, token), TOKEN_KEY, authKey)
    }
    await page.evaluateOnNewDocument(observePaintsAndTasks)
    const cdp = await page.createCDPSession()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await page.goto(`${origin}${route}`, { waitUntil: 'networkidle0', timeout: 120_000 })
    await sleep(SETTLE_MS)
    const finalPath = new URL(page.url()).pathname
    if (finalPath !== route) throw new Error(`${route} ended on ${finalPath}`)
    return await page.evaluate(readMetrics)
  } finally {
    await browser.close()
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

async function main() {
  const webRoot = process.env.WEB_ROOT ?? path.join(ROOT, 'dist/web')
  const results = []
  await withBuiltApp({ webRoot, label: 'page-load' }, async (origin, authKey) => {
    for (const route of ROUTES) {
      // The first load fills the server's caches (card art, catalogue); it is not counted.
      await load(origin, route, authKey)
      const runs = []
      for (let run = 0; run < RUNS; run += 1) runs.push(await load(origin, route, authKey))
      const result = {
        route,
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        longestTaskMs: median(runs.map((r) => r.longestTaskMs)),
        runs,
      }
      results.push(result)
      console.log(
        `${route.padEnd(18)} FCP ${result.fcpMs} ms  LCP ${result.lcpMs} ms  TBT ${result.tbtMs} ms` +
          `  longest task ${result.longestTaskMs} ms  (median of ${RUNS}; LCP per run ${runs.map((r) => r.lcpMs).join(', ')})`,
      )
    }
  })
  if (process.env.PAGE_JSON) fs.writeFileSync(process.env.PAGE_JSON, JSON.stringify(results, null, 2))
}

await main()
