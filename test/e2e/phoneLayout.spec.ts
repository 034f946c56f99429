import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'

import {
  api,
  createMemoryThroughApi,
  friendCodeOf,
  pickCommonCard,
  redeemAllCertificates,
  registerThroughApi,
  signUpThroughApi,
  skipTours,
  snap,
  test,
  uniqueEmail,
} from './helpers'

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
  await signUpThroughApi(page, uniqueEmail('inbox'))
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

test('on a phone, moving a memory to another card set keeps Switch in view beside a compact list of places', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto('/')
  const traveller = await registerThroughApi(page, uniqueEmail('switcher'))
  await redeemAllCertificates(page, traveller.token)
  const copy = await pickCommonCard(page, traveller.token)
  const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer()
  const memoryId = await createMemoryThroughApi(page, traveller.token, copy.userCardId, picture)
  await page.evaluate((authKey) => window.localStorage.setItem('wandercards.authToken', authKey), traveller.token)
  await skipTours(page)

  await page.goto(`/switchUserCard/${memoryId}`)
  await page.getByLabel('Transfer to another card set').check()
  const places = page.getByRole('radiogroup', { name: 'Card set' })
  await expect(places.getByRole('radio').first()).toBeVisible()
  expect(await places.getByRole('radio').count()).toBeGreaterThan(20)
  // The list scrolls in a box of its own; the page stays about a screen long and its actions stay in view.
  expect((await places.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(PHONE.height * 0.5 + 1)
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(PHONE.height * 3)
  await places.getByRole('radio').nth(20).check()
  await expect(
    page.getByRole('group', { name: 'Switch actions' }).getByRole('button', { name: 'Switch' }),
  ).toBeInViewport()
  await snap(page, 'switch-card-set-phone', { settle: false })
  await context.close()
})
