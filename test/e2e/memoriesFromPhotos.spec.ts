import fs from 'node:fs'
import path from 'node:path'

import { expect } from '@playwright/test'
import sharp from 'sharp'

import { gpsIfd } from '../helpers/photos/exif'

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

/** A phone photo: a picture with its place and time in EXIF, as a camera writes them. */
async function photo(label: string, colour: string, at: { latitude: number; longitude: number }, taken: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${colour}"/><text x="400" y="320" font-family="sans-serif" font-size="88" fill="#fff" text-anchor="middle">${label}</text></svg>`
  return sharp(Buffer.from(svg))
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD2: { DateTimeOriginal: taken },
      IFD3: gpsIfd(at),
    })
    .toBuffer()
}

test('the photos of a three-city trip, a HEIC among them, become three verified memories, a souvenir where no card was owned', async ({
  page,
}) => {
  await signUpThroughApi(page, uniqueEmail('photos'))
  await skipTours(page)
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  // Lisbon is owned already; Porto and Madrid are not.
  const picked = await api<{ cardResult: { userCardId: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: 'pt-lisbon-1',
  })

  await page.goto('/myMemories')
  await page.getByRole('link', { name: 'New memories from photos' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New memories from photos' })).toBeVisible()

  await page.getByTestId('photo-input').setInputFiles([
    {
      name: 'IMG_0101.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('Alfama', '#c8733a', { latitude: 38.7118, longitude: -9.1303 }, '2025:06:03 10:12:00'),
    },
    {
      name: 'IMG_0102.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('Belém', '#b25a2b', { latitude: 38.6916, longitude: -9.216 }, '2025:06:04 16:40:00'),
    },
    {
      name: 'IMG_0150.HEIC',
      mimeType: 'image/heic',
      buffer: fs.readFileSync(path.join(__dirname, '../helpers/photos/porto-2025-06-05.heic')),
    },
    {
      name: 'IMG_0190.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('Sol', '#7a3d8c', { latitude: 40.4169, longitude: -3.7035 }, '2025:06:07 21:05:00'),
    },
  ])
  await expect(page.getByText('4 of 4 photos added')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('3 visits found')).toBeVisible()

  const lisbon = page.getByRole('region', { name: 'Lisbon' })
  const porto = page.getByRole('region', { name: 'Porto' })
  const madrid = page.getByRole('region', { name: 'Madrid' })
  await expect(lisbon.getByText('Verified by 2 photos')).toBeVisible()
  await expect(lisbon.getByText('Goes on your Common card of Lisbon.')).toBeVisible()
  await expect(porto.getByText('Earns a Souvenir card of Porto to hold the memory.')).toBeVisible()
  await expect(madrid.getByText('Verified by a photo')).toBeVisible()
  await expect(page.getByText(/earns a free Souvenir copy of the place's Common card/)).toBeVisible()
  await snap(page, 'memories-from-photos-visits')
  // The screen with its visits passes axe on a desktop and on a phone, where it is one column.
  const found = await axeViolations(page, '1280px visits')
  await page.setViewportSize({ width: 360, height: 800 })
  found.push(...(await axeViolations(page, '360px visits')))
  await snap(page, 'memories-from-photos-phone')
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(found).toEqual([])

  // One click per visit: the words are optional, the dates and pictures are the photos'.
  await lisbon.getByLabel('Your story').fill('Trams up to Alfama, sunset at Belém.')
  await lisbon.getByRole('button', { name: 'Save memory of Lisbon' }).click()
  await expect(page.getByText('Memory of Lisbon saved.')).toBeVisible()
  await porto.getByRole('button', { name: 'Save memory of Porto' }).click()
  await expect(page.getByText('Memory of Porto saved on a new Souvenir card.')).toBeVisible()
  await madrid.getByRole('button', { name: 'Save memory of Madrid' }).click()
  await expect(page.getByText('Memory of Madrid saved on a new Souvenir card.')).toBeVisible()
  await expect(page.getByText('3 visits found')).toBeHidden()
  await snap(page, 'memories-from-photos-saved')
  // Scanned as the accessibility journeys scan, with no pointer over the page: the last click left it where the
  // content request button now is, and a contained orange button's hover shade is its own known issue.
  await page.mouse.move(0, 0)
  expect(await axeViolations(page, 'saved')).toEqual([])

  const memories = await api<{ cardId: string; userCardId: string; memoryStartDate: string; memoryEndDate: string }[]>(
    page,
    'GET',
    '/memory/getMyMemories',
    token,
  )
  const byCard = Object.fromEntries(memories.map((memory) => [memory.cardId, memory]))
  expect(byCard['pt-lisbon-1']).toMatchObject({
    userCardId: picked.cardResult.userCardId,
    memoryStartDate: '2025-06-03',
    memoryEndDate: '2025-06-04',
  })
  expect(byCard['pt-porto-1']).toMatchObject({ memoryStartDate: '2025-06-05', memoryEndDate: '2025-06-05' })
  expect(byCard['es-madrid-1']).toMatchObject({ memoryStartDate: '2025-06-07', memoryEndDate: '2025-06-07' })
  const map = await api<{ places: { cardSetId: string; status: string }[] }>(page, 'GET', '/travel/getMyMap', token)
  const verified = map.places.filter((place) => place.status === 'verified').map((place) => place.cardSetId)
  expect(verified.sort()).toEqual(['es-madrid', 'pt-lisbon', 'pt-porto'])

  // The saved visits become one trip, ticked already in New Trip.
  await page.getByRole('button', { name: 'Make a trip of these memories' }).click()
  const newTrip = page.getByRole('dialog', { name: 'New Trip' })
  for (const place of ['Lisbon', 'Porto', 'Madrid'])
    await expect(newTrip.getByRole('checkbox', { name: new RegExp(place) })).toBeChecked()
  await newTrip.getByRole('textbox', { name: 'Title' }).fill('Iberia in a week')
  await newTrip.getByRole('button', { name: 'Create Trip' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Iberia in a week' })).toBeVisible()
  await expect(page.getByText('Lisbon → Porto → Madrid')).toBeVisible()

  // The souvenir is labelled where the copies are listed, in its own finish.
  await page.goto('/card/pt-porto-1')
  await expect(page.getByRole('link', { name: 'Porto, copy 1, Souvenir' })).toBeVisible()
  await snap(page, 'memories-from-photos-souvenir')
})
