import { expect } from '@playwright/test'

import {
  api,
  axeViolations,
  pickCommonCard,
  redeemAllCertificates,
  registerThroughApi,
  signUpThroughApi,
  skipTours,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

test("a traveller opens a friend's page from the friend list and sees a place both have been to and a memory", async ({
  page,
}) => {
  await signUpThroughApi(page, uniqueEmail('ines'))
  const inesToken = await storedToken(page)
  const omar = await registerThroughApi(page, uniqueEmail('omar'))

  // Omar has been to Lisbon and writes a memory for his friends only; Ines has been to Lisbon too.
  await redeemAllCertificates(page, omar.token)
  const copy = await pickCommonCard(page, omar.token)
  const memoryContent = 'Sardines on the Alfama steps, only for my friends to read.'
  await api(page, 'POST', '/memory/createMemory', omar.token, {
    userCardId: copy.userCardId,
    memoryStartDate: '2024-06-12',
    memoryEndDate: '2024-06-14',
    memoryContent,
    memoryPictures: [],
    taggedFriends: [],
    visibility: 2,
  })
  await api(page, 'POST', '/setBeenThere', omar.token, { cardId: 'pt-lisbon-1', value: true })
  await api(page, 'POST', '/setBeenThere', inesToken, { cardId: 'pt-lisbon-1', value: true })

  await skipTours(page)
  await page.goto('/myFriends')
  await page.getByRole('textbox', { name: 'Friend code' }).fill(omar.friendCode)
  await page.getByRole('button', { name: 'Add Friend' }).click()
  await expect(page.getByText(`You have added ${omar.username} as a friend.`)).toBeVisible()

  // His name opens his page in the app, not the share page.
  await page.getByRole('listitem', { name: omar.username }).getByRole('link', { name: omar.username }).click()
  await expect(page).toHaveURL(/\/friend\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: omar.username })).toBeVisible()
  const places = page.getByRole('region', { name: /Places you have both been/ })
  await expect(places.getByRole('link', { name: 'Lisbon' })).toBeVisible()
  await expect(page.getByText(memoryContent)).toBeVisible()
  expect(await axeViolations(page, 'friend page at 1280 px')).toEqual([])
  await snap(page, 'friend-page-1280')

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('heading', { level: 1, name: omar.username })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axeViolations(page, 'friend page at 390 px')).toEqual([])
  await snap(page, 'friend-page-390')

  await places.getByRole('link', { name: 'Lisbon' }).click()
  await expect(page).toHaveURL(/\/card\/pt-lisbon-1$/)
})
