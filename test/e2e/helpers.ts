import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { simpleParser } from 'mailparser'

import { STORAGE_KEYS } from '@client/lib/storage'

/**
 * The journeys' `test`: Playwright's, with every browser context a journey opens itself (a second traveller, an
 * inviter) closed when it ends. Left open, such pages stayed alive for the rest of the worker's journeys, polling for
 * notifications and rendering, seven of them by the middle of a run. A context opened in a `beforeAll` is its
 * group's to close.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts())
      await use(undefined)
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      )
    },
    { auto: true },
  ],
})

const SCREENSHOT_DIR = path.resolve('test-results/screenshots')

/** WCAG 2.2 A and AA, the level every screen is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * What axe finds on the page as it stands, one line per rule and element. Legacy mode runs axe in the page itself: the
 * default opens a blank page for every scan to merge the results of cross-origin frames, which the app has none of
 * (the card form's Stripe frames load only with live keys), and that page doubled the cost of each of the journeys'
 * ~160 scans (docs/benchmarks.md).
 */
export async function axeViolations(
  page: Page,
  where: string,
  { within, whileAnimating = false }: { within?: string; whileAnimating?: boolean } = {},
): Promise<string[]> {
  // Colours are measured as painted: a button still fading in from its disabled look fails contrast it passes a
  // moment later. A reveal, scanned while it plays on a held clock, is the one scan that must not wait.
  if (!whileAnimating) await animationsPlayedOut(page)
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true)
  const results = await (within ? builder.include(within) : builder).analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${where} ${violation.id}: ${node.target.join(' ')} ${node.any[0]?.message ?? node.html.slice(0, 120)}`,
    ),
  )
}

/**
 * Saves a full-page screenshot under test-results/screenshots for a person to look at; `settle: false` takes it at
 * once, for a page whose clock the test holds.
 */
export async function snap(page: Page, name: string, { settle = true } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  if (settle) {
    await page.waitForLoadState('networkidle').catch(() => undefined)
    // Card art is rendered on first request; wait for the images in view and let entrance animations settle.
    await page
      .waitForFunction(
        () => Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
        undefined,
        { timeout: 15_000 },
      )
      .catch(() => undefined)
    await animationsPlayedOut(page)
  }
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}

/**
 * Waits until every animation and transition that ends has ended (a fading element is seen at its current opacity;
 * looping ones, a reveal's halo, never end). Two frames first, so what the last change started is running.
 */
export async function animationsPlayedOut(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  )
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 15_000 },
  )
}

/**
 * Stops the page's installed clock a moment from now, so its timers wait for the test. The moment is read off the
 * page's own clock; should the call reach the page after that moment (a loaded machine), it is read again.
 */
export async function holdClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const pageNow = await page.evaluate(() => Date.now())
    try {
      await page.clock.pauseAt(pageNow + 100)
      return
    } catch (error) {
      if (attempt >= 5 || !/fast-forward to the past/i.test(String(error))) throw error
    }
  }
}

let counter = 0
export function uniqueEmail(prefix = 'traveller'): string {
  counter += 1
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`
}

export const PASSWORD = 'a long travel password'

/** Registers through the home page's first sign-up form and waits for the welcome page. */
export async function registerThroughHome(page: Page, email: string, query = ''): Promise<void> {
  await page.goto(`/${query}`)
  const form = page.getByRole('form', { name: 'Sign up' }).first()
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/welcome/)
}

/**
 * Signs up through the API and keeps the session where the web app keeps it, for the journeys that are not about
 * signing up: the page is left on the server's health check (same origin, outside the app), and the journey's next
 * visit opens the app signed in, with no first-visit tours pending. Returns the session token.
 */
export async function signUpThroughApi(page: Page, email: string, friendCode?: string): Promise<string> {
  const { token } = await registerThroughApi(page, email, friendCode)
  await page.goto('/api/health')
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: STORAGE_KEYS.authToken,
    value: token,
  })
  return token
}

export async function logIn(page: Page, email: string, from?: string): Promise<void> {
  await page.goto(from ? `/login?from=${encodeURIComponent(from)}` : '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log In' }).click()
}

/** The API with the web app's key, for setting up a journey's data directly. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/api${url}`, {
    method,
    headers: { 'X-Api-Key': 'dev-web-key', ...(token ? { 'X-Auth-Key': token } : {}) },
    ...(body !== undefined ? { data: body } : {}),
  })
  const envelope = await response.json()
  if (!response.ok()) throw new Error(`${method} ${url}: ${envelope.metadata?.message}`)
  return envelope.data as T
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken)
  if (!token) throw new Error('no session token in localStorage')
  return token
}

/** The first-visit tours are covered by their own checks; other journeys start with them already seen. */
export async function skipTours(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(window.localStorage))
      if (key.startsWith('tutorial_')) window.localStorage.removeItem(key)
  })
}

export async function friendCodeOf(page: Page): Promise<string> {
  const token = await storedToken(page)
  const user = await api<{ friendCode: string }>(page, 'GET', '/getUser', token)
  return user.friendCode
}

