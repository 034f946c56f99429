import { expect, test, type Page } from '@playwright/test'

import { registerThroughHome, skipTours, snap, uniqueEmail } from './helpers'

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
  await registerThroughHome(page, uniqueEmail('catalogue'))
  await skipTours(page)

  await page.goto('/cardCollections')
  const europe = page.getByRole('article', { name: 'Europe' })
  await expect(europe).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(8)
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
  await expect(page.getByRole('link', { name: 'Browse cards of Europe' })).toBeFocused()
})
