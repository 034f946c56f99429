import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

import { api, registerThroughHome, skipTours, storedToken, uniqueEmail } from './helpers'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const WIDTHS = [360, 1280]
const VISITOR_ROUTES = ['/', '/login', '/cardCollections', '/freeDraw', '/acquireCards', '/requestNewContent']
const TRAVELLER_ROUTES = [
  '/welcome',
  '/acquireCards',
  '/digitalPick/1',
  '/digitalDraw',
  '/cardCollections',
  '/myCollection',
  '/myMemories',
  '/createMemory',
  '/feed',
  '/myFriends',
  '/myAccount',
  '/myWallet',
  '/notifications',
]

/** The axe violations of the page as it stands, one line per rule and element. */
async function violationsOf(page: Page, route: string): Promise<string[]> {
  await page.goto(route)
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.locator('h1').first().waitFor({ timeout: 15_000 })
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${route} ${violation.id}: ${node.target.join(' ')}`),
  )
}

async function scan(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    for (const route of routes) found.push(...(await violationsOf(page, route)).map((line) => `${width}px ${line}`))
  }
  return found
}

test('every screen a visitor sees passes axe (WCAG 2.2 AA) at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000)
  expect(await scan(page, VISITOR_ROUTES)).toEqual([])
})

test('every screen a traveller sees passes axe (WCAG 2.2 AA) at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(360_000)
  await registerThroughHome(page, uniqueEmail('axe'))
  await skipTours(page)
  const token = await storedToken(page)
  const [collection] = await api<{ collectionId: string }[]>(page, 'GET', '/getCardCollections', token)
  const routes = [...TRAVELLER_ROUTES]
  if (collection) {
    const [card] = await api<{ cardId: string }[]>(
      page,
      'GET',
      `/getCardsOfCollection?collectionId=${collection.collectionId}`,
      token,
    )
    if (card) routes.push(`/card/${card.cardId}`)
  }
  expect(await scan(page, routes)).toEqual([])
})
