import { expect, type Page, type Request } from '@playwright/test'

import { installDevToolsStandIn, type DevToolsStandIn } from '../helpers/devToolsStandIn'
import { present } from '../helpers/present'

import {
  api,
  logIn,
  PASSWORD,
  registerThroughHome,
  signUpThroughApi,
  skipTours,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/** A screen as the recording showed it: the state it showed, where, and a text it showed. */
interface Checkpoint {
  index: number
  path: string
  text: string
}

interface RecordedLocation {
  pathname: string
  search: string
}

interface StandInWindow {
  __reduxDevToolsStandIn: DevToolsStandIn
}

/** A page with the DevTools stand-in installed before every load, as the extension would be. */
async function pageWithDevTools(page: Page) {
  await page.addInitScript(installDevToolsStandIn)
  return page
}

/** The monitor's buttons: each call runs in the page against its stand-in, once the messages in flight are handled. */
function devTools(page: Page) {
  return {
    lastIndex: () =>
      page.evaluate(async () => {
        const standIn = (window as unknown as StandInWindow).__reduxDevToolsStandIn
        await standIn.settle()
        return standIn.lastIndex()
      }),
    states: () =>
      page.evaluate(async () => {
        const standIn = (window as unknown as StandInWindow).__reduxDevToolsStandIn
        await standIn.settle()
        return standIn.states()
      }),
    reducerErrors: () =>
      page.evaluate(() => (window as unknown as StandInWindow).__reduxDevToolsStandIn.reducerErrors()),
    errors: () => page.evaluate(() => (window as unknown as StandInWindow).__reduxDevToolsStandIn.errors()),
    monitorText: () =>
      page.evaluate(async () => {
        const standIn = (window as unknown as StandInWindow).__reduxDevToolsStandIn
        await standIn.settle()
        return standIn.monitorText()
      }),
    exportRecording: () =>
      page.evaluate(() => (window as unknown as StandInWindow).__reduxDevToolsStandIn.exportRecording()),
    importRecording: (file: string) =>
      page.evaluate((text) => (window as unknown as StandInWindow).__reduxDevToolsStandIn.importRecording(text), file),
    jumpToState: (index: number) =>
      page.evaluate((at) => (window as unknown as StandInWindow).__reduxDevToolsStandIn.jumpToState(at), index),
    jumpToLive: () => page.evaluate(() => (window as unknown as StandInWindow).__reduxDevToolsStandIn.jumpToLive()),
    close: () => page.evaluate(() => (window as unknown as StandInWindow).__reduxDevToolsStandIn.close()),
  }
}

/** Opens a page of the app the way its own links do, without loading the page again (a load starts a new recording). */
async function openInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, href)
}

/** The page's JavaScript heap in use after a full garbage collection, in bytes. */
async function heapUsed(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.enable')
  await session.send('HeapProfiler.collectGarbage')
  await session.send('HeapProfiler.collectGarbage')
  const { usedSize } = await session.send('Runtime.getHeapUsage')
  await session.detach()
  return usedSize
}

/** Lets the page run what a state change set off (a poll woken, a screen's effects) before anything is checked. */
async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
}

/** The traveller's own card and memory, made through the API so that the recording shows reading them. */
async function cardWithMemory(page: Page, memoryContent: string) {
  const token = await storedToken(page)
  const [certificate] = await api<{ redeemCode: string }[]>(page, 'GET', '/payment/getMyCreditCertificates', token)
  await api(page, 'POST', '/payment/redeemCreditCertificate', token, {
    redeemCode: present(certificate, 'the welcome certificate').redeemCode,
  })
  const cards = await api<{ cardId: string; cardName: string }[]>(
    page,
    'GET',
    '/getCardsOfCollection?collectionId=great-cities&rarity=1',
    token,
  )
  const card = present(cards[0], 'a Common card of the first collection')
  const picked = await api<{ cardResult: { userCardId: string } }>(page, 'POST', '/pickCard', token, {
    selectedCardId: card.cardId,
  })
  const { memoryId } = await api<{ memoryId: string }>(page, 'POST', '/memory/createMemory', token, {
    userCardId: picked.cardResult.userCardId,
    memoryStartDate: '2024-05-03',
    memoryEndDate: '2024-05-11',
    memoryContent,
    memoryPictures: [],
    taggedFriends: [],
    visibility: 1,
  })
  return { cardName: card.cardName, memoryId }
}

