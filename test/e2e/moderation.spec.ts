import { expect } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'

import {
  api,
  grantOperator,
  logIn,
  pickCommonCard,
  redeemAllCertificates,
  registerThroughApi,
  signUpThroughApi,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/**
 * Reports and moderation (docs/product.md#reports-and-moderation): traveller A reports B's public memory from its page;
 * an operator hides it from the console's moderation queue with a reason; B is told why, A hears the outcome and no
 * longer sees the memory.
 */
test('a reported memory hidden by an operator is gone for the reporter and its author is told why', async ({
  page,
}) => {
  const author = await registerThroughApi(page, uniqueEmail('reported'))
  await redeemAllCertificates(page, author.token)
  const copy = await pickCommonCard(page, author.token)
  const words = `Follow my shop for cheap souvenirs ${Date.now().toString(36)}`
  const { memoryId } = await api<{ memoryId: string }>(page, 'POST', '/memory/createMemory', author.token, {
    userCardId: copy.userCardId,
    memoryStartDate: '2024-05-03',
    memoryEndDate: '2024-05-04',
    memoryContent: words,
    memoryPictures: [],
    taggedFriends: [],
    visibility: 3,
  })

  // A reports the memory from its page.
  const reporterEmail = uniqueEmail('reporter')
  await signUpThroughApi(page, reporterEmail)
  const reporterToken = await storedToken(page)
  await page.goto(`/viewMemory/${memoryId}`)
  await expect(page.getByText(words)).toBeVisible()
  await page.getByRole('button', { name: `Report memory by ${author.username}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Report this memory' })
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByLabel('Anything else we should know? (optional)').fill('Advertising in every memory')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByText(/Thank you\. Your report reached our moderators/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()

  // An operator hides it from the console.
  const operatorEmail = uniqueEmail('moderator')
  await registerThroughApi(page, operatorEmail)
  grantOperator(operatorEmail)
  await page.evaluate(() => window.localStorage.clear())
  await logIn(page, operatorEmail, '/console')
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click()
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
  await page
    .getByLabel('Code from your authenticator app')
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate())
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByRole('tab', { name: 'Moderation' }).click()
  const entry = page.getByRole('article', { name: `Memory by ${author.username}` })
  await expect(entry).toContainText(words)
  await expect(entry).toContainText('Advertising in every memory')
  await snap(page, 'moderation-queue')
  await entry.getByRole('radio', { name: 'Hide' }).check()
  await entry.getByLabel('Reason (the author is told it)').fill('Advertising is not allowed in memories')
  await entry.getByRole('button', { name: 'Hide' }).click()
  await expect(entry).toHaveCount(0)

  // B is told why; A hears the outcome and the memory is gone for them.
  const authorNotices = await api<{ title: string; notificationContent: string }[]>(
    page,
    'GET',
    '/getNotifications',
    author.token,
  )
  expect(authorNotices).toContainEqual(
    expect.objectContaining({
      title: 'Your memory was hidden',
      notificationContent: expect.stringContaining('Advertising is not allowed in memories.'),
    }),
  )
  const reporterNotices = await api<{ title: string }[]>(page, 'GET', '/getNotifications', reporterToken)
  expect(reporterNotices).toContainEqual(expect.objectContaining({ title: 'Your report was reviewed' }))
  const hidden = await page.request.get(`/api/memory/getMemory?memoryId=${memoryId}`, {
    headers: { 'X-Api-Key': 'dev-web-key', 'X-Auth-Key': reporterToken },
  })
  expect(hidden.status()).toBe(404)
})
