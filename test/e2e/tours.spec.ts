import { expect, type Page } from '@playwright/test'

import { api, registerThroughApi, registerThroughHome, snap, storedToken, test, uniqueEmail } from './helpers'

const VIEWPORTS = [
  // Enough friends for the friend list to reach below the fold, and few enough for it to fit on the screen.
  { name: 'phone', width: 390, height: 844, friends: 1 },
  { name: 'desktop', width: 1280, height: 800, friends: 5 },
] as const

/** Leaves only one tour's flag set, so the screen under test shows its tour and no other screen does. */
async function keepOnlyTour(page: Page, flag: string): Promise<void> {
  await page.evaluate((keep) => {
    for (const key of Object.keys(window.localStorage))
      if (key.startsWith('tutorial_') && key !== keep) window.localStorage.removeItem(key)
  }, flag)
}

/**
 * The spotlighted target after the tour has scrolled to it: its box, the app bar's bottom edge and the viewport's
 * height, read once the page has stopped scrolling.
 */
async function spotlightGeometry(page: Page, target: string) {
  await expect(page.locator('.react-joyride__tooltip')).toBeVisible()
  let last = -1
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY)
      const settled = now === last
      last = now
      return settled
    })
    .toBe(true)
  return page.evaluate((selector) => {
    const element = document.querySelector(selector)
    const header = document.querySelector('header')
    if (!element || !header) throw new Error(`missing ${selector} or the app bar`)
    const box = element.getBoundingClientRect()
    return {
      top: box.top,
      bottom: box.bottom,
      appBarBottom: header.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
    }
  }, target)
}

for (const viewport of VIEWPORTS) {
  test(`every step of the My Friends tour spotlights its target in full below the sticky app bar (${viewport.name}, ${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await registerThroughHome(page, uniqueEmail('tour'))
    await keepOnlyTour(page, 'tutorial_myFriends')
    const token = await storedToken(page)
    for (let friend = 0; friend < viewport.friends; friend += 1) {
      const { friendCode } = await registerThroughApi(page, uniqueEmail('tourfriend'))
      await api(page, 'POST', '/friends/addFriend', token, { friendCode })
    }

    await page.goto('/myFriends')
    const steps = [
      { target: '[data-tour="friends-code"]', title: 'Your friend code' },
      { target: '[data-tour="friends-add"]', title: 'Add a friend' },
      { target: '[data-tour="friends-share"]', title: 'Invite friends' },
      { target: '[data-tour="friends-list"]', title: 'Your friends' },
    ]
    const tooltip = page.locator('.react-joyride__tooltip')
    await expect(tooltip).toContainText(steps[0]?.title ?? '')
    const list = page.locator('[data-tour="friends-list"]')
    await expect(list.getByRole('listitem')).toHaveCount(viewport.friends)
    const listBottomBeforeTour = await list.evaluate(
      (element) => element.getBoundingClientRect().bottom + window.scrollY,
    )
    expect(listBottomBeforeTour, 'the last target starts below the fold').toBeGreaterThan(viewport.height)

    for (const [index, { target, title }] of steps.entries()) {
      if (index > 0) await tooltip.getByRole('button', { name: /^Next/ }).click()
      await expect(tooltip).toContainText(title)
      const geometry = await spotlightGeometry(page, target)
      expect(geometry.top, `${title}: the target's top is below the app bar`).toBeGreaterThanOrEqual(
        geometry.appBarBottom,
      )
      expect(geometry.bottom, `${title}: the target's bottom is inside the viewport`).toBeLessThanOrEqual(
        geometry.viewportHeight,
      )
    }
    await snap(page, `tour-friends-list-${viewport.name}`, { settle: false })
  })
}