/** Every request the page sends to the API from now on, until `stop()`. */
function watchApiRequests(page: Page) {
  const requests: Request[] = []
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && !request.url().includes('/api/image/')) {
      requests.push(request)
    }
  }
  page.on('request', onRequest)
  return {
    requests,
    stop: () => page.off('request', onRequest),
    describe: () => requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`),
  }
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The calls that change data (docs/product.md#calls): every POST, and the draws, which are GETs. */
function changesData(request: Request): boolean {
  return request.method() !== 'GET' || /\/api\/(drawCard|freeDrawCard)/.test(request.url())
}

/** Matches a URL of this site whose path and query are one of `hrefs`. */
function urlOneOf(hrefs: string[]): RegExp {
  const escaped = hrefs.map((href) => href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^https?://[^/]+(${escaped.join('|')})$`)
}

/** Makes the notification poll check at once, as it does when a hidden tab is shown again. */
async function wakeThePoll(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
}

/** The RTK Query requests the newest recorded state still waits for. */
async function queriesInFlight(page: Page): Promise<string[]> {
  const states = await devTools(page).states()
  const newest = states.at(-1) as { api?: { queries?: Record<string, { status?: string } | undefined> } } | undefined
  return Object.entries(newest?.api?.queries ?? {}).flatMap(([key, query]) =>
    query?.status === 'pending' ? [key] : [],
  )
}

