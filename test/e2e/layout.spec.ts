import { expect, type Page } from '@playwright/test'

import { signUpThroughApi, snap, test, uniqueEmail } from './helpers'

const WIDTHS = [360, 768, 1280]
const SCREENS = ['/myAccount', '/myFriends', '/myWallet', '/createMemory']
const LABEL = 'Not Finding What You Want?'

/** The buttons and links whose box meets the content-request button's box, as the user sees the page. */
async function controlsUnderTheButton(page: Page): Promise<string[]> {
  return page.evaluate((label) => {
    const button = Array.from(document.querySelectorAll('a, button')).find((node) => node.textContent.trim() === label)
    if (!button) return ['(no content-request button)']
    const own = button.getBoundingClientRect()
    const covered: string[] = []
    for (const control of Array.from(document.querySelectorAll('a, button, [role="button"], input, select'))) {
      if (control === button || button.contains(control) || control.contains(button)) continue
      const box = control.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const overlaps = box.left < own.right && own.left < box.right && box.top < own.bottom && own.top < box.bottom
      if (overlaps) covered.push(control.getAttribute('aria-label') ?? (control.textContent.trim() || control.tagName))
    }
    return covered
  }, LABEL)
}

test('the content-request button covers no control on any screen at 360, 768 and 1280 px, and is absent on its own page', async ({
  page,
}) => {
  // Twelve screens, each loaded and measured twice.
  test.setTimeout(300_000)
  await signUpThroughApi(page, uniqueEmail('layout'))
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    for (const screen of SCREENS) {
      await page.goto(screen)
      const button = page.getByRole('link', { name: LABEL, exact: true })
      await expect(button).toBeVisible()
      // A control scrolled anywhere on the page, at the top or the bottom, must stay clear of the button.
      for (const scroll of ['top', 'bottom'] as const) {
        await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scroll)
        expect(await controlsUnderTheButton(page), `${screen} at ${width} px, scrolled to the ${scroll}`).toEqual([])
      }
    }
    await snap(page, `content-request-button-${width}`)
    await page.goto('/requestNewContent')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: LABEL, exact: true })).toHaveCount(0)
  }
})

test('every control reached with Tab shows a focus ring', async ({ page }) => {
  await page.goto('/')
  const unmarked: string[] = []
  for (let step = 0; step < 16; step += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body) return null
      const ring = getComputedStyle(element)
      const ringed = ring.outlineStyle !== 'none' && parseFloat(ring.outlineWidth) >= 2
      // A text field marks focus with its outline border instead, 2 px in the primary colour.
      const border = element.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline')
      const bordered = border ? parseFloat(getComputedStyle(border).borderTopWidth) >= 2 : false
      const name = element.getAttribute('aria-label') ?? (element.textContent.trim() || element.id || element.tagName)
      return { name, marked: ringed || bordered }
    })
    if (focused && !focused.marked) unmarked.push(focused.name)
  }
  expect(unmarked).toEqual([])
})
