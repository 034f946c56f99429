import fs from 'node:fs'

import { expect, type Page, type Route } from '@playwright/test'

import {
  api,
  registerThroughApi,
  registerThroughHome,
  skipTours,
  snap,
  storedToken,
  tapNearMarker,
  test,
  uniqueEmail,
} from './helpers'

const PHONE = { width: 390, height: 844 }

/** The script files of the built app that only the screen at `/{segment}` needs (webpack writes route-preloads.json). */
function scriptsOnlyFor(segment: string): string[] {
  const { routes } = JSON.parse(fs.readFileSync('dist/web/route-preloads.json', 'utf8')) as {
    routes: Record<string, string[]>
  }
  const elsewhere = new Set(
    Object.entries(routes)
      .filter(([other]) => other !== segment)
      .flatMap(([, scripts]) => scripts),
  )
  const own = (routes[segment] ?? []).filter((script) => !elsewhere.has(script))
  if (own.length === 0) throw new Error(`the build has no script of its own for /${segment}`)
  return own
}

test('on a phone, a new traveller redeems the welcome gift on the welcome page and goes on to acquire cards', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await registerThroughHome(page, uniqueEmail('firsthour'))
  await skipTours(page)
  // Every place and its search are one tap away, and the whole navigation fits the phone's width.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeInViewport({ ratio: 1 })
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)

  const gift = page.getByRole('region', { name: 'Your welcome gift' })
  await expect(gift.getByRole('button', { name: 'Redeem Welcome gift' })).toBeInViewport()
  await snap(page, 'first-hour-welcome-gift-phone')
  await gift.getByRole('button', { name: 'Redeem Welcome gift' }).click()
  await expect(gift.getByText('credit has been added to your wallet.')).toBeVisible()
  await snap(page, 'first-hour-welcome-gift-redeemed-phone')

  await gift.getByRole('link', { name: 'Acquire Cards' }).click()
  await expect(page).toHaveURL(/\/acquireCards$/)
  await page.goto('/myWallet')
  await expect(page.getByLabel('Digital credit: 10,000 credit').first()).toBeVisible()
  await expect(page.getByText("You don't have any credit certificates available.")).toBeVisible()
  await context.close()
})

test('on a desktop, Explore sits in the main navigation and opens every collection with the place search', async ({
  browser,
}) => {
  // 1280 px: the narrowest width with labelled navigation, where the bar is fullest.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await registerThroughHome(page, uniqueEmail('explore'))
  await skipTours(page)
  const nav = page.getByRole('navigation', { name: 'Main' })
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  await nav.getByRole('link', { name: 'Explore' }).click()
  await expect(page).toHaveURL(/\/cardCollections$/)
  await snap(page, 'first-hour-explore-desktop')
  await context.close()
})

test('on a slow phone, a returning traveller sees the header and the feed taking shape before the session is checked', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto('/')
  const { token } = await registerThroughApi(page, uniqueEmail('returning'))
  await page.evaluate((authKey) => window.localStorage.setItem('wandercards.authToken', authKey), token)
  await skipTours(page)

  // A slow connection, made certain: the session check and the feed's code wait until the test lets them through.
  const held: (() => void)[] = []
  let letThrough = false
  const hold = async (route: Route) => {
    if (!letThrough) await new Promise<void>((release) => held.push(release))
    await route.continue()
  }
  await page.route('**/api/getUser', hold)
  for (const script of scriptsOnlyFor('feed')) await page.route(`**${script}`, hold)
  await page.goto('/feed')

  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0)
  await expect(page.locator('main [aria-busy="true"]').first()).toBeVisible()
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0)
  await snap(page, 'first-hour-slow-phone-feed-loading', { settle: false })

  letThrough = true
  for (const release of held.splice(0)) release()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0)
  await snap(page, 'first-hour-slow-phone-feed-loaded')
  await context.close()
})

/** Notes, from the moment it is called, whether each drawn card's picture had loaded when the card first showed. */
async function watchDrawnCardsForArt(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: boolean[] = []
    Object.defineProperty(window, '__artAtReveal', { value: shown })
    const seen = new WeakSet<Element>()
    const check = () => {
      for (const image of document.querySelectorAll('ul[aria-label="Drawn cards"] img')) {
        if (seen.has(image)) continue
        seen.add(image)
        shown.push((image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)
      }
    }
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true })
  })
}