test('a recorded session replays in a fresh page: every state shows its screen, nothing is sent, nobody is logged out', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const memoryContent = 'Rain on the tram windows, then the whole city lit gold for ten minutes before dusk.'

  // A traveller with a card and a memory on it, made through the API beforehand.
  const setup = await (await browser.newContext()).newPage()
  const recorderEmail = uniqueEmail('recorder')
  await registerThroughHome(setup, recorderEmail)
  const { cardName, memoryId } = await cardWithMemory(setup, memoryContent)

  // The session a tester records: log in, then the collection, a card, the memories and one memory.
  const recorder = await pageWithDevTools(await (await browser.newContext()).newPage())
  await logIn(recorder, recorderEmail)
  await expect(recorder).not.toHaveURL(/\/login/)
  await skipTours(recorder)
  const checkpoints: Checkpoint[] = []
  const checkpoint = async (path: string | RegExp, heading: string | RegExp, text: string) => {
    await expect(recorder).toHaveURL(path)
    // The screen's own heading first: while its chunk loads, the screen before it stays up (a transition), and may
    // show the same text, the card's name on the feed say, before this screen has asked for anything.
    await expect(recorder.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(recorder.getByText(text).first()).toBeVisible()
    await recorder.waitForLoadState('networkidle')
    // A tester marks a state once its screen's data has arrived: a refetch still pending there would replay as loading.
    await expect.poll(() => queriesInFlight(recorder)).toEqual([])
    checkpoints.push({
      index: await devTools(recorder).lastIndex(),
      path: new URL(recorder.url()).pathname,
      text,
    })
  }
  const nav = recorder.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Collection' }).click()
  await checkpoint(/\/myCollection$/, 'My Collection', cardName)
  await recorder
    .getByRole('link', { name: new RegExp(cardName) })
    .first()
    .click()
  await checkpoint(/\/card\//, cardName, cardName)
  await nav.getByRole('link', { name: 'Memories' }).click()
  await checkpoint(/\/myMemories$/, 'My Memories', memoryContent)
  await recorder.getByRole('link', { name: 'View', exact: true }).first().click()
  await checkpoint(`/viewMemory/${memoryId}`, /'s memory$/, memoryContent)

  const recording = await devTools(recorder).exportRecording()
  const recorderToken = await storedToken(recorder)
  expect(recording).toContain(recorderEmail)
  expect(recording).not.toContain(PASSWORD)
  expect(recording).not.toContain(recorderToken)

  // Travelling back in time in the recording page itself: nothing is sent until the tester returns to the live state.
  const collection = present(checkpoints[0])
  await devTools(recorder).jumpToState(collection.index)
  await expect(recorder).toHaveURL(/\/myCollection$/)
  // Watched from here, so that a poll sent just before the jump is not counted.
  const recorderRequests = watchApiRequests(recorder)
  await expect(recorder.getByText(cardName).first()).toBeVisible()
  await wakeThePoll(recorder)
  await nextFrame(recorder)
  expect(recorderRequests.describe()).toEqual([])
  const resumedPoll = recorder.waitForRequest(/\/api\/checkNewNotifications/)
  await devTools(recorder).jumpToLive()
  await expect(recorder).toHaveURL(`/viewMemory/${memoryId}`)
  await wakeThePoll(recorder)
  expect((await (await resumedPoll).response())?.status()).toBe(200)
  recorderRequests.stop()
  expect(await storedToken(recorder)).toBe(recorderToken)

  // A tester with a login of their own opens a fresh page at / and imports the recording.
  const tester = await pageWithDevTools(await (await browser.newContext()).newPage())
  await signUpThroughApi(tester, uniqueEmail('tester'))
  const testerToken = await storedToken(tester)
  await tester.goto('/')
  await expect(tester.getByRole('link', { name: /^My account:/ }).filter({ visible: true })).toBeVisible()
  await tester.waitForLoadState('networkidle')
  const consoleErrors = collectConsoleErrors(tester)

  await devTools(tester).importRecording(recording)
  expect(await devTools(tester).reducerErrors()).toEqual([])
  await expect(tester).toHaveURL(`/viewMemory/${memoryId}`)
  const testerRequests = watchApiRequests(tester)
  await expect(tester.getByText(memoryContent).first()).toBeVisible()

  const locations = (await devTools(tester).states()).map(
    (state) => (state as { location: { current: RecordedLocation | null } }).location.current,
  )
  expect(locations.length).toBeGreaterThan(checkpoints.length)
  const href = (location: RecordedLocation) => `${location.pathname}${location.search}`
  for (const [index, location] of locations.entries()) {
    await devTools(tester).jumpToState(index)
    if (location) {
      // A state the recording left at once (the login page of a session just opened) redirects as it did then, on
      // the way to the next screen the tester looked at.
      const nextLookedAt = checkpoints.find((point) => point.index >= index)?.index ?? locations.length - 1
      const onTheWay = locations.slice(index + 1, nextLookedAt + 1).flatMap((later) => (later ? [href(later)] : []))
      const accepted = [href(location), ...onTheWay]
      // The home page sends a logged-in traveller on to the feed, as it did in the recorded session.
      if (accepted.includes('/')) accepted.push('/feed')
      await expect(tester).toHaveURL(urlOneOf(accepted))
    }
    const shown = checkpoints.find((point) => point.index === index)
    if (shown) {
      expect(new URL(tester.url()).pathname).toBe(shown.path)
      await expect(tester.getByText(shown.text).first()).toBeVisible()
    }
  }
  await wakeThePoll(tester)
  await nextFrame(tester)

  expect(testerRequests.requests.filter(changesData).map((request) => request.url())).toEqual([])
  expect(testerRequests.describe()).not.toContainEqual(expect.stringMatching(/checkNewNotifications|logout/))
  expect(await storedToken(tester)).toBe(testerToken)
  expect(consoleErrors).toEqual([])
  testerRequests.stop()

  // The recording is not the tester's session; a reload brings their own back, still logged in and polling.
  const ownPoll = tester.waitForRequest(/\/api\/checkNewNotifications/)
  await tester.reload()
  expect((await (await ownPoll).response())?.status()).toBe(200)
  await expect(tester.getByRole('link', { name: /^My account:/ }).filter({ visible: true })).toBeVisible()
  expect(await storedToken(tester)).toBe(testerToken)
})

test('a recorded session that logs in, registers another traveller, pays by card and redeems a code exports none of their secrets', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const firstEmail = uniqueEmail('first')
  const otherEmail = uniqueEmail('other')
  const setup = await (await browser.newContext()).newPage()
  await registerThroughHome(setup, firstEmail)

  const recorder = await pageWithDevTools(await (await browser.newContext()).newPage())
  const consoleErrors = collectConsoleErrors(recorder)
  await logIn(recorder, firstEmail)
  await expect(recorder).not.toHaveURL(/\/login/)
  const firstToken = await storedToken(recorder)

  // Log out and register another traveller, in the same page: a page load would start a new recording.
  await recorder
    .getByRole('link', { name: /^My account:/ })
    .filter({ visible: true })
    .click()
  await recorder.getByRole('button', { name: 'Log Out' }).click()
  await expect(recorder).toHaveURL(/\/$/)
  const signUp = recorder.getByRole('form', { name: 'Sign up' }).first()
  await signUp.getByLabel('Email').fill(otherEmail)
  await signUp.getByLabel('Password').fill(PASSWORD)
  await signUp.getByRole('button', { name: 'Sign Up' }).click()
  await expect(recorder).toHaveURL(/\/welcome/)
  const otherToken = await storedToken(recorder)
  await skipTours(recorder)

  // Redeem the welcome certificate by its code.
  await openInApp(recorder, '/myWallet')
  // The welcome page offers the gift too: the wallet must have replaced it before its list is read.
  await expect(recorder.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible()
  await expect(recorder.getByText('Welcome gift')).toBeVisible()
  const [certificate] = await api<{ redeemCode: string }[]>(
    recorder,
    'GET',
    '/payment/getMyCreditCertificates',
    otherToken,
  )
  const redeemCode = present(certificate, 'the welcome certificate').redeemCode
  await recorder.getByLabel('Certificate code').fill(redeemCode)
  await recorder.getByRole('button', { name: 'Redeem', exact: true }).last().click()
  const redeemed = recorder.getByRole('dialog', { name: 'Certificate Redeemed' })
  await expect(redeemed).toContainText('10,000')
  await redeemed.getByRole('button', { name: 'OK' }).click()

  // Pay with the test-mode card.
  const intentAnswer = recorder.waitForResponse(/\/api\/payment\/createPaymentIntent/)
  await recorder.getByRole('button', { name: /^Buy/ }).first().click()
  const checkout = recorder.getByRole('dialog', { name: 'Purchase Credit' })
  await expect(checkout.getByText(/Test mode/)).toBeVisible()
  const clientSecret = ((await (await intentAnswer).json()) as { data: { clientSecret: string } }).data.clientSecret
  expect(clientSecret).toBeTruthy()
  const card = { number: '4242 4242 4242 4242', expiry: '11/37', cvc: '739' }
  await checkout.getByLabel('Test card number').fill(card.number)
  await checkout.getByLabel('Expiry (MM/YY)').fill(card.expiry)
  await checkout.getByLabel('CVC').fill(card.cvc)
  await checkout.getByRole('button', { name: /^Pay/ }).click()
  await expect(recorder.getByText('Purchase successful!')).toBeVisible()
  await recorder.waitForLoadState('networkidle')

  // Export as the extension does, and look at what its panel shows.
  const file = await devTools(recorder).exportRecording()
  const shown = await devTools(recorder).monitorText()
  const secrets = [
    PASSWORD,
    firstToken,
    otherToken,
    clientSecret,
    redeemCode,
    card.number,
    card.number.replaceAll(' ', ''),
  ]
  for (const text of [file, shown]) {
    for (const secret of secrets) expect(text).not.toContain(secret)
    // The expiry and the CVC are short: no field of the file holds them.
    expect(text).not.toContain(`"${card.expiry}"`)
    expect(text).not.toContain(`"${card.cvc}"`)
  }
  // The recording is still worth sharing: the screens' own data is there.
  expect(file).toContain(otherEmail)
  expect(file).toContain('/myWallet')
  expect(consoleErrors).toEqual([])

  // A whole session is kept. A long one (the recorded actions over and over, at least 2,000) imports in a fresh page;
  // what keeping it costs the page is logged.
  const recorded = JSON.parse(file) as { actionsById: Record<string, { action: unknown }>; stagedActionIds: number[] }
  const actions = recorded.stagedActionIds.slice(1).map((id) => recorded.actionsById[id]?.action)
  const longSession: unknown[] = []
  while (longSession.length < 2000) longSession.push(...actions)
  const tester = await pageWithDevTools(await (await browser.newContext()).newPage())
  await tester.goto('/')
  await expect(tester.getByRole('form', { name: 'Sign up' }).first()).toBeVisible()
  await tester.waitForLoadState('networkidle')
  await devTools(tester).close()
  const before = await heapUsed(tester)
  await tester.evaluate(
    async (text) => {
      const standIn = (window as unknown as StandInWindow).__reduxDevToolsStandIn
      await standIn.open()
      await standIn.importRecording(text)
    },
    JSON.stringify({ payload: JSON.stringify(longSession) }),
  )
  expect(await devTools(tester).errors()).toEqual([])
  // The extension keeps maxAge states: the newest 2,000 once the page acts again.
  expect(await devTools(tester).lastIndex()).toBeGreaterThanOrEqual(1999)
  // The panel's copy lives in the extension, not in the page: closed here, so only the page's own history is measured.
  await devTools(tester).close()
  const after = await heapUsed(tester)
  const perAction = (after - before) / longSession.length
  console.log(
    `QA replay memory: ${longSession.length} actions kept cost the page ${(after - before) / 2 ** 20} MiB ` +
      `(${Math.round(perAction)} bytes an action; heap ${before} -> ${after} bytes)`,
  )
})
