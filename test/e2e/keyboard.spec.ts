import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'

import {
  api,
  createMemoryThroughApi,
  holdClock,
  PASSWORD,
  pickCommonCard,
  redeemAllCertificates,
  registerThroughApi,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/** More Tab presses than this to reach a control is a journey no keyboard user would finish. */
const MAX_TABS = 30

/** Whether the focused element is drawn with a mark a sighted keyboard user can see. */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return false
    const style = getComputedStyle(element)
    const ringed = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
    const shadowed = style.boxShadow !== 'none'
    // A text field marks focus with its outline border instead, 2 px in the primary colour.
    const border = element.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline')
    const bordered = border ? parseFloat(getComputedStyle(border).borderTopWidth) >= 2 : false
    return ringed || shadowed || bordered
  })
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false)
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, and checks that the focus shows. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
  await expect(target).toBeVisible()
  const passed: string[] = []
  for (let presses = 1; presses <= MAX_TABS; presses += 1) {
    await page.keyboard.press(key)
    if (await isFocused(target)) {
      expect(await focusIsVisible(page), `the focus on ${String(target)} shows`).toBe(true)
      return presses
    }
    passed.push(
      await page.evaluate(() => {
        const element = document.activeElement
        return (
          element?.getAttribute('aria-label') ?? (element?.textContent.trim().slice(0, 30) || `${element?.tagName}`)
        )
      }),
    )
  }
  throw new Error(`${String(target)} not reached with ${MAX_TABS} presses of ${key}; passed ${passed.join(' | ')}`)
}

async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target)).toBe(true)
  expect(await focusIsVisible(page)).toBe(true)
}

test.describe.configure({ mode: 'serial' })

