import { expect, type Page } from '@playwright/test'

import { present } from '../helpers/present'

import {
  api,
  friendCodeOf,
  PASSWORD,
  registerThroughHome,
  skipTours,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

async function redeemAllCertificates(page: Page): Promise<void> {
  const token = await storedToken(page)
  const certificates = await api<{ redeemCode: string }[]>(page, 'GET', '/payment/getMyCreditCertificates', token)
  for (const { redeemCode } of certificates)
    await api(page, 'POST', '/payment/redeemCreditCertificate', token, { redeemCode })
}

async function skipReveal(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip' })
  if (await skip.isVisible().catch(() => false)) await skip.click()
}

test('a visitor draws a free card, signs up, and finds it in My Collection', async ({ page }) => {
  await page.goto('/freeDraw')
  await expect(page.getByText('Please pick a pack below to draw 1 card')).toBeVisible()
  await snap(page, 'free-draw-packs')
  await page.getByRole('button', { name: 'Draw from pack 2' }).click()
  await expect(page).toHaveURL(/\/freeDrawResult\//)
  await expect(page.getByText('Card Draw Result')).toBeVisible()
  await snap(page, 'free-draw-animation')
  await skipReveal(page)
  await expect(page.getByText('Free Card Draw Result')).toBeVisible()
  await snap(page, 'free-draw-result')
  await page
    .getByRole('link', { name: 'Collect' })
    .or(page.getByRole('button', { name: 'Collect' }))
    .first()
    .click()
  await expect(page).toHaveURL(/\/freeDraw$/)
  await expect(page.getByText('NEW', { exact: true })).toBeVisible()
  await snap(page, 'free-draw-kept-card')

  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('Email').fill(uniqueEmail('free'))
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button').click()
  await expect(page).toHaveURL(/\/welcome/)
  await skipTours(page)
  const collection = await api<{ collectionName: string; cardName: string }[]>(
    page,
    'GET',
    '/getMyCollection',
    await storedToken(page),
  )
  expect(collection).toHaveLength(1)
  const { collectionName, cardName } = present(collection[0], 'the collection of the free card')
  await page.goto('/myCollection')
  await page.getByRole('tab', { name: collectionName, exact: true }).click()
  await expect(page.getByRole('link', { name: new RegExp(cardName) }).first()).toBeVisible()
  await snap(page, 'my-collection-with-free-card')
})

test('a traveller draws 1 and 10, picks a card, is stopped by too little credit, and recycles a copy', async ({
  browser,
}) => {
  const inviter = await (await browser.newContext()).newPage()
  await registerThroughHome(inviter, uniqueEmail('host'))
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await registerThroughHome(page, uniqueEmail('drawer'), `?r=${await friendCodeOf(inviter)}`)
  await redeemAllCertificates(page)
  await skipTours(page)

  await page.goto('/digitalDraw')
  await page.getByRole('button', { name: 'Draw 1 Card' }).click()
  // Asked once, before the first paid draw (legal.spec.ts covers the question itself).
  await page.getByRole('button', { name: 'I am 18 or older' }).click()
  await snap(page, 'draw-pack-dialog')
  await page.getByRole('button', { name: 'Open pack 1' }).click()
  await expect(page).toHaveURL(/\/digitalDrawResult\//)
  await snap(page, 'draw-reveal')
  await skipReveal(page)
  await expect(
    page
      .getByRole('button', { name: 'Draw Another' })
      .or(page.getByRole('link', { name: 'Draw Another' }))
      .first(),
  ).toBeVisible()
  await snap(page, 'draw-result-1')

  await page.goto('/digitalDraw')
  await page.getByRole('button', { name: 'Draw 10 Cards' }).click()
  await page.getByRole('button', { name: 'Open pack 2' }).click()
  await expect(page).toHaveURL(/\/digitalDrawResult\//)
  await skipReveal(page)
  await expect(page.getByText(/Draw Another 10/).first()).toBeVisible()
  await snap(page, 'draw-result-10')

  await page.goto('/acquireCards')
  await page.getByRole('button', { name: 'Digital' }).click()
  await page
    .getByRole('link', { name: /^Pick a card: Common,/ })
    .or(page.getByRole('button', { name: /^Pick a card: Common,/ }))
    .click()
  await expect(page).toHaveURL(/\/digitalPick\/1$/)
  await page
    .getByRole('button', { name: /^Pick / })
    .first()
    .click()
  const acquiring = page.getByRole('dialog', { name: 'Acquiring Card' })
  await expect(acquiring).toBeVisible()
  await snap(page, 'pick-acquiring-dialog')
  await acquiring.getByRole('button', { name: /Acquire for/ }).click()
  const acquired = page.getByRole('dialog', { name: 'Card Acquired' })
  await expect(acquired).toBeVisible()
  await snap(page, 'pick-card-acquired')
  await acquired.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByText('Owned').first()).toBeVisible()

  const user = await api<{ digitalCredit: number }>(page, 'GET', '/getUser', await storedToken(page))
  expect(user.digitalCredit).toBe(20_000 - 1_500 - 13_500 - 1_000)

  await page.goto('/digitalDraw')
  const guarantee = page.getByRole('region', { name: 'Epic or better guaranteed' })
  await expect(guarantee).toContainText(/since your last Epic or better\./)
  await snap(page, 'draw-guarantee-counter')
  await page.getByRole('link', { name: 'My Draws' }).click()
  await expect(page).toHaveURL(/\/myDraws$/)
  const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  )
  const month = page.getByRole('region', { name: thisMonth })
  await expect(month.getByRole('listitem', { name: 'Pick' })).toBeVisible()
  await expect(month.getByRole('listitem', { name: 'Draw 10 Cards' })).toContainText('13,500')
  await expect(month.getByRole('listitem', { name: 'Draw 1 Card' })).toContainText('1,500')
  await expect(month).toContainText('3 purchases')
  await expect(month).toContainText('16,000')
  await snap(page, 'my-draws')

  await page.goto('/digitalDraw')
  await page.getByRole('button', { name: 'Draw 10 Cards' }).click()
  await expect(page.getByText('Insufficient Digital Credits. You need 9,500 more to draw.')).toBeVisible()
  await snap(page, 'draw-insufficient-credit')
  await page.getByRole('button', { name: 'Get More Digital Credits' }).click()
  await expect(page).toHaveURL(/\/myWallet$/)

  const collection = await api<{ mine: { userCardId: string }[] }[]>(
    page,
    'GET',
    '/getMyCollection',
    await storedToken(page),
  )
  const { userCardId } = present(collection[0]?.mine[0], 'a drawn copy')
  await page.goto(`/userCard/${userCardId}`)
  await snap(page, 'user-card-page')
  await page.getByRole('button', { name: 'Recycle Card' }).click()
  await snap(page, 'recycle-confirmation')
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Recycle/ })
    .click()
  await expect(page.getByText('Card recycled successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/card\//)

  await page.goto('/myCollection')
  await expect(page.getByRole('tablist', { name: 'Card collections' })).toBeVisible()
  await snap(page, 'my-collection')
  await page.setViewportSize({ width: 360, height: 780 })
  await snap(page, 'my-collection-phone')
})
