import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'

import { gpsIfd } from '../helpers/photos/exif'

import {
  api,
  redeemAllCertificates,
  signUpThroughApi,
  skipTours,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

async function pick(page: Page, token: string, cardId: string): Promise<string> {
  const picked = await api<{ cardResult: { userCardId: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: cardId,
  })
  return picked.cardResult.userCardId
}

/**
 * A journey of this year that has already happened, whatever today's date: up to five days ending today, never before
 * 1 January (a photo dated after tomorrow is no proof, so a fixed day in June failed the first half of every year).
 */
function journeyOfThisYear(): { year: number; start: string; end: string; days: number } {
  const today = new Date()
  const year = today.getUTCFullYear()
  const firstDay = Date.UTC(year, 0, 1)
  const end = Date.UTC(year, today.getUTCMonth(), today.getUTCDate())
  const start = Math.max(firstDay, end - 4 * 86_400_000)
  const day = (time: number) => new Date(time).toISOString().slice(0, 10)
  return { year, start: day(start), end: day(end), days: (end - start) / 86_400_000 + 1 }
}

/** A photo taken on Praça do Comércio on `day`, as a phone writes it. */
function lisbonPhoto(day: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#e4a257' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD2: { DateTimeOriginal: `${day.replaceAll('-', ':')} 14:22:10` },
      IFD3: gpsIfd({ latitude: 38.7075, longitude: -9.1364 }),
    })
    .toBuffer()
}

test("the year's recap shows the places collected and verified on its map, and its share page shows only what is public", async ({
  page,
}) => {
  const email = uniqueEmail('recap')
  await signUpThroughApi(page, email)
  await skipTours(page)
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  const journey = journeyOfThisYear()
  const { year } = journey
  const lisbon = await pick(page, token, 'pt-lisbon-1')
  await pick(page, token, 'pt-porto-1')
  await pick(page, token, 'country-fr-1')
  const upload = await page.request.post(`/api/memory/uploadMemoryPicture?userCardId=${lisbon}`, {
    headers: { 'X-Api-Key': 'dev-web-key', 'X-Auth-Key': token },
    multipart: { picture: { name: 'lisbon.jpg', mimeType: 'image/jpeg', buffer: await lisbonPhoto(journey.start) } },
  })
  const { data: uploaded } = (await upload.json()) as { data: { pictureFileName: string } }
  await api(page, 'POST', '/memory/createMemory', token, {
    userCardId: lisbon,
    memoryStartDate: journey.start,
    memoryEndDate: journey.end,
    memoryContent: 'Trams, tiles and custard tarts — five days of Lisbon light.',
    memoryPictures: [uploaded.pictureFileName],
    taggedFriends: [],
    visibility: 3,
  })

  await page.goto('/myMap')
  await page.getByRole('link', { name: `${year} in cards` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `${year} in cards` })).toBeVisible()
  const verified = page.getByRole('region', { name: 'Verified visits (1)' })
  await expect(verified.getByRole('link', { name: 'Lisbon' })).toBeVisible()
  const newPlaces = page.getByRole('region', { name: /^New places/ })
  for (const place of ['France', 'Lisbon', 'Porto'])
    await expect(newPlaces.getByRole('link', { name: place })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Longest journey' })).toContainText(
    `Lisbon: ${journey.days} ${journey.days === 1 ? 'day' : 'days'}`,
  )
  await snap(page, 'recap-year')
  await page.setViewportSize({ width: 360, height: 740 })
  await snap(page, 'recap-year-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  const share = page.getByRole('region', { name: 'Share your year' })
  await share.getByRole('button', { name: `Share my ${year}` }).click()
  const link = await share.getByRole('textbox').inputValue()
  expect(link).toMatch(/\/s\/recap\?shareId=[\w-]+$/)

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: /in cards$/ })).toBeVisible()
  await expect(page.getByText(`Lisbon: ${journey.days} ${journey.days === 1 ? 'day' : 'days'}.`)).toBeVisible()
  await expect(page.getByText('custard tarts')).toHaveCount(0)
  await expect(page.getByText(email)).toHaveCount(0)
  await snap(page, 'recap-share-page')
  const preview = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(preview).toContain('/api/image/yearRecap?shareId=')
  await page.goto(preview ?? '')
  await snap(page, 'recap-share-preview', { settle: false })

  // Stopped, the link finds nothing.
  await page.goto(`/recap/${year}`)
  await page.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(page.getByRole('button', { name: `Share my ${year}` })).toBeVisible()
  expect((await page.request.get(link)).status()).toBe(404)
})