test.describe('with the keyboard only', () => {
  let page: Page
  let email: string

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    email = uniqueEmail('keys')
    await page.goto('/')
    const { token } = await registerThroughApi(page, email)
    await redeemAllCertificates(page, token)
    // The age question before a first paid draw has its own journey (legal.spec.ts).
    await api(page, 'POST', '/confirmAge', token)
    await pickCommonCard(page, token)
  })

  test.afterAll(async () => {
    await page.close()
  })

  test('a traveller logs in', async () => {
    await page.goto('/login')
    const field = page.getByLabel('Email')
    await expectFocusOn(page, field)
    await page.keyboard.type(email)
    await tabTo(page, page.getByLabel('Password'))
    await page.keyboard.type(PASSWORD)
    await tabTo(page, page.getByRole('button', { name: 'Log In' }))
    await page.keyboard.press('Enter')
    await expect(page).not.toHaveURL(/\/login/)
    expect(await storedToken(page)).toBeTruthy()
    await expect(page.getByRole('link', { name: /^My account: /i }).first()).toBeVisible()
  })

  test('draws 1 card, skips the reveal and sees the result', async () => {
    await page.clock.install()
    await page.goto('/digitalDraw')
    await tabTo(page, page.getByRole('button', { name: 'Draw 1 Card' }))
    await page.keyboard.press('Enter')
    const packs = page.getByRole('dialog')
    await expect(packs).toBeVisible()
    await tabTo(page, packs.getByRole('button', { name: 'Open pack 1' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/digitalDrawResult\//)
    // Once the reveal plays, its timers wait, so the test, not the machine's speed, decides when Skip is pressed.
    const skip = page.getByRole('button', { name: 'Skip' })
    await expect(skip).toBeVisible()
    await holdClock(page)
    await expectFocusOn(page, skip)
    await snap(page, 'keyboard-draw-reveal-skip', { settle: false })
    await page.keyboard.press('Enter')
    await page.clock.resume()
    await expect(skip).toHaveCount(0)
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Your Card' }))
    await expect(page.getByRole('list', { name: 'Drawn cards' }).getByRole('listitem')).toHaveCount(1)
    await tabTo(page, page.getByRole('link', { name: 'Draw Another' }))
    await snap(page, 'keyboard-draw-result')
  })

  test('creates a memory with a picture', async () => {
    const picture = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    await page.goto('/createMemory')
    await tabTo(page, page.getByRole('button', { name: 'Choose Card' }))
    await page.keyboard.press('Enter')
    const picker = page.getByRole('dialog')
    await expect(picker).toBeVisible()
    // A card set, once the picker has loaded them: before that its only button with text is Cancel.
    const set = picker.getByRole('list', { name: 'Card sets' }).getByRole('button').first()
    await tabTo(page, set)
    await page.keyboard.press('Enter')
    const copy = picker.getByRole('button', { name: /, acquired/ }).first()
    await tabTo(page, copy)
    await page.keyboard.press('Enter')
    await expect(picker).toHaveCount(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON')
    expect(await focusIsVisible(page)).toBe(true)

    await tabTo(page, page.getByLabel('Start date'))
    await page.keyboard.type('05032024')
    await tabTo(page, page.getByLabel('End date'))
    await page.keyboard.type('05112024')
    await tabTo(page, page.getByLabel('Your memory'))
    await page.keyboard.type('Lanterns on the river and a night market that smelled of grilled corn.')
    // Listening before the Tab presses: a listener switches on Chromium's file chooser interception without waiting
    // for it, and one added just before Enter lost that race once (the chooser opened unseen, the journey timed out).
    const chooser = page.waitForEvent('filechooser')
    await tabTo(page, page.getByRole('button', { name: 'Add Picture' }))
    await page.keyboard.press('Enter')
    await (await chooser).setFiles({ name: 'river.jpg', mimeType: 'image/jpeg', buffer: picture })
    await expect(page.getByRole('button', { name: 'Remove picture 1' })).toBeVisible()
    // Disabled while the picture uploads, Add Picture gets the focus back, ready for the next one.
    await expectFocusOn(page, page.getByRole('button', { name: 'Add Picture' }))
    await snap(page, 'keyboard-memory-form')
    await tabTo(page, page.getByRole('button', { name: 'Create Memory' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText('Your memory is created').first()).toBeVisible()
    await tabTo(page, page.getByRole('link', { name: 'View Memory' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/viewMemory\//)
    await expect(page.getByText(/Lanterns on the river/)).toBeVisible()
    await expect(page.getByRole('img', { name: 'Picture 1 of 1' })).toBeVisible()
    await snap(page, 'keyboard-memory-created')
  })

  test('buys credit with the test-mode provider', async () => {
    const before = await api<{ digitalCredit: number }>(page, 'GET', '/getUser', await storedToken(page))
    await page.goto('/myWallet')
    await tabTo(page, page.getByRole('button', { name: /^Buy/ }).first())
    await page.keyboard.press('Enter')
    const checkout = page.getByRole('dialog', { name: 'Purchase Credit' })
    await expect(checkout).toBeVisible()
    await tabTo(page, checkout.getByLabel('Test card number'))
    await page.keyboard.type('4242 4242 4242 4242')
    await tabTo(page, checkout.getByLabel('Expiry (MM/YY)'))
    await page.keyboard.type('12/34')
    await tabTo(page, checkout.getByLabel('CVC'))
    await page.keyboard.type('123')
    await tabTo(page, checkout.getByRole('button', { name: /^Pay/ }))
    await page.keyboard.press('Enter')
    await expect(page.getByText('Purchase successful!')).toBeVisible()
    // The payment is verified without leaving its id in the address.
    await expect(page).toHaveURL(/\/myWallet$/)
    await snap(page, 'keyboard-purchase-successful')
    const after = await api<{ digitalCredit: number }>(page, 'GET', '/getUser', await storedToken(page))
    expect(after.digitalCredit).toBeGreaterThan(before.digitalCredit)
    await tabTo(page, page.getByRole('button', { name: 'Close' }).first())
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/myWallet$/)
  })

  test('comments on a memory', async () => {
    const token = await storedToken(page)
    const copy = await pickCommonCard(page, token)
    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#4080c0' } })
      .jpeg()
      .toBuffer()
    const memoryId = await createMemoryThroughApi(page, token, copy.userCardId, picture)
    await page.goto(`/viewMemory/${memoryId}`)
    const field = page.getByLabel('Write a comment')
    await tabTo(page, field)
    await page.keyboard.type('The bells still ring in my ears.')
    await tabTo(page, page.getByRole('button', { name: 'Post' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText('The bells still ring in my ears.')).toBeVisible()
    await expect(field).toHaveValue('')
    await expectFocusOn(page, field)
    await snap(page, 'keyboard-comment-posted')
  })
})
