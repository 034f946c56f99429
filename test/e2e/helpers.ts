import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page } from '@playwright/test'

const SCREENSHOT_DIR = path.resolve('test-results/screenshots')

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.waitForLoadState('networkidle').catch(() => undefined)
  // Card art is rendered on first request; wait for the images in view and let entrance animations settle.
  await page
    .waitForFunction(
      () => Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined)
  await page.waitForTimeout(600)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}

let counter = 0
export function uniqueEmail(prefix = 'traveller'): string {
  counter += 1
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`
}

export const PASSWORD = 'a long travel password'

/** Registers through the home page's first sign-up form and waits for the welcome page. */
export async function registerThroughHome(page: Page, email: string, query = ''): Promise<void> {
  await page.goto(`/${query}`)
  const form = page.getByRole('form', { name: 'Sign up' }).first()
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/welcome/)
}

export async function logIn(page: Page, email: string, from?: string): Promise<void> {
  await page.goto(from ? `/login?from=${encodeURIComponent(from)}` : '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log In' }).click()
}

/** The API with the web app's key, for setting up a journey's data directly. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/api${url}`, {
    method,
    headers: { 'X-Api-Key': 'dev-web-key', ...(token ? { 'X-Auth-Key': token } : {}) },
    ...(body !== undefined ? { data: body } : {}),
  })
  const envelope = await response.json()
  if (!response.ok()) throw new Error(`${method} ${url}: ${envelope.metadata?.message}`)
  return envelope.data as T
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('wandercards.authToken'))
  if (!token) throw new Error('no session token in localStorage')
  return token
}

/** The first-visit tours are covered by their own checks; other journeys start with them already seen. */
export async function skipTours(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(window.localStorage))
      if (key.startsWith('tutorial_')) window.localStorage.removeItem(key)
  })
}

export async function friendCodeOf(page: Page): Promise<string> {
  const token = await storedToken(page)
  const user = await api<{ friendCode: string }>(page, 'GET', '/getUser', token)
  return user.friendCode
}
