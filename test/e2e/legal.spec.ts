import { expect } from '@playwright/test'

import { api, redeemAllCertificates, signUpThroughApi, snap, storedToken, test, uniqueEmail } from './helpers'

test('the Terms and the Privacy notice are linked from the footer and beneath the sign-up forms', async ({ page }) => {
  await page.goto('/')
  const forms = page.getByRole('form', { name: 'Sign up' })
  await expect(forms.first()).toContainText('By signing up you accept the Terms and the Privacy notice.')
  for (const form of await forms.all()) {
    await expect(form.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
    await expect(form.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy')
  }
  await snap(page, 'home-sign-up-legal-line')

  await forms.first().getByRole('link', { name: 'Privacy notice' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your photos and their location' })).toContainText('thrown away')
  await snap(page, 'privacy-notice')

  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Terms' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Virtual credit' })).toContainText('no cash value')
  await snap(page, 'terms-of-use')
  await footer.getByRole('link', { name: 'Privacy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
})

test('the first paid draw asks once for the age confirmation, kept on the server', async ({ page }) => {
  await signUpThroughApi(page, uniqueEmail('adult'))
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  expect(await api(page, 'GET', '/getAgeConfirmation', token)).toEqual({ confirmedAt: null })

  await page.goto('/digitalDraw')
  await page.getByRole('button', { name: 'Draw 1 Card' }).click()
  const age = page.getByRole('dialog', { name: 'Are you 18 or older?' })
  await expect(age).toBeVisible()
  await expect(age).toContainText('Paid draws give random cards for credit bought with real money')
  await expect(age.getByRole('button', { name: 'I am 18 or older' })).toBeFocused()
  await snap(page, 'age-confirmation-dialog')

  // Declined: nothing is drawn, and the question comes back.
  await page.keyboard.press('Escape')
  await expect(age).toBeHidden()
  await expect(page.getByText('Paid draws are for travellers 18 or older.')).toBeVisible()
  await page.getByRole('button', { name: 'Draw 1 Card' }).click()
  await expect(age).toBeVisible()
  await page.keyboard.press('Enter')

  const packs = page.getByRole('dialog', { name: 'Draw 1 Card' })
  await expect(packs).toBeVisible()
  const stored = await api<{ confirmedAt: string | null }>(page, 'GET', '/getAgeConfirmation', token)
  expect(stored.confirmedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  await packs.getByRole('button', { name: 'Open pack 1' }).click()
  await expect(page).toHaveURL(/\/digitalDrawResult\//)

  // Asked once: the next paid draw opens the packs at once, also after a reload.
  await page.goto('/digitalDraw')
  await page.getByRole('button', { name: 'Draw 1 Card' }).click()
  await expect(page.getByRole('dialog', { name: 'Draw 1 Card' })).toBeVisible()
  await expect(age).toBeHidden()
})
