import { expect } from '@playwright/test'

import { redeemAllCertificates, signUpThroughApi, storedToken, test, uniqueEmail } from './helpers'

test('the Card Acquired dialog shows the whole NEW badge before and after the experience panel slides away', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await signUpThroughApi(page, uniqueEmail('newbadge'))
  await redeemAllCertificates(page, await storedToken(page))

  await page.goto('/digitalPick/1')
  await page
    .getByRole('button', { name: /^Pick / })
    .first()
    .click()
  await page
    .getByRole('dialog', { name: 'Acquiring Card' })
    .getByRole('button', { name: /Acquire for/ })
    .click()
  const acquired = page.getByRole('dialog', { name: 'Card Acquired' })
  const badge = acquired.getByText('NEW', { exact: true })
  await expect(badge).toBeVisible()

  /** How many pixels of the badge its scrolling dialog content cuts off at the top (0 when it shows whole). */
  const clipped = () =>
    badge.evaluate((element) => {
      const content = element.closest('.MuiDialogContent-root')
      if (!content) return Number.NaN
      return Math.max(0, content.getBoundingClientRect().top - element.getBoundingClientRect().top)
    })
  expect(await clipped()).toBe(0)
  await expect(acquired.getByRole('status', { name: 'Experience gained' })).toBeHidden({ timeout: 10_000 })
  await page.waitForTimeout(500) // the slide's last frames
  expect(await clipped()).toBe(0)
  await context.close()
})
