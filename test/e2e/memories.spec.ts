import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'

import { present } from '../helpers/present'

import { api, friendCodeOf, registerThroughHome, skipTours, snap, storedToken, test, uniqueEmail } from './helpers'

async function pickFirstCommonCard(page: Page): Promise<{ cardName: string }> {
  const token = await storedToken(page)
  const [certificate] = await api<{ redeemCode: string }[]>(page, 'GET', '/payment/getMyCreditCertificates', token)
  await api(page, 'POST', '/payment/redeemCreditCertificate', token, {
    redeemCode: present(certificate, 'the welcome certificate').redeemCode,
  })
  const cards = await api<{ cardId: string; cardName: string }[]>(
    page,
    'GET',
    '/getCardsOfCollection?collectionId=europe&rarity=1',
    token,
  )
  const card = present(cards[0], 'a Common card of Europe')
  await api(page, 'POST', '/pickCard', token, { selectedCardId: card.cardId })
  return card
}

test('a memory with a picture and a tagged friend: the friend is notified and comments, the author replies', async ({
  browser,
}) => {
  const author = await (await browser.newContext()).newPage()
  const authorEmail = uniqueEmail('author')
  await registerThroughHome(author, authorEmail)
  const authorName = authorEmail.split('@')[0]
  const friend = await (await browser.newContext()).newPage()
  const friendEmail = uniqueEmail('friend')
  await registerThroughHome(friend, friendEmail, `?r=${await friendCodeOf(author)}`)
  const friendName = present(friendEmail.split('@')[0])
  await skipTours(author)
  await skipTours(friend)

  const card = await pickFirstCommonCard(author)
  await author.goto('/createMemory')
  await author.getByRole('button', { name: 'Choose Card' }).click()
  const picker = author.getByRole('dialog')
  await picker
    .getByRole('button', { name: new RegExp(card.cardName) })
    .first()
    .click()
  await picker.getByRole('button', { name: new RegExp(`^${card.cardName}, acquired`) }).click()
  await author.getByLabel('Start date').fill('2024-05-03')
  await author.getByLabel('End date').fill('2024-05-11')
  await author
    .getByLabel('Your memory')
    .fill('Sunrise over the old town, coffee on the square, and a street musician who played until the bells rang.')
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 160 } },
  })
    .jpeg()
    .toBuffer()
  await author.locator('input[type=file]').setInputFiles({ name: 'square.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(author.getByRole('button', { name: 'Remove picture 1' })).toBeVisible()
  await author.getByLabel('Tag friends').fill(friendName.slice(0, 8))
  await author.getByRole('option', { name: new RegExp(friendName) }).click()
  await snap(author, 'memory-create-form')
  await author.getByRole('button', { name: 'Create Memory' }).click()
  await expect(author.getByText('Your memory is created').first()).toBeVisible()
  await snap(author, 'memory-created')
  await author
    .getByRole('link', { name: 'View Memory' })
    .or(author.getByRole('button', { name: 'View Memory' }))
    .first()
    .click()
  await expect(author).toHaveURL(/\/viewMemory\//)
  const memoryUrl = author.url()
  // The tile shows a sized copy the browser chose from srcset; the 1200 px original is left for the full-screen link.
  const tile = author.getByRole('img', { name: 'Picture 1 of 1' })
  await tile.scrollIntoViewIfNeeded()
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  expect(await tile.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/[?&]w=(480|960)&/)

  await friend.goto('/notifications')
  await expect(friend.getByText(new RegExp(`${authorName} tagged you`))).toBeVisible()
  await snap(friend, 'notifications-tagged')
  await friend.goto(`${memoryUrl}/comments`)
  await expect(friend.getByText('No comments yet.')).toBeVisible()
  await friend.getByLabel('Write a comment').fill('What a morning! Take me next time.')
  await friend.getByRole('button', { name: 'Post' }).click()
  await expect(friend.getByText('What a morning! Take me next time.')).toBeVisible()
  await expect(friend.getByLabel('Write a comment')).toHaveValue('')

  await author.reload()
  await expect(author.getByText('What a morning! Take me next time.')).toBeVisible()
  await author.getByRole('button', { name: `Reply to ${friendName}` }).click()
  await expect(author.getByText(`Replying to ${friendName}`)).toBeVisible()
  await author.getByRole('textbox', { name: `Reply to ${friendName}` }).fill('Deal — next spring.')
  await author.getByRole('button', { name: 'Post' }).click()
  await expect(author.getByText('Deal — next spring.')).toBeVisible()
  await snap(author, 'memory-view-with-comments')

  await friend.goto('/notifications')
  await expect(friend.getByText(/reply/i).first()).toBeVisible()

  await author.goto('/myMemories')
  await expect(author.getByText(`@${friendName}`)).toBeVisible()
  await snap(author, 'my-memories')
  await friend.goto('/feed')
  await expect(friend.getByText(/Sunrise over the old town/)).toBeVisible()
  await snap(friend, 'feed')
  await friend.setViewportSize({ width: 360, height: 780 })
  await snap(friend, 'feed-phone')
})
