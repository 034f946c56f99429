import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'

import {
  api,
  logIn,
  redeemAllCertificates,
  registerThroughApi,
  signUpThroughApi,
  skipTours,
  snap,
  storedToken,
  tapNearMarker,
  test,
  uniqueEmail,
} from './helpers'

/** A photo taken on Praça do Comércio, Lisbon, as a phone writes it: GPS position and capture date in its EXIF. */
function lisbonPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#e4a257' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD2: { DateTimeOriginal: '2025:06:03 14:22:10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 42/1 2700/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 1104/100',
      },
    })
    .toBuffer()
}

async function pick(page: Page, token: string, cardId: string): Promise<string> {
  const picked = await api<{ cardResult: { userCardId: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: cardId,
  })
  return picked.cardResult.userCardId
}

test('a geotagged photo of Lisbon verifies Lisbon on its card, on the map and in the progress, and the stored picture has no GPS', async ({
  page,
}) => {
  await signUpThroughApi(page, uniqueEmail('verify'))
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  const userCardId = await pick(page, token, 'pt-lisbon-1')

  await page.goto(`/createMemory/${userCardId}`)
  await expect(
    page.getByText("Your photo's location is used once to verify your visit and then removed."),
  ).toBeVisible()
  await page.getByLabel('Start date').fill('2025-06-01')
  await page.getByLabel('End date').fill('2025-06-05')
  await page.getByLabel('Your memory').fill('Trams, tiles and custard tarts.')
  await page
    .getByLabel('Add Picture')
    .setInputFiles({ name: 'lisbon.jpg', mimeType: 'image/jpeg', buffer: await lisbonPhoto() })
  await expect(page.getByText('Taken in Lisbon: saving this memory verifies your visit.')).toBeVisible()
  await snap(page, 'travel-upload-verdict')
  await page.getByRole('button', { name: 'Create Memory' }).click()
  await expect(page.getByRole('heading', { name: 'Your memory is created' })).toBeVisible()

  const memories = await api<{ pictures: { url: string }[] }[]>(page, 'GET', '/memory/getMyMemories', token)
  const pictureUrl = memories[0]?.pictures[0]?.url
  expect(pictureUrl).toBeTruthy()
  const stored = await page.request.get(pictureUrl ?? '')
  expect((await sharp(await stored.body()).metadata()).exif).toBeUndefined()

  await page.goto('/card/pt-lisbon-1')
  await expect(page.getByRole('img', { name: 'Verified visit' })).toBeVisible()
  await expect(page.getByText('Visit verified by a photo in your memory, taken on 2025-06-03.')).toBeVisible()
  await snap(page, 'travel-card-verified')

  await page.goto(`/userCard/${userCardId}`)
  await expect(page.getByText('Verified visit')).toBeVisible()

  await page.goto('/myMap')
  await expect(page.getByRole('heading', { name: 'My Map', level: 1 })).toBeVisible()
  await expect(page.getByText(/All places: collected 1 of [\d,]+ · been there 1 · verified 1/)).toBeVisible()
  const verifiedList = page.getByRole('heading', { name: 'Verified visit (1)' })
  await expect(verifiedList).toBeVisible()
  await expect(page.getByRole('link', { name: 'Lisbon' })).toHaveAttribute('href', '/card/pt-lisbon-1')
  await expect(page.locator('svg .marker[data-status="verified"]')).toHaveCount(1)
  await snap(page, 'travel-map-verified')
})

