import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { expect } from '@playwright/test'
import sharp from 'sharp'

import { ACCOUNT_TEXTS, DELETION_CANCELLED_NOTIFICATION, type ExportData } from '@shared/account'

import { present } from '../helpers/present'
import { unzip } from '../helpers/unzip'

import {
  api,
  createMemoryThroughApi,
  logIn,
  PASSWORD,
  pickCommonCard,
  redeemAllCertificates,
  signUpThroughApi,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/** A holiday photo stand-in: a sky, a sea and a beach, so a picture that shows is easy to tell from one that does not. */
async function beachPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420">
    <rect width="640" height="220" fill="#7EC8E3"/><rect y="220" width="640" height="120" fill="#1B6CA8"/>
    <rect y="340" width="640" height="80" fill="#F2D492"/><circle cx="520" cy="90" r="46" fill="#FFD23F"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

test('a traveller downloads their data and reads the travel book offline, pictures and cards included', async ({
  browser,
}) => {
  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  const email = uniqueEmail('exporter')
  await signUpThroughApi(page, email)
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  const copy = await pickCommonCard(page, token)
  const memoryId = await createMemoryThroughApi(page, token, copy.userCardId, await beachPhoto())

  await page.goto('/myAccount')
  const section = page.getByRole('region', { name: 'Your data' })
  await expect(section).toBeVisible()
  await snap(page, 'account-your-data')

  const downloading = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Download My Data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^wandercards-export-\d{4}-\d{2}-\d{2}\.zip$/)
  await expect(section.getByText(ACCOUNT_TEXTS.exportSaved(download.suggestedFilename()))).toBeVisible()
  await snap(page, 'account-export-saved')

  // Unzipped as a traveller would, into a folder of their own.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-export-'))
  const files = await unzip(fs.readFileSync(present(await download.path())))
  for (const [name, bytes] of files) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true })
    fs.writeFileSync(path.join(folder, name), bytes)
  }
  const data = JSON.parse(fs.readFileSync(path.join(folder, 'data.json'), 'utf8')) as ExportData
  expect(data.formatVersion).toBe(1)
  const memory = present(data.memories.find((entry) => entry.memoryId === memoryId))
  expect(memory.pictures).toHaveLength(1)

  // Offline: no network at all, and any request that is not for a file of the folder is refused and counted.
  const offline = await browser.newContext({ offline: true })
  const outside: string[] = []
  await offline.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(pathToFileURL(folder).href)) return route.continue()
    outside.push(url)
    return route.abort()
  })
  const book = await offline.newPage()
  await book.goto(pathToFileURL(path.join(folder, 'index.html')).href)
  await expect(book.getByRole('heading', { level: 1 })).toHaveText(`${data.account.username}'s travel book`)
  const page1 = book.getByRole('article', { name: copy.cardName })
  await expect(page1).toContainText('Fog lifting off the harbour')
  await expect(page1.getByRole('img', { name: `${copy.cardName}, Common card` })).toBeVisible()
  await expect(page1.getByRole('img', { name: /^Picture 1 of 1/ })).toBeVisible()
  // Every picture and card art has loaded from the folder.
  await book.evaluate(() => document.querySelectorAll('img').forEach((image) => image.scrollIntoView()))
  await book.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  )
  await book.evaluate(() => window.scrollTo(0, 0))
  await book.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: copy.cardName }).click()
  await expect(book).toHaveURL(/#memory-1$/)
  expect(outside).toEqual([])
  await snap(book, 'account-travel-book-offline')
  await book.setViewportSize({ width: 360, height: 800 })
  await snap(book, 'account-travel-book-offline-phone')

  await offline.close()
  await context.close()
  fs.rmSync(folder, { recursive: true, force: true })
})

test('a traveller asks to delete their account, is logged out everywhere, and a login within 14 days cancels it', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = uniqueEmail('leaver')
  await signUpThroughApi(page, email)
  const username = present(email.split('@')[0])
  // The same traveller on another device.
  const otherDevice = await api<{ authKey: string }>(page, 'POST', '/login', undefined, { email, password: PASSWORD })

  await page.goto('/myAccount')
  await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete My Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog).toContainText('logging in cancels the deletion')
  const confirm = dialog.getByRole('button', { name: 'Delete My Account' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Type your username to confirm').fill(username)
  await snap(page, 'account-delete-dialog')
  await confirm.click()

  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByText(/^Your account will be deleted on \d{4}-\d{2}-\d{2}\. You have been logged out/),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible()
  await snap(page, 'account-deletion-requested')
  const elsewhere = await page.request.get('/api/getUser', {
    headers: { 'X-Api-Key': 'dev-web-key', 'X-Auth-Key': otherDevice.authKey },
  })
  expect(elsewhere.status()).toBe(401)

  await logIn(page, email)
  await expect(page.getByText(ACCOUNT_TEXTS.deletionCancelled)).toBeVisible()
  await page.goto('/notifications')
  await expect(page.getByText(DELETION_CANCELLED_NOTIFICATION.content)).toBeVisible()
  await snap(page, 'account-deletion-cancelled')
  await context.close()
})
