import { expect } from '@playwright/test'

import { present } from '../helpers/present'

import {
  api,
  friendCodeOf,
  mailedLinkFor,
  registerThroughHome,
  signUpThroughApi,
  skipTours,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

test('a new traveller redeems the welcome certificate and buys credit in test mode, with a good and a declined card', async ({
  page,
}) => {
  await signUpThroughApi(page, uniqueEmail('wallet'))
  await page.goto('/myWallet')
  await expect(page.getByText('Welcome gift')).toBeVisible()
  await snap(page, 'wallet-with-welcome-certificate')

  const [certificate] = await api<{ redeemCode: string }[]>(
    page,
    'GET',
    '/payment/getMyCreditCertificates',
    await storedToken(page),
  )
  await page.getByLabel('Certificate code').fill(present(certificate, 'the welcome certificate').redeemCode)
  await page.getByRole('button', { name: 'Redeem', exact: true }).last().click()
  const redeemed = page.getByRole('dialog', { name: 'Certificate Redeemed' })
  await expect(redeemed).toContainText('10,000')
  await snap(page, 'wallet-certificate-redeemed')
  await redeemed.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByText("You don't have any credit certificates available.")).toBeVisible()
  await expect(page.getByLabel('Digital credit: 10,000 credit').first()).toBeVisible()
  expect(await page.getByLabel('Certificate code').inputValue()).toBe('')

  // A declined card keeps the dialog open with the provider's message.
  await page.getByRole('button', { name: /^Buy/ }).first().click()
  const checkout = page.getByRole('dialog', { name: 'Purchase Credit' })
  await expect(checkout.getByText(/Test mode/)).toBeVisible()
  await checkout.getByLabel('Test card number').fill('4000 0000 0000 0002')
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('CVC').fill('123')
  await snap(page, 'wallet-test-mode-form')
  await checkout.getByRole('button', { name: /^Pay/ }).click()
  await expect(checkout.getByText('Your card was declined.')).toBeVisible()
  await snap(page, 'wallet-card-declined')

  // A good card goes through the same verification as Stripe's return, and leaves nothing of it in the address.
  await checkout.getByLabel('Test card number').fill('4242 4242 4242 4242')
  await checkout.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByText('Purchase successful!')).toBeVisible()
  await expect(page).toHaveURL(/\/myWallet$/)
  await snap(page, 'wallet-purchase-successful')
  const user = await api<{ digitalCredit: number }>(page, 'GET', '/getUser', await storedToken(page))
  expect(user.digitalCredit).toBeGreaterThan(10_000)
  await page.getByRole('button', { name: 'Close' }).first().click()
  await expect(page).toHaveURL(/\/myWallet$/)

  await page.goto('/myWallet?payment_intent=pi_not_mine')
  await expect(page.getByText('Purchase failed!')).toBeVisible()
  await snap(page, 'wallet-purchase-failed')
})

test('an invited traveller is rewarded at once, and the inviter when the friend confirms their e-mail address', async ({
  browser,
}) => {
  const inviter = await (await browser.newContext()).newPage()
  await registerThroughHome(inviter, uniqueEmail('inviter'))
  const code = await friendCodeOf(inviter)

  const invitee = await (await browser.newContext()).newPage()
  const inviteeEmail = uniqueEmail('invitee')
  await registerThroughHome(invitee, inviteeEmail, `?r=${code}`)
  await expect(invitee).toHaveURL(/\/welcome\?invited=1$/)
  await expect(invitee.getByRole('link', { name: 'Redeem Now' })).toBeVisible()
  await snap(invitee, 'welcome-invited')
  const inviteeToken = await storedToken(invitee)
  const certificates = await api<{ redeemCode: string }[]>(
    invitee,
    'GET',
    '/payment/getMyCreditCertificates',
    inviteeToken,
  )
  expect(certificates).toHaveLength(2)
  const inviteeName = (await api<{ username: string }>(invitee, 'GET', '/getUser', inviteeToken)).username

  // The friendship is immediate; the inviter's reward waits for the friend to confirm their address.
  const inviterToken = await storedToken(inviter)
  expect(await api(inviter, 'GET', '/getUser', inviterToken)).toMatchObject({ digitalCredit: 0, friendCount: 1 })
  await skipTours(inviter)
  await inviter.goto('/myFriends')
  const invited = inviter.getByRole('region', { name: 'Friends you invited' })
  await expect(invited.getByRole('listitem').filter({ hasText: inviteeName })).toContainText(
    'Waiting for them to confirm their e-mail',
  )
  await snap(inviter, 'friends-invited-pending')

  for (const certificate of certificates) {
    await api(invitee, 'POST', '/payment/redeemCreditCertificate', inviteeToken, { redeemCode: certificate.redeemCode })
  }
  // A first card pays nothing while the address is not confirmed; the welcome e-mail's link does.
  await api(invitee, 'GET', '/drawCard?tenDraws=0', inviteeToken)
  expect(await api(inviter, 'GET', '/getUser', inviterToken)).toMatchObject({ digitalCredit: 0 })
  await invitee.goto(await mailedLinkFor(inviteeEmail, 'verifyEmail'))
  await expect(invitee.getByText(`Thank you: ${inviteeEmail} is confirmed.`)).toBeVisible()

  await inviter.reload()
  await expect(invited.getByRole('listitem').filter({ hasText: inviteeName })).toContainText('+10,000 credit')
  await expect(invited).toContainText('Rewards this month: 1 of 10.')
  await snap(inviter, 'friends-invited-paid')
  expect(await api(inviter, 'GET', '/getUser', inviterToken)).toMatchObject({ digitalCredit: 10_000 })
})

test('a visitor is told the wallet is not public', async ({ page }) => {
  await page.goto('/myWallet')
  await expect(page.getByText('This page is not public accessible.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
})
