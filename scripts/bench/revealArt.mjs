/* global document, window, requestAnimationFrame -- clickAndWatch and the page helpers run in the browser page */
/**
 * Click → card art visible on the three reveals (`npm run bench:reveal`): the free draw as a visitor, draw 1 and draw
 * 10 as a traveller with credit, on an emulated phone (Chrome's own throttling, as `npm run bench:page`: 4x CPU,
 * 150 ms round trips, 1.6 Mbit/s down) against the built app on a fresh SQLite database whose card art is not yet
 * rendered (ART_WARMUP=off), as on a fresh install. Each run opens the pack with a click, then records from the page
 * itself, frame by frame: when the first card is shown (the reveal has ended and a drawn card is on screen), when every
 * drawn card is on screen with its picture loaded, and how many cards were shown without their picture (grey).
 *
 * Prints, per reveal, the median of REVEAL_RUNS runs (default 5). To compare two builds, run it on each
 * (WEB_ROOT=…, back to back on one machine); REVEAL_JSON writes the results to a file.
 */
import fs from 'node:fs'

import puppeteer from 'puppeteer-core'

import { API_KEY, CHROME_PATH, ROOT, TOKEN_KEY, chromeFlags, withBuiltApp } from './builtApp.mjs'

const RUNS = Number(process.env.REVEAL_RUNS ?? 5)
const CPU_SLOWDOWN = 4
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
/** A reveal that has not shown its cards' art after this long counts as never. */
const GIVE_UP_MS = 30_000

const REVEALS = [
  { name: 'free draw', route: '/freeDraw', open: ['Draw from pack 2'], cards: 1, asVisitor: true },
  { name: 'draw 1', route: '/digitalDraw', open: ['Draw 1 Card', 'Open pack 1'], cards: 1 },
  { name: 'draw 10', route: '/digitalDraw', open: ['Draw 10 Cards', 'Open pack 2'], cards: 10 },
]

/**
 * Runs in the page: clicks the button named `label` and watches every frame until the drawn cards' pictures are all
 * visible. Times are milliseconds from the click.
 */
function clickAndWatch(label, expectedCards, giveUpMs) {
  const button = [...document.querySelectorAll('button')].find(
    (element) => element.getAttribute('aria-label') === label || element.textContent?.trim() === label,
  )
  if (!button) throw new Error(`no button ${label}`)
  const isRevealing = () =>
    document.querySelector(
      '[role="status"][aria-label="Opening your pack"], [role="status"][aria-label="Drawing your free card"]',
    ) !== null
  const onResultPage = () => /\/(digitalDrawResult|freeDrawResult)\//.test(window.location.pathname)
  const drawnPictures = () =>
    onResultPage() && !isRevealing()
      ? [...document.querySelectorAll('main img[src*="/image/card?"]')].filter(
          (image) => image.getBoundingClientRect().width > 0,
        )
      : []
  const isShown = (image) => image.complete && image.naturalWidth > 0
  return new Promise((resolve) => {
    let cardsAt = null
    const seen = new Set()
    let blankWhenShown = 0
    const clickedAt = performance.now()
    const watch = () => {
      const now = performance.now() - clickedAt
      const pictures = drawnPictures()
      for (const picture of pictures) {
        if (seen.has(picture)) continue
        seen.add(picture)
        if (!isShown(picture)) blankWhenShown += 1
      }
      if (pictures.length > 0 && cardsAt === null) cardsAt = now
      const done = pictures.length >= expectedCards && pictures.every(isShown)
      if (done || now > giveUpMs) {
        resolve({ cardsAt, artAt: done ? now : null, cards: seen.size, blankWhenShown })
        return
      }
      requestAnimationFrame(watch)
    }
    button.click()
    requestAnimationFrame(watch)
  })
}

