import { expect } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'

import {
  api,
  axeViolations,
  grantOperator,
  logIn,
  registerThroughApi,
  signUpThroughApi,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/**
 * The operators' console (docs/product.md#console): a traveller granted the role by the server command logs in,
 * sets up an authenticator app from the secret shown, finds a traveller, grants them credit with a reason, and sees
 * the grant in the audit log. A traveller who opens /console sees "Page Not Found".
 */
test('an operator enrols a second factor, grants a traveller credit with a reason and finds it in the audit log', async ({
  page,
}) => {
  const travellerEmail = uniqueEmail('helped')
  const traveller = await registerThroughApi(page, travellerEmail)

  // A traveller sees no console at all.
  const operatorEmail = uniqueEmail('operator')
  await signUpThroughApi(page, operatorEmail)
  const operator = await api<{ username: string }>(page, 'GET', '/getUser', await storedToken(page))
  await page.goto('/console')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()

  grantOperator(operatorEmail)
  await page.evaluate(() => window.localStorage.clear())
  await logIn(page, operatorEmail, '/console')
  await expect(page).toHaveURL(/\/console$/)
  await expect(page.getByRole('heading', { name: 'Set Up Your Authenticator App' })).toBeVisible()
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click()
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+$/)
  await snap(page, 'console-enrol')
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
  await page.getByLabel('Code from your authenticator app').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()

  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible()
  await page.getByRole('tab', { name: 'Travellers' }).click()
  await page.getByLabel('E-mail, username or friend code').fill(traveller.friendCode.toLowerCase())
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('link', { name: new RegExp(traveller.username) }).click()
  await expect(page.getByRole('heading', { name: traveller.username })).toBeVisible()
  const before = await api<{ digitalCredit: number }>(page, 'GET', '/getUser', traveller.token)

  await page.getByLabel('Amount').fill('250')
  await page.getByLabel('Reason').fill('Make up for a failed draw')
  await page.getByRole('button', { name: 'Grant', exact: true }).click()
  await expect(page.getByText('Granted 250 digital credit.')).toBeVisible()
  await expect(page.getByTestId('digital-balance')).toHaveText((before.digitalCredit + 250).toLocaleString('en-US'))
  const after = await api<{ digitalCredit: number }>(page, 'GET', '/getUser', traveller.token)
  expect(after.digitalCredit).toBe(before.digitalCredit + 250)
  await snap(page, 'console-traveller')

  await page.getByRole('tab', { name: 'Audit Log' }).click()
  const log = page.getByRole('table', { name: 'Operator actions' })
  // Other journeys' operators act on the same server: this operator's rows are the ones with its name.
  const own = log.getByRole('row').filter({ has: page.getByRole('cell', { name: operator.username, exact: true }) })
  const grant = own.filter({ hasText: 'credit.grant' })
  await expect(grant).toContainText('Make up for a failed draw')
  await expect(grant).toContainText(traveller.username)
  await expect(grant).toContainText('"amount":250')
  await expect(own.filter({ hasText: 'secondFactor.enrol' })).toBeVisible()
  expect(await axeViolations(page, 'console audit log')).toEqual([])
  await snap(page, 'console-audit-log')
})
