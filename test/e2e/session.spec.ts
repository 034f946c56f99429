import { expect } from '@playwright/test'

import { logIn, PASSWORD, registerThroughHome, snap, test, uniqueEmail } from './helpers'

test.describe('foundation journeys', () => {
  test('a visitor sees the home page with sign-up, rarities, memories and the free draw', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(
      'Home | Wandercards | Discover, Collect, and Share Unique Travel Cards with Your Memories',
    )
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Five rarities, one world' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Try your luck, draw a card for free!' })).toBeVisible()
    await expect(page.getByText('© 2024 Wandercards · version 1.0.0')).toBeVisible()
    await snap(page, 'home-visitor-desktop')
    await page.setViewportSize({ width: 360, height: 780 })
    await snap(page, 'home-visitor-phone')
  })

  test('registration refuses a bad e-mail, then a good one lands on the welcome page; logout and login with from', async ({
    page,
  }) => {
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Sign up' }).first()
    await form.getByLabel('Email').fill('not-an-email@nowhere')
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible()
    await expect(page.getByText('Please fill out the registration form.')).toBeVisible()
    await snap(page, 'register-bad-email')

    const email = uniqueEmail('welcome')
    await registerThroughHome(page, email)
    const username = email.split('@')[0]
    await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible()
    await expect(page.getByText(`Welcome to Wandercards, ${username}!`)).toBeVisible()
    await snap(page, 'welcome')

    await page.goto('/myAccount')
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible()

    await page.goto('/myFriends')
    await expect(page).toHaveURL(/\/login\?from=%2FmyFriends$/)
    await logIn(page, email, '/myFriends')
    await expect(page).toHaveURL(/\/myFriends$/)
    await snap(page, 'login-returns-to-from')
  })

  test('an unknown route shows Page Not Found', async ({ page }) => {
    await page.goto('/somewhere/far/away')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await snap(page, 'page-not-found')
  })
})
