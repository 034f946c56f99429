import { expect, test, type Page } from '@playwright/test'

import { api, friendCodeOf, registerThroughApi, registerThroughHome, skipTours, snap, uniqueEmail } from './helpers'

const PHONE = { width: 360, height: 740 }

async function bottomOfHeader(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox()
  if (!box) throw new Error('no header')
  return box.y + box.height
}

test('on a phone, a toast opens below the header and leaves the Log In button usable', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto('/')
  const form = page.getByRole('form', { name: 'Sign up' }).first()
  await form.getByRole('button', { name: 'Sign Up' }).click()
  const toast = page.getByText('Please fill out the registration form.')
  await expect(toast).toBeVisible()
  await page.waitForTimeout(400) // the toast's slide-in
  const toastBox = await toast.boundingBox()
  expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual(await bottomOfHeader(page))
  await snap(page, 'toast-below-header-phone', { settle: false })
  // The Log In button is what a tap at its centre reaches.
  const logIn = page.getByRole('banner').getByRole('link', { name: 'Log In' })
  const box = await logIn.boundingBox()
  if (!box) throw new Error('no Log In button')
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('a')?.textContent ?? '',
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(hit).toBe('Log In')
  await context.close()
})

test('on a phone, notifications are compact rows and "Mark all as read" reads them all', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await registerThroughHome(page, uniqueEmail('inbox'))
  await skipTours(page)
  const friendCode = await friendCodeOf(page)
  for (let friend = 0; friend < 3; friend += 1) {
    const { token } = await registerThroughApi(page, uniqueEmail('newfriend'))
    await api(page, 'POST', '/friends/addFriend', token, { friendCode })
  }

  await page.goto('/notifications')
  const items = page.getByRole('article')
  await expect(items).toHaveCount(3)
  for (const item of await items.all()) {
    const box = await item.boundingBox()
    expect(box?.height ?? 1000).toBeLessThanOrEqual(120)
  }
  await snap(page, 'notifications-compact-phone')

  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByText('new', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Read/ })).toHaveCount(0)
  await context.close()
})