async function api(origin, method, route, authKey, body) {
  const response = await fetch(`${origin}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY, 'X-Auth-Key': authKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = await response.json()
  if (!response.ok) throw new Error(`${route}: ${envelope.metadata?.message ?? response.status}`)
  return envelope.data
}

/** Enough credit for a ten-draw: a new traveller's welcome and invitation certificates. */
async function travellerWithCredit(origin, register, friendCode) {
  const authKey = await register(friendCode)
  for (const { redeemCode } of await api(origin, 'GET', '/payment/getMyCreditCertificates', authKey))
    await api(origin, 'POST', '/payment/redeemCreditCertificate', authKey, { redeemCode })
  return authKey
}

async function measureOnce(browser, origin, reveal, authKey) {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  try {
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
    await page.goto(`${origin}/about`)
    // No first-visit tour in the way, and the traveller's session when the reveal needs one.
    await page.evaluate(
      (tokenKey, token) => {
        for (const tour of ['tutorial_digitalCardDraw', 'tutorial_acquireCards', 'tutorial_digitalCards'])
          window.localStorage.setItem(tour, 'seen')
        if (token) window.localStorage.setItem(tokenKey, token)
      },
      TOKEN_KEY,
      reveal.asVisitor ? null : authKey,
    )
    const session = await page.createCDPSession()
    await session.send('Network.emulateNetworkConditions', SLOW_4G)
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${origin}${reveal.route}`, { waitUntil: 'networkidle0' })
    const steps = reveal.open
    for (const label of steps.slice(0, -1)) {
      await page.waitForFunction(
        (name) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name),
        { timeout: 30_000 },
        label,
      )
      await page.evaluate((name) => {
        ;[...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)?.click()
      }, label)
    }
    const last = steps.at(-1)
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('button')].some(
          (b) => !b.disabled && (b.getAttribute('aria-label') === name || b.textContent?.trim() === name),
        ),
      { timeout: 30_000 },
      last,
    )
    return await page.evaluate(clickAndWatch, last, reveal.cards, GIVE_UP_MS)
  } finally {
    await context.close()
  }
}

function median(values) {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const webRoot = process.env.WEB_ROOT ? fs.realpathSync(process.env.WEB_ROOT) : `${ROOT}/dist/web`
const results = await withBuiltApp({ webRoot, label: 'reveal' }, async (origin) => {
  const register = async (friendCode) => {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
    const user = await api(origin, 'POST', '/register', '', {
      email: `reveal${unique}@example.com`,
      password: 'a long travel password',
      ...(friendCode ? { friendCode } : {}),
    })
    return user.authKey
  }
  const inviter = await api(origin, 'GET', '/getUser', await register())
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: chromeFlags() })
  try {
    const measured = {}
    for (const reveal of REVEALS) {
      const runs = []
      for (let run = 0; run < RUNS; run += 1) {
        const authKey = reveal.asVisitor ? null : await travellerWithCredit(origin, register, inviter.friendCode)
        runs.push(await measureOnce(browser, origin, reveal, authKey))
      }
      measured[reveal.name] = {
        cardsMs: median(runs.map((run) => run.cardsAt)),
        artMs: median(runs.map((run) => run.artAt)),
        blankWhenShown: runs.map((run) => `${run.blankWhenShown}/${run.cards}`),
      }
    }
    return measured
  } finally {
    await browser.close()
  }
})

console.log(`Click → art visible, ${webRoot}, median of ${RUNS} runs (phone: 4x CPU, slow 4G, art not yet rendered):`)
for (const [name, { cardsMs, artMs, blankWhenShown }] of Object.entries(results)) {
  const format = (ms) => (ms === null ? 'never' : `${Math.round(ms)} ms`)
  console.log(
    `  ${name.padEnd(10)} first card shown ${format(cardsMs).padStart(8)}, all art visible ${format(artMs).padStart(8)}; cards shown without their picture, per run: ${blankWhenShown.join(', ')}`,
  )
}
if (process.env.REVEAL_JSON) fs.writeFileSync(process.env.REVEAL_JSON, JSON.stringify(results, null, 2))
