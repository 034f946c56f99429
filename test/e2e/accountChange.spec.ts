import { expect, type Page } from '@playwright/test'

import { ACCOUNT_CHANGE_TEXTS } from '@shared/accountChange'

import { api, axeViolations, mailedLinkFor, PASSWORD, signUpThroughApi, snap, test, uniqueEmail } from './helpers'

async function openAccountSection(page: Page) {
  await page.goto('/myAccount')
  const section = page.getByRole('region', { name: 'Password and e-mail' })
  await expect(section).toBeVisible()
  return section
}

test('a traveller changes the password in My Account and logs in with the new one', async ({ page }) => {
  const email = uniqueEmail('changer')
  const newPassword = 'sunrise over the Douro'
  await signUpThroughApi(page, email)

  const section = await openAccountSection(page)
  await section.getByRole('button', { name: 'Change Password' }).click()
  const form = section.getByRole('form', { name: 'Change password' })
  await form.getByRole('textbox', { name: 'Current password' }).fill('not the password at all')
  await form.getByRole('textbox', { name: 'New password' }).fill(newPassword)
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByRole('alert')).toHaveText(ACCOUNT_CHANGE_TEXTS.wrongPassword)
  expect(await axeViolations(page, 'change password form')).toEqual([])
  await snap(page, 'account-change-password')
  // On a phone the form fits the screen, once the app has laid itself out again for the narrower window (its
  // breakpoints follow the resize a frame or more later).
  await page.setViewportSize({ width: 375, height: 740 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
  await snap(page, 'account-change-password-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  await form.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText(ACCOUNT_CHANGE_TEXTS.passwordChanged)).toBeVisible()

  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(api(page, 'POST', '/login', '', { email, password: PASSWORD })).rejects.toThrow()
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('wandercards.authToken'))).not.toBeNull()
  await page.goto('/myAccount')
  await expect(page.getByText(email, { exact: true })).toBeVisible()
})

test('a traveller changes the e-mail address, confirms it from the e-mail and sees the new address', async ({
  page,
}) => {
  const email = uniqueEmail('mover')
  const newEmail = uniqueEmail('moved')
  await signUpThroughApi(page, email)

  const section = await openAccountSection(page)
  await section.getByRole('button', { name: 'Change E-mail' }).click()
  const form = section.getByRole('form', { name: 'Change e-mail' })
  await form.getByLabel('New e-mail address').fill(newEmail)
  await form.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Send Confirmation Link' }).click()
  await expect(section.getByRole('status')).toHaveText(ACCOUNT_CHANGE_TEXTS.linkSent(newEmail))
  await snap(page, 'account-change-email-sent')

  const link = await mailedLinkFor(newEmail, 'confirmEmailChange')
  const response = await page.goto(link)
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' })).toBeVisible()
  expect(await axeViolations(page, 'confirm e-mail change')).toEqual([])
  await page.getByRole('button', { name: 'Confirm New Address' }).click()
  await expect(page.getByText(ACCOUNT_CHANGE_TEXTS.confirmed(newEmail))).toBeVisible()
  await snap(page, 'confirm-email-change-done')

  await page.getByRole('link', { name: 'Go to My Account' }).click()
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible()

  // The old address was told, with a link that undoes the change.
  const undoLink = await mailedLinkFor(email, 'undoEmailChange')
  await page.goto(undoLink)
  await expect(page.getByRole('heading', { level: 1, name: 'Undo the change of e-mail address' })).toBeVisible()
  expect(await axeViolations(page, 'undo e-mail change')).toEqual([])
  await snap(page, 'undo-email-change')
})

test('the pages of the e-mailed links fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  await page.goto('/confirmEmailChange#token=abc')
  await expect(page.getByRole('button', { name: 'Confirm New Address' })).toBeVisible()
  expect(await overflow()).toBe(false)
  await page.goto('/undoEmailChange#token=abc')
  await expect(page.getByRole('textbox', { name: 'New password' })).toBeVisible()
  expect(await overflow()).toBe(false)
  await snap(page, 'undo-email-change-phone')
})
