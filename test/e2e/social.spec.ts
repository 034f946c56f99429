import { expect } from '@playwright/test'

import { present } from '../helpers/present'

import { friendCodeOf, logIn, registerThroughHome, skipTours, snap, test, uniqueEmail } from './helpers'

test('two travellers become friends by code, share a profile, edit a profile and request content', async ({
  browser,
}) => {
  const ana = await (await browser.newContext()).newPage()
  const ben = await (await browser.newContext()).newPage()
  const anaEmail = uniqueEmail('ana')
  const benEmail = uniqueEmail('ben')
  await registerThroughHome(ana, anaEmail)
  const anaName = present(anaEmail.split('@')[0])
  const anaCode = await friendCodeOf(ana)
  await registerThroughHome(ben, benEmail)

  // The first visit of /myFriends starts its tour.
  await ben.goto('/myFriends')
  await expect(ben.getByRole('button', { name: /Next/ })).toBeVisible()
  await snap(ben, 'friends-tour')
  await skipTours(ben)
  await ben.reload()

  await ben.getByRole('textbox', { name: 'Friend code' }).fill(anaCode)
  await ben.getByRole('button', { name: 'Add Friend' }).click()
  await expect(ben.getByText(`You have added ${anaName} as a friend.`)).toBeVisible()
  await expect(ben.getByRole('listitem', { name: anaName })).toContainText('Friend since')
  await snap(ben, 'friends-list')

  await ana.goto('/notifications')
  await expect(ana.getByText(/New friend/).first()).toBeVisible()

  // Ana's public profile page unfolds with a preview and leaks no e-mail.
  await ben.goto(`/s/user?shareId=${anaCode}`)
  await expect(ben.getByRole('heading', { level: 1 })).toHaveText(anaName)
  await expect(ben.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(anaName))
  // The link preview is Ana's travel map, drawn on the server.
  const preview = ben.locator('meta[property="og:image"]')
  await expect(preview).toHaveAttribute('content', new RegExp(`/api/image/travelMap\\?shareId=${anaCode}`))
  const previewImage = await ben.request.get(present(await preview.getAttribute('content'), 'the preview address'))
  expect(previewImage.ok()).toBe(true)
  expect(previewImage.headers()['content-type']).toMatch(/^image\//)
  await expect(ben.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/)
  expect(await ben.content()).not.toContain(anaEmail)
  await snap(ben, 'share-profile-page')

  // Profile edit.
  await skipTours(ana)
  await ana.goto('/myAccount')
  await ana.getByRole('button', { name: 'Edit Profile' }).click()
  await expect(ana.getByRole('img', { name: 'Locked avatar' })).toHaveCount(13)
  await ana.getByRole('radio', { name: 'Avatar 3' }).click()
  await ana.getByLabel('Username').fill(`${anaName.slice(0, 14)}-trips`)
  await snap(ana, 'account-edit')
  await ana.getByRole('button', { name: 'Save Edit' }).click()
  await expect(ana.getByText('Your profile is updated successfully.')).toBeVisible()
  await expect(ana.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
  await snap(ana, 'account-view')

  // Content request.
  await ana.goto('/requestNewContent')
  await ana.getByRole('button', { name: 'Submit' }).click()
  await expect(ana.getByText('Please fill in all fields.')).toBeVisible()
  await ana.getByLabel('Detail').fill('Please add the Faroe Islands as a card.')
  await ana.getByRole('button', { name: 'Submit' }).click()
  await expect(ana.getByText('Request Received')).toBeVisible()
  await snap(ana, 'content-request-received')
  await ana.getByRole('button', { name: 'Submit Another Request' }).click()
  await expect(ana.getByLabel('Detail')).toHaveValue('')

  // Ben logs in again on a phone-sized screen and still sees the friendship.
  await ben.setViewportSize({ width: 360, height: 780 })
  await ben.context().clearCookies()
  await ben.evaluate(() => window.localStorage.clear())
  await logIn(ben, benEmail, '/myFriends')
  await expect(ben).toHaveURL(/\/myFriends$/)
  await expect(ben.getByRole('listitem', { name: anaName })).toBeVisible()
  // A long name is cut short on the friend's card instead of widening the page past the phone's screen.
  expect(await ben.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await snap(ben, 'friends-phone')
})
