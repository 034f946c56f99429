import { expect, test } from '@playwright/test'

import { registerThroughHome, skipTours, snap, uniqueEmail } from './helpers'

const PHONE = { width: 390, height: 844 }

test('on a phone, a new traveller redeems the welcome gift on the welcome page and goes on to acquire cards', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await registerThroughHome(page, uniqueEmail('firsthour'))
  await skipTours(page)
  // Every place and its search are one tap away, and the whole navigation fits the phone's width.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeInViewport({ ratio: 1 })
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)

  const gift = page.getByRole('region', { name: 'Your welcome gift' })
  await expect(gift.getByRole('button', { name: 'Redeem Welcome gift' })).toBeInViewport()
  await snap(page, 'first-hour-welcome-gift-phone')
  await gift.getByRole('button', { name: 'Redeem Welcome gift' }).click()
  await expect(gift.getByText('credit has been added to your wallet.')).toBeVisible()
  await snap(page, 'first-hour-welcome-gift-redeemed-phone')

  await gift.getByRole('link', { name: 'Acquire Cards' }).click()
  await expect(page).toHaveURL(/\/acquireCards$/)
  await page.goto('/myWallet')
  await expect(page.getByLabel('Digital credit: 10,000 credit').first()).toBeVisible()
  await expect(page.getByText("You don't have any credit certificates available.")).toBeVisible()
  await context.close()
})

test('on a desktop, Explore sits in the main navigation and opens every collection with the place search', async ({
  browser,
}) => {
  // 1280 px: the narrowest width with labelled navigation, where the bar is fullest.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await registerThroughHome(page, uniqueEmail('explore'))
  await skipTours(page)
  const nav = page.getByRole('navigation', { name: 'Main' })
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  await nav.getByRole('link', { name: 'Explore' }).click()
  await expect(page).toHaveURL(/\/cardCollections$/)
  await snap(page, 'first-hour-explore-desktop')
  await context.close()
})