/** Registers a second traveller through the API only, for the data a journey needs from someone else. */
export async function registerThroughApi(
  page: Page,
  email: string,
  friendCode?: string,
): Promise<{ token: string; username: string; friendCode: string }> {
  const user = await api<{ authKey: string; username: string; friendCode: string }>(page, 'POST', '/register', '', {
    email,
    password: PASSWORD,
    ...(friendCode ? { friendCode } : {}),
  })
  return { token: user.authKey, username: user.username, friendCode: user.friendCode }
}

export async function redeemAllCertificates(page: Page, token: string): Promise<void> {
  const certificates = await api<{ redeemCode: string }[]>(page, 'GET', '/payment/getMyCreditCertificates', token)
  for (const { redeemCode } of certificates)
    await api(page, 'POST', '/payment/redeemCreditCertificate', token, { redeemCode })
}

/** Picks the first Common card of Europe and returns the new copy. */
export async function pickCommonCard(page: Page, token: string): Promise<{ userCardId: string; cardName: string }> {
  const [card] = await api<{ cardId: string }[]>(
    page,
    'GET',
    '/getCardsOfCollection?collectionId=europe&rarity=1',
    token,
  )
  if (!card) throw new Error('no Common card in Europe')
  const picked = await api<{ cardResult: { userCardId: string; cardName: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: card.cardId,
  })
  return picked.cardResult
}

/** A memory on `userCardId` with one uploaded picture, written through the API. */
export async function createMemoryThroughApi(
  page: Page,
  token: string,
  userCardId: string,
  picture: Buffer,
  taggedFriends: string[] = [],
): Promise<string> {
  const response = await page.request.post('/api/memory/uploadMemoryPicture', {
    headers: { 'X-Api-Key': 'dev-web-key', 'X-Auth-Key': token },
    multipart: { picture: { name: 'view.jpg', mimeType: 'image/jpeg', buffer: picture } },
  })
  const { data: uploaded } = (await response.json()) as { data: { pictureFileName: string } }
  const { memoryId } = await api<{ memoryId: string }>(page, 'POST', '/memory/createMemory', token, {
    userCardId,
    memoryStartDate: '2024-05-03',
    memoryEndDate: '2024-05-11',
    memoryContent:
      // Its own words: the journeys share one server, and a memory journey looks for its own text in the public feed.
      'Fog lifting off the harbour, fish soup at the corner stall, and the last ferry home under a pink sky.',
    memoryPictures: [uploaded.pictureFileName],
    taggedFriends,
    visibility: 3,
  })
  return memoryId
}

/**
 * Taps the map near the centre of `target` (one of its `.marker`s), as a finger lands near rather than on a 5 px
 * marker: 10 px away where no other marker is as near, closer where other markers crowd it.
 */
export async function tapNearMarker(page: Page, map: Locator, target: Locator): Promise<void> {
  const own = await target.evaluate((marker) => {
    const rect = marker.getBoundingClientRect()
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
  })
  const others = (
    await map.locator('.marker').evaluateAll((markers) =>
      markers.map((marker) => {
        const rect = marker.getBoundingClientRect()
        return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
      }),
    )
  ).filter((centre) => centre.x !== own.x || centre.y !== own.y)
  for (const distance of [10, 5, 0]) {
    const tapAt = [0, 45, 90, 135, 180, 225, 270, 315]
      .map((degrees) => ({
        x: own.x + distance * Math.cos((degrees * Math.PI) / 180),
        y: own.y + distance * Math.sin((degrees * Math.PI) / 180),
      }))
      .find((point) => others.every((centre) => Math.hypot(centre.x - point.x, centre.y - point.y) > distance + 1))
    if (tapAt) {
      await page.touchscreen.tap(tapAt.x, tapAt.y)
      return
    }
  }
  throw new Error('another marker sits on the marker to tap')
}

/** The e2e server runs without SMTP_URL: it writes each message as an .eml file under its DATA_DIR/mail. */
const MAILBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')

/** The link to `route` in the newest message to `email` the server wrote, waiting for it to arrive. */
export async function mailedLinkFor(
  email: string,
  route: 'resetPassword' | 'verifyEmail' | 'confirmEmailChange' | 'undoEmailChange',
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/${route}#token=[A-Za-z0-9_-]+`)
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(MAILBOX) ? fs.readdirSync(MAILBOX).filter((name) => name.endsWith('.eml')) : []
        for (const name of files.sort().reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(MAILBOX, name)))
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
          if (!to.some((address) => address.text.includes(email))) continue
          link = pattern.exec(mail.text ?? '')?.[0]
          if (link) return true
        }
        return false
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return link as string
}

/**
 * Makes the account of `email` an operator as whoever runs the server does: the compiled command
 * (`node dist/server/operator.js grant`), on the journeys' database, with their server's OPERATOR_SECRET_KEY.
 */
export function grantOperator(email: string): void {
  const dataDir = process.env.E2E_DATA_DIR ?? ''
  execFileSync(process.execPath, ['dist/server/operator.js', 'grant', email, '--note', 'console journey'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
      DATA_DIR: dataDir,
      OPERATOR_SECRET_KEY: 'e2e0'.repeat(16),
      LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  })
}
