import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'

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

/** The browser's calendar day, as the app sends it, moved back `years` years. */
async function browserDayYearsAgo(page: Page, years: number) {
  return page.evaluate((back) => {
    const now = new Date()
    const pad = (n: number) => String(n).padStart(2, '0')
    // 29 February has no twin in most years; a day earlier keeps the journey valid and still matching.
    const day = now.getMonth() === 1 && now.getDate() === 29 ? 28 : now.getDate()
    return `${now.getFullYear() - back}-${pad(now.getMonth() + 1)}-${pad(day)}`
  }, years)
}

test('a memory of this day three years ago comes back at the top of the feed, opens, and hides until tomorrow', async ({
  page,
}) => {
  await signUpThroughApi(page, uniqueEmail('onthisday'))
  await skipTours(page)
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  const { cardResult } = await api<{ cardResult: { userCardId: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: 'pt-lisbon-1',
  })
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f6f8f' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect y="380" width="900" height="220" fill="#d98c4a"/><circle cx="700" cy="170" r="70" fill="#f4d58d"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer()
  const upload = await page.request.post(`/api/memory/uploadMemoryPicture?userCardId=${cardResult.userCardId}`, {
    headers: { 'X-Api-Key': 'dev-web-key', 'X-Auth-Key': token },
    multipart: { picture: { name: 'tram.jpg', mimeType: 'image/jpeg', buffer: picture } },
  })
  const { data: uploaded } = (await upload.json()) as { data: { pictureFileName: string } }
  const threeYearsAgo = await browserDayYearsAgo(page, 3)
  const { memoryId } = await api<{ memoryId: string }>(page, 'POST', '/memory/createMemory', token, {
    userCardId: cardResult.userCardId,
    memoryStartDate: threeYearsAgo,
    memoryEndDate: threeYearsAgo,
    memoryContent: 'Tram 28 all the way up to the castle, then pastéis de nata on the steps at dusk.',
    memoryPictures: [uploaded.pictureFileName],
    taggedFriends: [],
    visibility: 1,
  })

  await page.goto('/feed')
  const card = page.getByRole('region', { name: 'On this day' })
  await expect(card).toBeVisible()
  const line = card.getByRole('link', { name: '3 years ago today: Lisbon' })
  await expect(line).toBeVisible()
  await expect(card.getByText('Tram 28 all the way up to the castle')).toBeVisible()
  await snap(page, 'on-this-day-feed')
  await page.setViewportSize({ width: 360, height: 740 })
  await snap(page, 'on-this-day-feed-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  await line.click()
  await expect(page).toHaveURL(new RegExp(`/viewMemory/${memoryId}$`))
  await page.goBack()

  await page.getByRole('button', { name: 'Hide until tomorrow' }).click()
  await expect(card).toBeHidden()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Feed' })).toBeVisible()
  await expect(page.getByText('Tram 28 all the way up to the castle')).toBeVisible()
  await expect(page.getByRole('region', { name: 'On this day' })).toBeHidden()
})
