import fs from 'node:fs'
import path from 'node:path'

import { expect, test, type Page } from '@playwright/test'
import { simpleParser } from 'mailparser'

import { api, axeViolations, PASSWORD, registerThroughApi, snap, uniqueEmail } from './helpers'

/** The e2e server runs without SMTP_URL: it writes each message as an .eml file under its DATA_DIR/mail. */
const MAILBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')

/** The reset link of the newest message to `email` the server wrote, waiting for it to arrive. */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(MAILBOX) ? fs.readdirSync(MAILBOX).filter((name) => name.endsWith('.eml')) : []
        for (const name of files.sort().reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(MAILBOX, name)))
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
          if (!to.some((address) => address.text.includes(email))) continue
          link = /https?:\/\/\S+\/resetPassword#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0]
          if (link) return true
        }
        return false
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return link as string
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page, where)).toEqual([])
}

test('a traveller who forgot the password asks for a link, sets a new password from the e-mail and is logged in', async ({
  page,
}) => {
  const email = uniqueEmail('forgetful')
  const { token: oldSession } = await registerThroughApi(page, email)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgotPassword$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expectNoAxeViolations(page, 'forgot password')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Email').press('Enter')
  await expect(page.getByRole('status')).toContainText(`If an account uses ${email}, we have sent it a link`)
  await snap(page, 'forgot-password-sent')

  const link = await resetLinkFor(email)
  const response = await page.goto(link)
  // The page that holds the token sends no Referer anywhere.
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible()
  await expectNoAxeViolations(page, 'reset password')
  await snap(page, 'reset-password')
  await page.getByLabel('New password').fill('password1')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByRole('alert')).toContainText('one of the most common ones')

  await page.getByLabel('New password').fill('night bus over the Andes')
  await page.getByLabel('New password').press('Enter')
  await expect(page.getByText('Your password was changed and you are logged in.')).toBeVisible()
  await expect(page).toHaveURL(/\/feed$/)
  await snap(page, 'reset-password-logged-in')

  // The session from before is over; the old password no longer opens the account, the new one does.
  await expect(api(page, 'GET', '/getUser', oldSession)).rejects.toThrow()
  await expect(api(page, 'POST', '/login', '', { email, password: PASSWORD })).rejects.toThrow()
  await api(page, 'POST', '/login', '', { email, password: 'night bus over the Andes' })

  // The link was used: opening it again says so.
  await page.goto('/')
  await page.evaluate(() => window.localStorage.clear())
  await page.goto(link)
  await page.getByLabel('New password').fill('another long password')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByRole('alert')).toContainText('This password reset link was already used.')
})

test('the forgot-password and reset pages fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/forgotPassword')
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(await overflow()).toBe(false)
  await snap(page, 'forgot-password-phone')
  await page.goto('/resetPassword#token=abc')
  await expect(page.getByLabel('New password')).toBeVisible()
  expect(await overflow()).toBe(false)
  await snap(page, 'reset-password-phone')
})
