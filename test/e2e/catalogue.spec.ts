import fs from 'node:fs'

import { expect, type Page } from '@playwright/test'

import { collectionPicturePath } from '@shared/artVersion'

import { registerThroughHome, signUpThroughApi, skipTours, snap, test, uniqueEmail } from './helpers'

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 360, height: 780 }

/** Scrolls through a long grid so its lazily loaded cards load, as they would for someone scrolling, before a full-page screenshot. */
async function loadWholeGrid(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.body.scrollHeight)
  for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600)
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll('main ul img')).every((image) => (image as HTMLImageElement).complete),
    undefined,
    { timeout: 30_000 },
  )
  await page.evaluate(() => window.scrollTo(0, 0))
}

test('a traveller browses a collection, marks a card as been there and closes back to the same cards', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage()
  await signUpThroughApi(page, uniqueEmail('catalogue'))

  await page.goto('/cardCollections')
  const europe = page.getByRole('article', { name: 'Europe', exact: true })
  await expect(europe).toBeVisible()
  for (const group of ['Cities', 'Regions of countries', 'Countries by continent'])
    await expect(page.getByRole('region', { name: group })).toBeVisible()
  expect(await page.getByRole('article').count()).toBeGreaterThan(60)
  await snap(page, 'card-collections-1280')
  await page.setViewportSize(PHONE)
  await snap(page, 'card-collections-360')
  await page.setViewportSize(DESKTOP)

  await europe.getByRole('link', { name: 'Browse cards of Europe' }).click()
  await expect(page).toHaveURL(/\/cardCollections\?collection=europe&rarity=5$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Europe' })).toBeFocused()
  await expect(page.getByRole('button', { name: /^Legendary, \d+ cards$/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('list', { name: 'Europe, Legendary cards' }).getByRole('link').first()).toBeVisible()
  await loadWholeGrid(page)
  await snap(page, 'collection-cards-legendary-1280')

  // The rarity choice works by keyboard.
  await page.getByRole('button', { name: /^Legendary, / }).focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /^Rare, / })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cardCollections\?collection=europe&rarity=3$/)
  const rare = page.getByRole('list', { name: 'Europe, Rare cards' })
  await expect(rare.getByRole('link').first()).toBeVisible()
  await loadWholeGrid(page)
  await snap(page, 'collection-cards-rare-1280')
  await page.setViewportSize(PHONE)
  await loadWholeGrid(page)
  await snap(page, 'collection-cards-rare-360')
  await page.setViewportSize(DESKTOP)

  const first = rare.getByRole('link').first()
  const cardName = (await first.getAttribute('aria-label'))?.split(',')[0] ?? ''
  await first.click()
  await expect(page).toHaveURL(/\/card\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: cardName })).toBeVisible()
  await snap(page, 'card-page-1280')

  await page.getByRole('button', { name: "I've Been There" }).click()
  await expect(page.getByRole('button', { name: "I've Not Been There" })).toBeEnabled()
  await expect(page.getByRole('img', { name: 'Been there' })).toBeVisible()
  await snap(page, 'card-page-been-there-1280')
  await page.setViewportSize(PHONE)
  await snap(page, 'card-page-been-there-360')
  await page.setViewportSize(DESKTOP)

  await page.getByRole('button', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/cardCollections\?collection=europe&rarity=3$/)
  await expect(page.getByRole('button', { name: /^Rare, / })).toHaveAttribute('aria-pressed', 'true')
  await expect(rare.getByRole('link', { name: new RegExp(`^${cardName}, Rare`) })).toBeVisible()

  await page.getByRole('link', { name: 'All collections' }).click()
  await expect(page).toHaveURL(/\/cardCollections$/)
  await expect(page.getByRole('link', { name: 'Browse cards of Europe', exact: true })).toBeFocused()
})

test('a traveller finds a place by name, sees its local time, and pages through a collection of a hundred cities', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage()
  await signUpThroughApi(page, uniqueEmail('search'))

  await page.goto('/cardCollections')
  await page.getByRole('searchbox', { name: 'Search places' }).fill('toron')
  await expect(page).toHaveURL(/\/cardCollections\?q=toron$/)
  const toronto = page.getByRole('link', { name: 'Toronto', exact: true })
  await expect(toronto).toBeVisible()
  await expect(page.getByRole('region', { name: 'Cities' })).toHaveCount(0)
  await snap(page, 'place-search-1280')
  await page.setViewportSize(PHONE)
  await snap(page, 'place-search-360')
  await page.setViewportSize(DESKTOP)

  await toronto.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Toronto' })).toBeVisible()
  await expect(page.getByText(/^Local time there: \d\d:\d\d, /)).toBeVisible()
  await snap(page, 'card-page-local-time-1280')
  await page.getByRole('button', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/cardCollections\?q=toron$/)
  await expect(page.getByRole('searchbox', { name: 'Search places' })).toHaveValue('toron')

  await page.goto('/cardCollections?collection=cities-cn&rarity=5')
  const grid = page.getByRole('list', { name: 'Cities of China, Legendary cards' })
  await expect(grid.getByRole('link')).toHaveCount(48)
  await expect(page.getByText('Showing 48 of 100 cards')).toBeVisible()
  await page.getByRole('button', { name: 'Show more cards' }).click()
  await expect(grid.getByRole('link')).toHaveCount(96)
  await expect(grid.getByRole('link').nth(48)).toBeFocused()
  await snap(page, 'collection-paged-1280')
})

