import { expect, type Page } from '@playwright/test'

import {
  api,
  axeViolations,
  logIn,
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

/** axe on what the page shows now, at a phone's width and a desktop's. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    expect(await axeViolations(page, `${width}px`)).toEqual([])
  }
}

async function payWithTestCard(page: Page): Promise<void> {
  const checkout = page.getByRole('dialog', { name: 'Purchase Credit' })
  await checkout.getByLabel('Test card number').fill('4242 4242 4242 4242')
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('CVC').fill('123')
  await checkout.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByText('Purchase successful!')).toBeVisible()
}

test('a traveller limits their monthly spending on My Wallet: a purchase past it is refused, a raise waits a day', async ({
  page,
}) => {
  await signUpThroughApi(page, uniqueEmail('limit'))
  await page.goto('/myWallet')
  const section = page.getByRole('region', { name: 'Spending Limit' })
  await expect(section.getByText('Monthly limit:')).toBeVisible()
  await expect(section).toContainText('Lowering your limit takes effect at once')

  await section.getByLabel('Monthly limit in US dollars').fill('5')
  await section.getByRole('button', { name: 'Set Limit' }).click()
  await expect(page.getByText('Your monthly limit is now $5.00.')).toBeVisible()

  // $1.99 fits within $5.00.
  await page.getByRole('button', { name: 'Buy 10,000 digital credit for $1.99' }).click()
  await payWithTestCard(page)
  await page.getByRole('button', { name: 'Close' }).first().click()
  await expect(section).toContainText('$1.99')
  await expect(section).toContainText('$3.01')

  // $9.99 would pass it: refused before any payment form appears.
  await page.getByRole('button', { name: 'Buy 60,000 digital credit for $9.99' }).click()
  const checkout = page.getByRole('dialog', { name: 'Purchase Credit' })
  await expect(
    checkout.getByText(
      /^This purchase of \$9\.99 would pass your monthly spending limit of \$5\.00: \$3\.01 is left until/,
    ),
  ).toBeVisible()
  await expect(checkout.getByLabel('Test card number')).toHaveCount(0)
  await snap(page, 'spending-limit-refused')
  await checkout.getByRole('button', { name: 'Close' }).click()

  // A raise waits 24 hours, and says when it applies.
  await section.getByLabel('Monthly limit in US dollars').fill('50')
  await section.getByRole('button', { name: 'Set Limit' }).click()
  await expect(
    section.getByText(/^Your limit rises to \$50\.00 on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC\./),
  ).toBeVisible()
  await expect(section).toContainText('Until then $5.00 applies.')
  // The toast's message is a flex box: as rendered, the date keeps the spaces written around it.
  const toast = page.getByText(/^Your new limit of \$50\.00 applies on/)
  await expect(toast).toBeVisible()
  expect(await toast.innerText()).toMatch(/ applies on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC\.$/)
  await snap(page, 'spending-limit-raise-waiting')
  await expectNoAxeViolations(page)
  await snap(page, 'spending-limit-raise-waiting-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  await section.getByRole('button', { name: 'Keep $5.00' }).click()
  await expect(section.getByText(/Your limit rises to/)).toHaveCount(0)
  const limit = await api<{ monthlyLimit: number | null }>(
    page,
    'GET',
    '/payment/getSpendingLimit',
    await storedToken(page),
  )
  expect(limit.monthlyLimit).toBe(5)
})

test('two travellers become friends; one gives a duplicate, the other finds it in their collection, notifications and draws', async ({
  page,
  browser,
}) => {
  const martaEmail = uniqueEmail('giver')
  await signUpThroughApi(page, martaEmail)
  const martaToken = await storedToken(page)
  const marta = await api<{ username: string }>(page, 'GET', '/getUser', martaToken)
  const lenaEmail = uniqueEmail('receiver')
  const lena = await registerThroughApi(page, lenaEmail)
  await api(page, 'POST', '/friends/addFriend', martaToken, { friendCode: lena.friendCode })

  // Two copies of one card: one can be given, one stays.
  await redeemAllCertificates(page, martaToken)
  const given = await pickCommonCard(page, martaToken)
  await pickCommonCard(page, martaToken)

  await page.goto(`/userCard/${given.userCardId}`)
  await page.getByRole('button', { name: 'Gift to a friend' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gift to a friend' })
  await expect(dialog.getByText('You can give 10 more cards today.')).toBeVisible()
  await dialog.getByRole('radio', { name: lena.username }).check()
  await expectNoAxeViolations(page)
  await snap(page, 'gift-dialog')
  await dialog.getByRole('button', { name: 'Give' }).click()
  await expect(page.getByText(`You gave ${given.cardName} to ${lena.username}.`)).toBeVisible()
  await expect(page).toHaveURL(/\/card\//)
  await expect(page.getByText('You own 1 copy of this card')).toBeVisible()

  // The last copy cannot be given.
  const [kept] = await api<{ mine: { userCardId: string }[] }[]>(page, 'GET', '/getMyCollection', martaToken)
  await page.goto(`/userCard/${kept?.mine[0]?.userCardId ?? ''}`)
  await expect(page.getByRole('button', { name: 'Recycle Card' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Gift to a friend' })).toHaveCount(0)

  await page.goto('/myDraws')
  const sent = page.getByRole('listitem', { name: `Gift to ${lena.username}` })
  await expect(sent).toContainText(given.cardName)
  await snap(page, 'gift-in-givers-draws')

  // Lena, in a browser of her own.
  const lenaContext = await browser.newContext()
  const lenaPage = await lenaContext.newPage()
  await logIn(lenaPage, lenaEmail)
  await expect(lenaPage).toHaveURL(/\/feed/)
  await skipTours(lenaPage)
  await lenaPage.goto('/notifications')
  await expect(lenaPage.getByText(`A card from ${marta.username}`)).toBeVisible()
  await snap(lenaPage, 'gift-notification')
  await lenaPage.getByRole('link', { name: `Open: A card from ${marta.username}` }).click()
  await expect(lenaPage).toHaveURL(new RegExp(`/userCard/${given.userCardId}$`))
  await expect(lenaPage.getByRole('heading', { level: 1, name: given.cardName })).toBeVisible()
  await expect(lenaPage.getByText('Gift from a friend')).toBeVisible()
  await snap(lenaPage, 'gift-received-copy')

  await lenaPage.goto('/myCollection')
  await lenaPage.getByRole('tab', { name: 'Europe', exact: true }).click()
  await expect(lenaPage.getByRole('link', { name: new RegExp(given.cardName) }).first()).toBeVisible()
  await snap(lenaPage, 'gift-in-receivers-collection')
  await lenaPage.goto('/myDraws')
  const received = lenaPage.getByRole('listitem', { name: `Gift from ${marta.username}` })
  await expect(received).toContainText(given.cardName)
  await expect(received).toContainText('NEW')
  await snap(lenaPage, 'gift-in-receivers-draws')
  await lenaContext.close()
})