test('the map works with the keyboard alone and on a 360 px phone, and a place opens its card', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await signUpThroughApi(page, uniqueEmail('mapkeys'))
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  await pick(page, token, 'country-fr-1')
  await api(page, 'POST', '/setBeenThere', token, { cardId: 'country-it-1', value: true })

  await page.goto('/myMap')
  const map = page.getByRole('application', { name: /Map of your places/ })
  await expect(map).toBeVisible()
  const layer = map.locator('g').first()
  const before = await layer.getAttribute('transform')
  await map.focus()
  await page.keyboard.press('+')
  await page.keyboard.press('+')
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => layer.getAttribute('transform')).not.toBe(before)
  expect(await layer.getAttribute('transform')).toMatch(/scale\(2\.5/)
  await page.keyboard.press('0')
  await expect.poll(() => layer.getAttribute('transform')).toMatch(/scale\(1\)/)
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect.poll(() => layer.getAttribute('transform')).toMatch(/scale\(1\.6/)

  // The page fits the phone: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expect(page.getByRole('heading', { name: 'Legend' })).toBeVisible()
  await snap(page, 'travel-map-360')

  // From the list, with the keyboard: the place's card.
  const france = page.getByRole('link', { name: 'France' })
  await france.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/card/country-fr-1')

  // On the map itself (Rome's marker covers the middle of Italy on a phone, so the click goes to Italy's outline).
  await page.goto('/myMap')
  await page.locator('svg path.place[data-status="beenThere"]').first().dispatchEvent('click')
  await expect(page).toHaveURL('/card/country-it-1')
})

test('a place not been to goes on the bucket list, with the friend who has been there to ask', async ({ page }) => {
  const friend = await registerThroughApi(page, uniqueEmail('friend'))
  await api(page, 'POST', '/setBeenThere', friend.token, { cardId: 'country-ma-1', value: true })
  await signUpThroughApi(page, uniqueEmail('wish'), friend.friendCode)

  await page.goto('/card/country-ma-2')
  await expect(page.getByText(friend.username, { exact: true })).toBeVisible()
  const wantToGo = page.getByRole('button', { name: 'Want to go' })
  await expect(wantToGo).toHaveAttribute('aria-pressed', 'false')
  await wantToGo.click()
  await expect(wantToGo).toHaveAttribute('aria-pressed', 'true')
  await snap(page, 'travel-card-want-to-go')

  await page.getByRole('link', { name: 'My Map' }).click()
  const list = page.getByRole('region', { name: 'Want to go' })
  await expect(list.getByRole('link', { name: 'Morocco' })).toBeVisible()
  await expect(list.getByText(friend.username, { exact: true })).toBeVisible()
  await expect(page.locator('svg .marker').filter({ has: page.locator('title', { hasText: 'Morocco' }) })).toHaveCount(
    1,
  )
  // Beside the bucket list's diamond, the map is not called empty.
  await expect(page.getByText(/No place collected or been to yet/)).toBeVisible()
  await snap(page, 'travel-bucket-list')
  await list.getByRole('button', { name: 'Remove Morocco from the list' }).click()
  await expect(list.getByText(/Nothing on your list yet/)).toBeVisible()
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a tap near a marker names the place with Open card, which opens its card', async ({ page }) => {
    const email = uniqueEmail('maptap')
    const traveller = await registerThroughApi(page, email)
    await redeemAllCertificates(page, traveller.token)
    await pick(page, traveller.token, 'pt-lisbon-1')
    await api(page, 'POST', '/setBeenThere', traveller.token, { cardId: 'pt-lisbon-1', value: true })
    await logIn(page, email, '/myMap')
    await skipTours(page)

    const map = page.getByRole('application', { name: /Map of your places/ })
    await expect(map).toBeVisible()
    // Taller than the world's shape across a phone (350 × 155 px): most of the screen's height.
    const box = await map.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(400)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)

    // A finger lands 10 px from Lisbon's marker, where no other marker is nearer.
    const lisbon = map.locator('.marker[data-status="beenThere"]')
    await expect(lisbon).toHaveCount(1)
    await tapNearMarker(page, map, lisbon)

    const popover = page.getByRole('dialog', { name: 'Lisbon' })
    await expect(popover).toBeVisible()
    await expect(popover.getByText('Been there')).toBeVisible()
    await expect(page).toHaveURL('/myMap')
    // Whole on the screen and clear of the app bar.
    const shown = await popover.boundingBox()
    expect(shown?.x).toBeGreaterThanOrEqual(0)
    expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual(390)
    await snap(page, 'travel-map-phone-tap', { settle: false })

    await popover.getByRole('link', { name: 'Open card' }).tap()
    await expect(page).toHaveURL('/card/pt-lisbon-1')
  })
})
