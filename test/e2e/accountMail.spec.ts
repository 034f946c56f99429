import { expect, type Page } from '@playwright/test'

import {
  api,
  axeViolations,
  mailedLinkFor,
  PASSWORD,
  registerThroughApi,
  registerThroughHome,
  snap,
  test,
  uniqueEmail,
} from './helpers'

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page, where)).toEqual([])
}

test('a traveller who forgot the password asks for a link, sets a new password from the e-mail and is logged in', async ({
  page,
}) => {
  const email = uniqueEmail('forgetful')
  const { token: oldSession } = await registerThroughApi(page, email)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgotPassword$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expectNoAxeViolations(page, 'forgot password')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Email').press('Enter')
  await expect(page.getByRole('status')).toContainText(`If an account uses ${email}, we have sent it a link`)
  await snap(page, 'forgot-password-sent')

  const link = await mailedLinkFor(email, 'resetPassword')
  const response = await page.goto(link)
  // The page that holds the token sends no Referer anywhere.
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible()
  await expectNoAxeViolations(page, 'reset password')
  await snap(page, 'reset-password')
  await page.getByRole('textbox', { name: 'New password' }).fill('password1')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByRole('alert')).toContainText('one of the most common ones')

  await page.getByRole('textbox', { name: 'New password' }).fill('night bus over the Andes')
  await page.getByRole('textbox', { name: 'New password' }).press('Enter')
  await expect(page.getByText('Your password was changed and you are logged in.')).toBeVisible()
  await expect(page).toHaveURL(/\/feed$/)
  await snap(page, 'reset-password-logged-in')

  // The session from before is over; the old password no longer opens the account, the new one does.
  await expect(api(page, 'GET', '/getUser', oldSession)).rejects.toThrow()
  await expect(api(page, 'POST', '/login', '', { email, password: PASSWORD })).rejects.toThrow()
  await api(page, 'POST', '/login', '', { email, password: 'night bus over the Andes' })

  // The link was used: opening it again says so.
  await page.goto('/')
  await page.evaluate(() => window.localStorage.clear())
  await page.goto(link)
  await page.getByRole('textbox', { name: 'New password' }).fill('another long password')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByRole('alert')).toContainText('This password reset link was already used.')
})

test('the forgot-password and reset pages fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/forgotPassword')
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(await overflow()).toBe(false)
  await snap(page, 'forgot-password-phone')
  await page.goto('/resetPassword#token=abc')
  await expect(page.getByRole('textbox', { name: 'New password' })).toBeVisible()
  expect(await overflow()).toBe(false)
  await snap(page, 'reset-password-phone')
})

test('a new traveller confirms the address from the welcome e-mail, and the banner with Resend goes', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer')
  // The password rules reach the sign-up form through the shared handling, as a warning.
  await page.goto('/')
  const form = page.getByRole('form', { name: 'Sign up' }).first()
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill('short')
  await form.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText('Your password needs at least 8 characters.')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  await registerThroughHome(page, email)
  const banner = page.getByText(`Please confirm your e-mail address: we sent a link to ${email}.`)
  await expect(banner).toBeVisible()
  await expectNoAxeViolations(page, 'welcome with the confirmation banner')
  await snap(page, 'confirmation-banner')
  await page.getByRole('button', { name: 'Resend' }).click()
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible()

  const link = await mailedLinkFor(email, 'verifyEmail')
  const response = await page.goto(link)
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible()
  await expect(page.getByText(`Thank you: ${email} is confirmed.`)).toBeVisible()
  await expectNoAxeViolations(page, 'e-mail confirmed')
  await snap(page, 'email-confirmed')

  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0)
  await expect(banner).toHaveCount(0)

  // Used once: opening it again says so.
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('This confirmation link was already used.')
})