test('anyone reads where the cards come from on the About page, linked from the footer', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'About and credits' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1, name: 'About Wandercards' })).toBeVisible()
  for (const source of ['GeoNames', 'Countries States Cities Database', 'Natural Earth', 'world-countries'])
    await expect(page.getByRole('link', { name: source })).toBeVisible()
  await snap(page, 'about-1280')
  await page.setViewportSize(PHONE)
  await snap(page, 'about-360')
})

test('a traveller goes back to the collection list where they left it, and a reload starts it afresh', async ({
  page,
}) => {
  // How many collections the list shows when it first shows any: a change to the page is seen before the browser's
  // next task, so a list rendered in slices is seen at its first.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const shown = document.querySelectorAll('article[aria-labelledby^="collection-"]').length
      if (shown > 0) {
        sessionStorage.setItem('collectionsAtFirstSight', String(shown))
        observer.disconnect()
      }
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  await page.setViewportSize(PHONE)
  await signUpThroughApi(page, uniqueEmail('catalogue-back'))
  await skipTours(page)

  await page.goto('/cardCollections')
  const collections = page.locator('article[aria-labelledby^="collection-"]')
  await expect.poll(() => collections.count()).toBeGreaterThan(60)
  const farDown = collections.nth(40)
  const name = await farDown.getByRole('heading').innerText()
  await farDown.getByRole('link', { name: `Browse cards of ${name}` }).scrollIntoViewIfNeeded()
  const leftAt = await page.evaluate(() => window.scrollY)
  expect(leftAt).toBeGreaterThan(10_000)

  await farDown.getByRole('link', { name: `Browse cards of ${name}` }).click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeFocused()
  await page.goBack()
  await expect(page.getByRole('link', { name: `Browse cards of ${name}` })).toBeInViewport()
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - leftAt)).toBeLessThan(2)

  // The browser keeps the entry across a reload, but not the position: the list starts at the top, first few first.
  await page.evaluate(() => sessionStorage.removeItem('collectionsAtFirstSight'))
  await page.reload()
  await expect.poll(() => collections.count()).toBeGreaterThan(60)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(await page.evaluate(() => sessionStorage.getItem('collectionsAtFirstSight'))).toBe('6')
})

test("a returning traveller's collections start loading with the page: one call each, the first picture and the header preloaded", async ({
  browser,
  page: registration,
}) => {
  await registration.setViewportSize(PHONE)
  await registerThroughHome(registration, uniqueEmail('returning'))
  await skipTours(registration)
  // The traveller comes back another day: the session is stored, the browser's cache no longer holds the app's files.
  const page = await (
    await browser.newContext({ viewport: PHONE, storageState: await registration.context().storageState() })
  ).newPage()
  const refusedScripts: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      refusedScripts.push(message.text())
  })
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/get')) calls.push(url.pathname)
  })

  await page.goto('/cardCollections')
  await expect(page.getByRole('article', { name: 'Great Cities of the World' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Great Cities of the World collection' })).toHaveJSProperty(
    'complete',
    true,
  )

  expect(refusedScripts).toEqual([])
  // Started by index.html's script and adopted by the app: never asked twice.
  expect(calls.filter((call) => call === '/api/getUser')).toHaveLength(1)
  expect(calls.filter((call) => call === '/api/getCardCollections')).toHaveLength(1)
  // The picture the collection screen shows, at the address the app asks for it.
  const pictureFetchedBy = await page.evaluate(
    (picture) => {
      const entry = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith(picture))
      return (entry as PerformanceResourceTiming | undefined)?.initiatorType
    },
    `/api${collectionPicturePath('great-cities')}`,
  )
  expect(pictureFetchedBy).toBe('link')
  // The logged-in header's and banner's scripts come with the page too (index.html's preloads), each fetched once.
  const { loggedInShell } = JSON.parse(fs.readFileSync('dist/web/route-preloads.json', 'utf8')) as {
    loggedInShell: Record<string, string[]>
  }
  const shellFiles = Object.values(loggedInShell).flat()
  const shellFetchedBy = await page.evaluate(
    (files) =>
      files.map((file) =>
        performance
          .getEntriesByType('resource')
          .filter((resource) => new URL(resource.name).pathname === file)
          .map((resource) => (resource as PerformanceResourceTiming).initiatorType),
      ),
    shellFiles,
  )
  expect(shellFetchedBy).toEqual(shellFiles.map(() => ['link']))
})
