import { expect, type Page } from '@playwright/test'

import { present } from '../helpers/present'

import {
  api,
  axeViolations,
  redeemAllCertificates,
  signUpThroughApi,
  skipTours,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/** A copy of `cardId` and a memory on it between the given days, through the API. */
async function memoryOn(page: Page, token: string, cardId: string, start: string, end: string, text: string) {
  const picked = await api<{ cardResult: { userCardId: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: cardId,
  })
  const { memoryId } = await api<{ memoryId: string }>(page, 'POST', '/memory/createMemory', token, {
    userCardId: picked.cardResult.userCardId,
    memoryStartDate: start,
    memoryEndDate: end,
    memoryContent: text,
    memoryPictures: [],
    taggedFriends: [],
    visibility: 3,
  })
  return memoryId
}

test('a traveller makes a trip of her memories, a friend she invites adds his, and its share page shows the route', async ({
  browser,
}) => {
  const marta = await (await browser.newContext()).newPage()
  const ben = await (await browser.newContext()).newPage()
  await signUpThroughApi(marta, uniqueEmail('marta'))
  await skipTours(marta)
  const martaToken = await storedToken(marta)
  await redeemAllCertificates(marta, martaToken)
  await memoryOn(marta, martaToken, 'pt-lisbon-1', '2025-05-01', '2025-05-03', 'Tiles, trams and the river light.')
  await memoryOn(marta, martaToken, 'pt-porto-1', '2025-05-04', '2025-05-06', 'Port cellars across the Douro.')
  const paris = await memoryOn(marta, martaToken, 'fr-paris-1', '2024-03-01', '2024-03-02', 'A weekend of museums.')

  const benEmail = uniqueEmail('ben')
  const benToken = await signUpThroughApi(ben, benEmail)
  await skipTours(ben)
  const benName = (await api<{ username: string }>(ben, 'GET', '/getUser', benToken)).username
  await api(ben, 'POST', '/friends/addFriend', benToken, {
    friendCode: (await api<{ friendCode: string }>(marta, 'GET', '/getUser', martaToken)).friendCode,
  })
  await redeemAllCertificates(ben, benToken)
  await memoryOn(ben, benToken, 'es-madrid-1', '2025-05-07', '2025-05-08', 'Tapas till midnight in Madrid.')

  // Marta groups the two Portuguese memories into a Public trip from My Memories.
  await marta.goto('/myMemories')
  const trips = marta.getByRole('region', { name: 'My Trips' })
  await trips.getByRole('button', { name: 'New Trip' }).click()
  const dialog = marta.getByRole('dialog', { name: 'New Trip' })
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Iberian spring')
  await dialog.getByRole('combobox', { name: 'Visibility' }).click()
  await marta.getByRole('option', { name: 'Public' }).click()
  await dialog.getByRole('checkbox', { name: /Lisbon/ }).check()
  await dialog.getByRole('checkbox', { name: /Porto/ }).check()
  await snap(marta, 'trip-new')
  await dialog.getByRole('button', { name: 'Create Trip' }).click()

  await expect(marta.getByRole('heading', { level: 1, name: 'Iberian spring' })).toBeVisible()
  const tripUrl = marta.url()
  expect(tripUrl).toMatch(/\/trip\/[\w-]+$/)
  await expect(marta.getByText('Lisbon → Porto')).toBeVisible()
  await expect(marta.getByText('2025-05-01 – 2025-05-06 · 2 memories')).toBeVisible()
  // The route is drawn on the travel map, through the places in order.
  await expect(marta.locator('polyline[data-route]')).toBeVisible()

  // Another memory joins from the memory itself.
  await marta.goto(`/viewMemory/${paris}`)
  await marta.getByRole('button', { name: 'Add to Trip' }).click()
  await marta.getByRole('menuitem', { name: 'Iberian spring' }).click()
  await expect(marta.getByText('Added to "Iberian spring".')).toBeVisible()
  await expect(marta.getByRole('link', { name: 'In trip: Iberian spring' })).toBeVisible()
  await marta.getByRole('link', { name: 'In trip: Iberian spring' }).click()
  await expect(marta.getByText('Paris → Lisbon → Porto')).toBeVisible()

  // She invites Ben, a friend.
  await marta.getByRole('button', { name: 'Invite friends' }).click()
  const invite = marta.getByRole('dialog', { name: 'Invite friends' })
  await invite.getByRole('button', { name: `Invite ${benName}` }).click()
  await expect(invite.getByText('Invited', { exact: true })).toBeVisible()
  await invite.getByRole('button', { name: 'Done' }).click()

  // Ben answers from his notification and adds his memory of Madrid.
  await ben.goto('/notifications')
  await ben.getByRole('link', { name: 'Open: Trip invitation' }).click()
  await expect(ben.getByRole('heading', { level: 1, name: 'Iberian spring' })).toBeVisible()
  const invitation = ben.getByRole('alert').filter({ hasText: 'invited you to travel together' })
  await invitation.getByRole('button', { name: 'Accept' }).click()
  await ben.getByRole('button', { name: 'Add memories' }).click()
  const add = ben.getByRole('dialog', { name: /Add memories to/ })
  await add.getByRole('checkbox', { name: /Madrid/ }).check()
  await add.getByRole('button', { name: 'Add Memory' }).click()
  await expect(ben.getByText('Paris → Lisbon → Porto → Madrid')).toBeVisible()
  const timeline = ben.getByRole('list', { name: 'Timeline' })
  await expect(timeline.getByRole('article').filter({ hasText: 'Tapas till midnight' })).toContainText('You')
  await snap(ben, 'trip-page-traveller')

  // Marta sees it, and is told.
  await marta.goto('/notifications')
  await expect(marta.getByText('New memory in your trip').first()).toBeVisible()
  await marta.goto(tripUrl)
  const travellers = marta.getByRole('list', { name: 'Travellers' })
  await expect(travellers.getByRole('listitem').filter({ hasText: benName })).toContainText('Travelling')
  await expect(marta.locator('polyline[data-route]')).toBeVisible()
  expect(await axeViolations(marta, 'the trip page')).toEqual([])
  await snap(marta, 'trip-page')
  await marta.setViewportSize({ width: 390, height: 844 })
  await snap(marta, 'trip-page-phone')
  // Ben's page shows the trip he travels in, with whom.
  const benId = (await api<{ userId: string }>(ben, 'GET', '/getUser', benToken)).userId
  await marta.goto(`/friend/${benId}`)
  const benTrips = marta.getByRole('region', { name: `${benName}'s trips (1)` })
  await expect(benTrips.getByRole('link', { name: /Iberian spring/ })).toContainText('With you')
  await snap(marta, 'friend-trips-phone')
  await marta.goto('/myMemories')
  await expect(marta.getByRole('region', { name: 'My Trips' }).getByText('Iberian spring')).toBeVisible()
  await snap(marta, 'my-trips-phone')
  await marta.setViewportSize({ width: 1280, height: 800 })
  await snap(marta, 'my-trips')
  await marta.goto(tripUrl)

  // The share page shows the route and the Public memories, and unfolds with the route map.
  const link = await marta.getByRole('region', { name: 'Share this trip' }).getByRole('textbox').inputValue()
  expect(link).toMatch(/\/s\/trip\?shareId=[\w-]+$/)
  await marta.goto(link)
  await expect(marta.getByRole('heading', { level: 1, name: 'Iberian spring' })).toBeVisible()
  await expect(marta.getByText('Paris → Lisbon → Porto → Madrid').first()).toBeVisible()
  await expect(marta.getByText(/Tapas till midnight/)).toBeVisible()
  expect(await marta.content()).not.toContain(benEmail)
  await snap(marta, 'trip-share-page')
  const preview = present(await marta.locator('meta[property="og:image"]').getAttribute('content'), 'the preview')
  expect(preview).toContain('/api/image/tripMap?shareId=')
  await marta.goto(preview)
  await snap(marta, 'trip-share-preview', { settle: false })
})