test('the first hour on a phone: sign up, redeem the gift, draw with the art there at the reveal, all cards, a memory, the map', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await registerThroughHome(page, uniqueEmail('firsthourjourney'))
  await skipTours(page)
  const token = await storedToken(page)
  // The age question before a first paid draw has its own journey (legal.spec.ts).
  await api(page, 'POST', '/confirmAge', token)

  const gift = page.getByRole('region', { name: 'Your welcome gift' })
  await gift.getByRole('button', { name: 'Redeem Welcome gift' }).click()
  await expect(gift.getByText('credit has been added to your wallet.')).toBeVisible()

  // The reveal plays out in full; the card shows with its picture, not as a grey tile that fills in later.
  await page.goto('/digitalDraw')
  await page.getByRole('button', { name: 'Draw 1 Card' }).click()
  await watchDrawnCardsForArt(page)
  await page.getByRole('button', { name: 'Open pack 1' }).click()
  await expect(page).toHaveURL(/\/digitalDrawResult\//)
  const drawn = page.getByRole('list', { name: 'Drawn cards' }).getByRole('listitem')
  await expect(drawn).toHaveCount(1, { timeout: 20_000 })
  expect(await page.evaluate(() => (window as unknown as { __artAtReveal: boolean[] }).__artAtReveal)).toEqual([true])
  await snap(page, 'first-hour-journey-draw-phone')

  // A second card from another collection, so My Collection spans two.
  const [copy] = await api<{ collectionId: string; cardName: string }[]>(page, 'GET', '/getMyCollection', token)
  if (!copy) throw new Error('the drawn card is not in the collection')
  // A city, which the map marks with a point to tap, and one that stands apart: a city whose region shares its
  // position (Córdoba, the city and the province) would put two markers in one spot at the world's scale.
  const mapPlaces = await api<{ width: number; places: { cardSetId: string; x: number; y: number }[] }>(
    page,
    'GET',
    '/travel/getMapPlaces',
    token,
  )
  const standsApart = ({ cardSetId }: { cardSetId: string }): boolean => {
    const own = mapPlaces.places.find((place) => place.cardSetId === cardSetId)
    return (
      own !== undefined &&
      mapPlaces.places.every(
        (place) => place === own || Math.hypot(place.x - own.x, place.y - own.y) >= mapPlaces.width / 250,
      )
    )
  }
  const collections = await api<{ collectionId: string; collectionGroup: string }[]>(
    page,
    'GET',
    '/getCardCollections',
    token,
  )
  let common: { cardId: string; cardSetId: string } | undefined
  for (const { collectionId, collectionGroup } of collections) {
    if (collectionGroup !== 'cities' || collectionId === copy.collectionId) continue
    const commons = await api<{ cardId: string; cardSetId: string }[]>(
      page,
      'GET',
      `/getCardsOfCollection?collectionId=${collectionId}&rarity=1`,
      token,
    )
    common = commons.find(standsApart)
    if (common) break
  }
  if (!common) throw new Error('no Common city stands apart on the map')
  await api(page, 'POST', '/pickCard', token, { selectedCardId: common.cardId })
  // Picked outside the app: a reload shows the traveller's figures as the app would after its own pick.
  await page.reload()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click()
  await expect(page).toHaveURL(/\/myCollection/)
  await expect(page.getByRole('tab', { name: 'All cards' })).toHaveAttribute('aria-selected', 'true')
  const drawnCard = page.getByRole('link', { name: new RegExp(copy.cardName) }).first()
  await expect(drawnCard).toBeVisible()
  await snap(page, 'first-hour-journey-all-cards-phone')

  await drawnCard.click()
  await page.getByRole('link', { name: `${copy.cardName}, copy 1` }).click()
  // A copy without a memory leads with Add Memory (item 7).
  await page.getByRole('link', { name: 'Add Memory' }).first().click()
  await expect(page).toHaveURL(/\/createMemory\//)
  await page.getByLabel('Start date').fill('2024-09-02')
  await page.getByLabel('End date').fill('2024-09-06')
  await page.getByLabel('Your memory').fill('First morning: bread still warm, the tram bell, and a map with one pin.')
  await page.getByRole('button', { name: 'Create Memory' }).click()
  await expect(page.getByText('Your memory is created').first()).toBeVisible()
  await snap(page, 'first-hour-journey-memory-phone')

  // Been to the second card's place: a tap near its marker on the phone map names it and opens its card.
  await api(page, 'POST', '/setBeenThere', token, { cardId: common.cardId, value: true })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click()
  const map = page.getByRole('application', { name: /Map of your places/ })
  const beenThere = map.locator('.marker[data-status="beenThere"]')
  await expect(beenThere).toHaveCount(1)
  await tapNearMarker(page, map, beenThere)
  const place = page.getByRole('dialog')
  await expect(place.getByText('Been there')).toBeVisible()
  await snap(page, 'first-hour-journey-map-tap-phone', { settle: false })
  await place.getByRole('link', { name: 'Open card' }).tap()
  await expect(page).toHaveURL(/\/card\//)
  await context.close()
})
