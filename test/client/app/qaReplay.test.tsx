import fs from 'node:fs'
import path from 'node:path'

import type * as ToolkitModule from '@reduxjs/toolkit'
import { waitFor } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'

import type * as BaseApiModule from '@client/api/baseApi'
import type * as SessionEventsModule from '@client/api/sessionEvents'
import type * as StoreModule from '@client/app/store'
import type { catalogueApi } from '@client/features/catalogue/api'
import type { friendsApi } from '@client/features/friends/api'
import type { memoriesApi } from '@client/features/memories/api'
import type { sessionApi } from '@client/features/session/api'
import type { walletApi } from '@client/features/wallet/api'
import type * as DevToolsModule from '@client/lib/qaReplay/devTools'
import type * as LocationModule from '@client/lib/qaReplay/locationSlice'
import type { RouterPort } from '@client/lib/qaReplay/syncLocationWithRouter'
import type * as LocationSyncModule from '@client/lib/qaReplay/syncLocationWithRouter'
import { STORAGE_KEYS } from '@client/lib/storage'
import { installDevToolsStandIn, type DevToolsStandIn } from '@test/helpers/devToolsStandIn'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { loginResult, secretSessionHandlers, sessionSecrets } from '@test/helpers/secretSession'

import { makeMemory } from '../memories/fixtures'

/**
 * The modules a freshly loaded page has: the store module, the endpoint definitions main.tsx loads right after the
 * first render, and what the test itself touches, plus `screens`: the modules of the screens the page has opened.
 */
async function loadPage(screens: string[] = []) {
  let modules!: {
    store: typeof StoreModule
    devToolsModule: typeof DevToolsModule
    baseApi: typeof BaseApiModule
    location: typeof LocationModule
    locationSync: typeof LocationSyncModule
    sessionEvents: typeof SessionEventsModule
  }
  await jest.isolateModulesAsync(async () => {
    modules = {
      store: await import('@client/app/store'),
      // What main.tsx loads when the extension is in the page.
      devToolsModule: await import('@client/lib/qaReplay/devTools'),
      baseApi: await import('@client/api/baseApi'),
      location: await import('@client/lib/qaReplay/locationSlice'),
      locationSync: await import('@client/lib/qaReplay/syncLocationWithRouter'),
      sessionEvents: await import('@client/api/sessionEvents'),
    }
    await import('@client/app/endpoints')
    for (const screen of screens) await import(screen)
  })
  const { makeStore } = modules.store
  const { devTools } = modules.devToolsModule
  return {
    ...modules,
    store: {
      ...modules.store,
      makeStore: (...[preloaded, options]: Parameters<typeof makeStore>) =>
        makeStore(preloaded, { devTools, ...options }),
    },
  }
}

/** A fresh page with the DevTools stand-in installed before the app's modules load, as the extension would be. */
async function loadPageWithDevTools(screens: string[] = []) {
  installDevToolsStandIn()
  const devTools = (window as unknown as { __reduxDevToolsStandIn: DevToolsStandIn }).__reduxDevToolsStandIn
  return { ...(await loadPage(screens)), devTools }
}

/** Each feature's `api.ts`, and the endpoints a feature injects from a lazily loaded chunk (`emailVerificationApi.ts`). */
const featureApiFiles = fs.readdirSync(path.resolve('src/client/features')).flatMap((feature) =>
  fs
    .readdirSync(path.resolve('src/client/features', feature))
    .filter((name) => /^(api|\w+Api)\.ts$/.test(name))
    .map((name) => path.resolve('src/client/features', feature, name)),
)

/** Lets every pending timer callback and promise of this turn run. */
function nextTurn() {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

let stopWatchingRequests: () => void = () => undefined

/** Every request the page sends from now on: its path under /api and its session token. */
function watchRequests() {
  const requests: { path: string; token: string | null }[] = []
  const onStart = ({ request }: { request: Request }) => {
    requests.push({ path: new URL(request.url).pathname.replace('/api', ''), token: request.headers.get('X-Auth-Key') })
  }
  server.events.on('request:start', onStart)
  stopWatchingRequests = () => server.events.removeListener('request:start', onStart)
  return requests
}

afterEach(() => {
  stopWatchingRequests()
  const win = window as unknown as Record<string, unknown>
  ;(win.__reduxDevToolsStandIn as DevToolsStandIn | undefined)?.uninstall()
  delete win.__REDUX_DEVTOOLS_EXTENSION__
  delete win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__
  delete win.__reduxDevToolsStandIn
})

describe('QA replay: endpoints', () => {
  it('defines every feature’s endpoints once the page has started, before any screen', async () => {
    const page = await loadPage()
    const registeredAtStart = Object.keys(page.baseApi.baseApi.endpoints).sort()

    let everyEndpoint: string[] = []
    await jest.isolateModulesAsync(async () => {
      const { baseApi } = await import('@client/api/baseApi')
      for (const file of featureApiFiles) await import(file)
      everyEndpoint = Object.keys(baseApi.endpoints).sort()
    })
    expect(featureApiFiles.length).toBeGreaterThan(5)
    expect(registeredAtStart).toEqual(everyEndpoint)
  })

  it('replays a recording imported into a fresh page to the recorded states, with no reducer error or conflict', async () => {
    server.use(
      onPost('/login', loginResult),
      onGet('/getUser', makeUser({ username: 'marta' })),
      onGet('/checkNewNotifications', false),
      onGet('/getCardCollections', []),
      onGet('/memory/getMemory', makeMemory({ memoryId: 'm1' })),
    )
    // The recording page has opened the screens that use these calls; the fresh page has opened none.
    const recording = await loadPageWithDevTools(featureApiFiles)
    const store = recording.store.makeStore()
    const endpoints = recording.baseApi.baseApi.endpoints as unknown as {
      login: typeof sessionApi.endpoints.login
      getUser: typeof sessionApi.endpoints.getUser
      getCardCollections: typeof catalogueApi.endpoints.getCardCollections
      getMemory: typeof memoriesApi.endpoints.getMemory
    }
    await store.dispatch(endpoints.login.initiate({ email: 'marta@example.com', password: 'a long travel password' }))
    await store.dispatch(endpoints.getUser.initiate())
    await store.dispatch(endpoints.getCardCollections.initiate())
    await store.dispatch(endpoints.getMemory.initiate('m1'))
    await recording.devTools.settle()
    expect(recording.devTools.actionTypes()).toContain('api/executeQuery/fulfilled')
    const file = await recording.devTools.exportRecording()
    const recordedStates = recording.devTools.states()
    store.dispatch(recording.sessionEvents.sessionEnded('logout'))
    expect(file).not.toContain('secret-token')
    expect(file).not.toContain('a long travel password')

    const fresh = await loadPageWithDevTools()
    const freshStore = fresh.store.makeStore(undefined, { sideEffects: false })
    freshStore.dispatch(fresh.location.locationChanged({ pathname: '/', search: '', hash: '', state: null }))
    await fresh.devTools.importRecording(file)

    expect(fresh.devTools.errors()).toEqual([])
    expect(fresh.devTools.reducerErrors()).toEqual([])
    expect(fresh.devTools.states()).toEqual(recordedStates)
    expect(freshStore.getState().api.config.middlewareRegistered).toBe(true)
  })
})

describe('QA replay: what the extension writes', () => {
  const secrets = sessionSecrets

  it('exports a session that logs in, registers, pays by card and redeems a code with none of their secrets', async () => {
    server.use(...secretSessionHandlers())
    const page = await loadPageWithDevTools(featureApiFiles)
    const store = page.store.makeStore()
    const endpoints = page.baseApi.baseApi.endpoints as unknown as typeof sessionApi.endpoints &
      typeof walletApi.endpoints
    await store.dispatch(endpoints.login.initiate({ email: 'marta@example.com', password: secrets.password }))
    await store.dispatch(
      endpoints.register.initiate({ email: 'lena@example.com', name: 'lena', password: secrets.otherPassword }),
    )
    await store.dispatch(endpoints.getMyCreditCertificates.initiate())
    await store.dispatch(endpoints.createPaymentIntent.initiate({ selectedCreditProduct: 1 }))
    await store.dispatch(
      endpoints.confirmTestModePayment.initiate({
        clientSecret: secrets.clientSecret,
        cardNumber: secrets.cardNumber,
        expiry: secrets.expiry,
        cvc: secrets.cvc,
      }),
    )
    // A payment provider's return address carries the client secret in its query.
    store.dispatch(
      page.location.locationChanged({
        pathname: '/myWallet',
        search: `?payment_intent=pi_123&payment_intent_client_secret=${secrets.clientSecret}&redirect_status=succeeded`,
        hash: '',
        state: null,
      }),
    )
    await store.dispatch(endpoints.redeemCreditCertificate.initiate({ redeemCode: secrets.redeemCode }))
    await page.devTools.settle()

    const file = await page.devTools.exportRecording()
    const shown = page.devTools.monitorText()
    for (const secret of Object.values(secrets)) {
      expect(file).not.toContain(secret)
      expect(shown).not.toContain(secret)
    }
    // What is not secret stays readable, so the recording is still useful.
    expect(file).toContain('lena@example.com')
    expect(file).toContain('payment_intent=pi_123')

    // The file replays in a fresh page.
    const fresh = await loadPageWithDevTools()
    const freshStore = fresh.store.makeStore(undefined, { sideEffects: false })
    await fresh.devTools.importRecording(file)
    expect(fresh.devTools.errors()).toEqual([])
    expect(freshStore.getState().location.current?.pathname).toBe('/myWallet')
    expect(freshStore.getState().session.loggedIn).toBe(true)
    store.dispatch(page.sessionEvents.sessionEnded('logout'))
  })

  it('keeps a whole session: 2,000 actions recorded, exported and imported', async () => {
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore(undefined, { sideEffects: false })
    for (let step = 0; step < 2000; step += 1) {
      store.dispatch(page.location.locationChanged({ pathname: `/card/c${step}`, search: '', hash: '', state: null }))
    }
    await page.devTools.settle()
    expect(page.devTools.actionTypes()).toHaveLength(1999)
    const file = await page.devTools.exportRecording()

    const fresh = await loadPageWithDevTools()
    const freshStore = fresh.store.makeStore(undefined, { sideEffects: false })
    await fresh.devTools.importRecording(file)
    expect(fresh.devTools.errors()).toEqual([])
    expect(fresh.devTools.actionTypes()).toHaveLength(1999)
    expect(freshStore.getState().location.current?.pathname).toBe('/card/c1999')
  })
})

describe('QA replay: side effects while a recorded state is shown', () => {
  it('refuses changes, holds reads until the live state returns, and never drops the stored login', async () => {
    let releaseExpiredAnswer: () => void = () => undefined
    server.use(
      onPost('/login', loginResult),
      onGet('/checkNewNotifications', false),
      onPost('/friends/addFriend', { result: true, username: 'lena' }),
      onGet('/getCardCollections', []),
      onGet('/getUser', async () => {
        await new Promise<void>((resolve) => (releaseExpiredAnswer = resolve))
        return refusal(401, 'Unauthorized', 'Your session has expired. Please log in again.')
      }),
    )
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore()
    const endpoints = page.baseApi.baseApi.endpoints as unknown as {
      login: typeof sessionApi.endpoints.login
      getUser: typeof sessionApi.endpoints.getUser
      addFriend: typeof friendsApi.endpoints.addFriend
      getCardCollections: typeof catalogueApi.endpoints.getCardCollections
    }
    const requests = watchRequests()
    const paths = () => requests.map((request) => request.path)
    await store.dispatch(endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    await page.devTools.settle()
    const loggedIn = page.devTools.lastIndex()
    await waitFor(() => expect(paths()).toContain('/checkNewNotifications'))
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('secret-token')
    // A call the server will refuse as expired is on its way when the tester jumps back.
    const expiredCall = store.dispatch(endpoints.getUser.initiate(undefined, { subscribe: false }))
    await waitFor(() => expect(paths()).toContain('/getUser'))
    requests.length = 0

    await page.devTools.jumpToState(loggedIn)
    expect(store.replay.isReplaying()).toBe(true)
    const change = await store.dispatch(endpoints.addFriend.initiate({ friendCode: 'XYZ789' }))
    expect(change.error).toMatchObject({ kind: 'replay', silent: true })
    const read = store.dispatch(endpoints.getCardCollections.initiate())
    // The poll wakes when the page is shown again, and then waits for the live state as well.
    document.dispatchEvent(new Event('visibilitychange'))
    releaseExpiredAnswer()
    await expiredCall
    await nextTurn()
    expect(requests).toEqual([])
    expect(store.replay.isReplaying()).toBe(true)
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('secret-token')

    await page.devTools.jumpToLive()
    expect(store.replay.isReplaying()).toBe(false)
    await read
    await waitFor(() => expect(paths()).toContain('/checkNewNotifications'))
    expect(requests.find((request) => request.path === '/getCardCollections')?.token).toBe('secret-token')
    expect(paths()).not.toContain('/friends/addFriend')
    read.unsubscribe()

    // Logging out of a recorded state (the header's Log Out) keeps the tester's own login too.
    await page.devTools.jumpToState(loggedIn)
    store.dispatch(page.sessionEvents.sessionEnded('logout'))
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('secret-token')
  })

  it('stays paused after an import, whose session is not the tester’s, and counts a restored skip as live', async () => {
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore(undefined, { sideEffects: false })
    const { locationChanged } = page.location
    const at = (pathname: string) => locationChanged({ pathname, search: '', hash: '', state: null })
    store.dispatch(at('/a'))
    store.dispatch(at('/b'))
    await page.devTools.settle()
    const file = await page.devTools.exportRecording()
    const lastAction = page.devTools.actionIds().at(-1) as number

    await page.devTools.toggleAction(lastAction)
    expect(store.replay.isReplaying()).toBe(true)
    await page.devTools.toggleAction(lastAction)
    expect(store.replay.isReplaying()).toBe(false)

    store.dispatch(at('/c'))
    await page.devTools.importRecording(file)
    expect(store.replay.isReplaying()).toBe(true)
    store.dispatch(at('/d'))
    expect(store.replay.isReplaying()).toBe(true)
  })
})

describe('QA replay: skip, revert, and what the page does on a recorded screen', () => {
  it('goes on after a skip, the page used meanwhile and the skip undone, as it does after a jump back', async () => {
    server.use(onGet('/getCardCollections', []))
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore(undefined, { sideEffects: false })
    const endpoints = page.baseApi.baseApi.endpoints as unknown as typeof catalogueApi.endpoints
    const at = (pathname: string) => page.location.locationChanged({ pathname, search: '', hash: '', state: null })
    store.dispatch(at('/a'))
    store.dispatch(at('/b'))
    await page.devTools.settle()
    const skipped = page.devTools.actionIds().at(-1) as number
    const requests = watchRequests()

    await page.devTools.toggleAction(skipped)
    expect(store.replay.isReplaying()).toBe(true)
    // The tester uses the page while the action is skipped: a page opened, a read asked for.
    store.dispatch(at('/c'))
    const read = store.dispatch(endpoints.getCardCollections.initiate())
    await nextTurn()
    expect(requests).toEqual([])

    await page.devTools.toggleAction(skipped)
    expect(store.replay.isReplaying()).toBe(false)
    expect(store.getState().location.current?.pathname).toBe('/c')
    await read
    expect(requests.map((request) => request.path)).toEqual(['/getCardCollections'])
    read.unsubscribe()
  })

  it('goes on after a Revert to a state the tester committed, and stays in replay after a Revert to the first state', async () => {
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore(undefined, { sideEffects: false })
    const at = (pathname: string) => page.location.locationChanged({ pathname, search: '', hash: '', state: null })
    store.dispatch(at('/a'))
    await page.devTools.commit()
    expect(store.replay.isReplaying()).toBe(false)
    store.dispatch(at('/b'))
    await page.devTools.rollback()
    expect(store.getState().location.current?.pathname).toBe('/a')
    expect(store.replay.isReplaying()).toBe(false)
    store.dispatch(at('/c'))
    expect(store.replay.isReplaying()).toBe(false)

    // Nothing committed: the first state is the page before it restored its session and opened a screen.
    const fresh = await loadPageWithDevTools()
    const freshStore = fresh.store.makeStore(undefined, { sideEffects: false })
    freshStore.dispatch(fresh.location.locationChanged({ pathname: '/a', search: '', hash: '', state: null }))
    await fresh.devTools.rollback()
    expect(freshStore.replay.isReplaying()).toBe(true)
  })

  it('likes a memory on a recorded screen without an error: the change is refused and the live state untouched', async () => {
    let memories = [makeMemory({ memoryId: 'm1', likes: 2, liked: false })]
    server.use(onGet('/memory/getMyMemories', () => memories))
    const page = await loadPageWithDevTools(featureApiFiles)
    const store = page.store.makeStore(undefined, { sideEffects: false })
    const endpoints = page.baseApi.baseApi.endpoints as unknown as typeof memoriesApi.endpoints
    const requests = watchRequests()
    const list = store.dispatch(endpoints.getMyMemories.initiate())
    await list
    await page.devTools.settle()
    const withMemory = page.devTools.lastIndex()
    // Later the memory is gone from the live list.
    memories = []
    await list.refetch()
    const live = store.getState()
    await page.devTools.jumpToState(withMemory)
    requests.length = 0

    const like = await store.dispatch(
      endpoints.likeMemory.initiate({ memoryId: 'm1', place: { userCardId: 'uc1', cardId: 'c1' } }),
    )
    expect(like.error).toMatchObject({ kind: 'replay', silent: true })
    expect(requests).toEqual([])
    await page.devTools.jumpToLive()
    expect(store.replay.isReplaying()).toBe(false)
    expect(store.getState().api.queries).toEqual(live.api.queries)
    list.unsubscribe()
  })

  it('refuses a recording whose location another build wrote, with a message, and stays where it is', async () => {
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore(undefined, { sideEffects: false })
    const at = (pathname: string) => page.location.locationChanged({ pathname, search: '', hash: '', state: null })
    store.dispatch(at('/myCollection'))
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/myCollection'] })
    const stop = page.locationSync.syncLocation(store, {
      location: () => ({ ...router.state.location, state: null }),
      subscribe: (listener) => router.subscribe(listener),
      navigate: (href, options) => void router.navigate(href, options),
    })
    const before = store.getState()
    const oldBuild = JSON.parse(await page.devTools.exportRecording()) as {
      committedState?: { location: unknown }
      computedStates: { state: { location: unknown } }[]
    }
    // An older build kept the location as one address.
    for (const entry of oldBuild.computedStates) entry.state.location = { current: '/feed' }
    const payloadForm = {
      payload: JSON.stringify([{ type: 'location/locationChanged', payload: '/friends' }]),
      preloadedState: JSON.stringify(oldBuild.computedStates.at(-1)?.state),
    }
    oldBuild.committedState = oldBuild.computedStates[0]?.state

    for (const file of [JSON.stringify(oldBuild), JSON.stringify(payloadForm)]) {
      await page.devTools.importRecording(file)
      expect(page.devTools.errors().at(-1)).toBe(page.devToolsModule.INCOMPATIBLE_RECORDING)
      expect(store.getState()).toBe(before)
      expect(store.replay.isReplaying()).toBe(false)
      expect(router.state.location.pathname).toBe('/myCollection')
    }
    stop()
  })
})

describe('QA replay: the DevTools stand-in behaves as the extension', () => {
  async function storeWith(devTools: Record<string, unknown>) {
    installDevToolsStandIn()
    const standIn = (window as unknown as { __reduxDevToolsStandIn: DevToolsStandIn }).__reduxDevToolsStandIn
    let toolkit!: typeof ToolkitModule
    await jest.isolateModulesAsync(async () => {
      toolkit = await import('@reduxjs/toolkit')
    })
    const counter = (state = 0, action: { type: string }) => {
      if (action.type === 'explode' && state > 0) throw new Error('cannot explode here')
      return action.type === 'add' ? state + 1 : state
    }
    const store = toolkit.configureStore({ reducer: counter, devTools })
    return { store, standIn }
  }

  it('answers an export with the raw actions unless the store asks for the panel’s own, sanitized copy', async () => {
    const sanitizers = {
      actionSanitizer: (action: { type: string }) => ({ ...action, secret: '[redacted]' }),
      stateSanitizer: () => 'hidden',
    }
    const raw = await storeWith({ ...sanitizers })
    raw.store.dispatch({ type: 'add', secret: 'hunter2' })
    const rawFile = await raw.standIn.exportRecording()
    expect(JSON.parse(rawFile)).toEqual({ payload: expect.any(String), preloadedState: undefined })
    expect(rawFile).toContain('hunter2')
    expect(raw.standIn.monitorText()).not.toContain('hunter2')

    const own = await storeWith({ ...sanitizers, features: { export: true, import: 'custom', jump: true } })
    own.store.dispatch({ type: 'add', secret: 'hunter2' })
    const ownFile = await own.standIn.exportRecording()
    expect(ownFile).not.toContain('hunter2')
    expect(JSON.parse(ownFile)).toMatchObject({ stagedActionIds: [0, 1] })
  })

  it('keeps maxAge actions, gates the monitor’s actions by features, and rejects an import a reducer throws on', async () => {
    const { store, standIn } = await storeWith({ maxAge: 3, features: { jump: true, import: 'custom' } })
    for (let step = 0; step < 5; step += 1) store.dispatch({ type: 'add' })
    await standIn.settle()
    expect(standIn.lastIndex()).toBe(2)
    await expect(standIn.toggleAction(standIn.actionIds()[0] as number)).rejects.toThrow('no Skip')
    await standIn.jumpToState(0)
    expect(store.getState()).toBe(3)

    await standIn.importRecording(JSON.stringify({ payload: JSON.stringify([{ type: 'add' }, { type: 'explode' }]) }))
    expect(standIn.errors()).toEqual(['cannot explode here'])
    expect(store.getState()).toBe(3)
    await standIn.importRecording(JSON.stringify({ payload: JSON.stringify([{ type: 'add' }]), preloadedState: '7' }))
    expect(standIn.errors()).toHaveLength(1)
    expect(store.getState()).toBe(8)
  })
})

describe('QA replay: the location in the store', () => {
  const routes = [{ path: '*', element: null }]

  /** A memory router seen through the port the sync uses, reporting each location once it has landed. */
  function portOf(router: ReturnType<typeof createMemoryRouter>): RouterPort {
    return {
      location: () => {
        const { pathname, search, hash, state } = router.state.location
        return { pathname, search, hash, state: (state as unknown) ?? null }
      },
      subscribe: (listener) =>
        router.subscribe(() => {
          if (router.state.navigation.state === 'idle') listener()
        }),
      navigate: (href, options) => {
        void router.navigate(href, options)
      },
    }
  }

  it('records the page the router opens, and opens the page of a state DevTools jumps to', async () => {
    const page = await loadPageWithDevTools()
    const store = page.store.makeStore(undefined, { sideEffects: false })
    const router = createMemoryRouter(routes, { initialEntries: ['/'] })
    const stop = page.locationSync.syncLocation(store, portOf(router))
    const shown = () => page.location.selectLocation(store.getState())

    expect(shown()).toEqual({ pathname: '/', search: '', hash: '', state: null })
    await router.navigate('/myCollection')
    await router.navigate('/viewMemory/m1?from=feed', { state: { focus: 'c1' } })
    expect(shown()).toEqual({ pathname: '/viewMemory/m1', search: '?from=feed', hash: '', state: { focus: 'c1' } })
    await page.devTools.settle()
    const recordedTypes = page.devTools.actionTypes()

    const collectionState = page.devTools
      .states()
      .findIndex(
        (state) =>
          (state as { location: { current: { pathname: string } | null } }).location.current?.pathname ===
          '/myCollection',
      )
    await page.devTools.jumpToState(collectionState)
    await waitFor(() => expect(router.state.location.pathname).toBe('/myCollection'))

    // A page opened while a recorded state is shown is not written into the live state.
    await router.navigate('/feed')
    await page.devTools.settle()
    expect(page.devTools.actionTypes()).toEqual(recordedTypes)

    await page.devTools.jumpToLive()
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewMemory/m1'))
    expect(router.state.location.search).toBe('?from=feed')
    expect(router.state.location.state).toEqual({ focus: 'c1' })
    expect(page.devTools.actionTypes()).toEqual(recordedTypes)
    stop()
  })

  it('keeps each location as plain data', async () => {
    const { location } = await loadPage()
    const next = location.locationSlice.reducer(
      undefined,
      location.locationChanged({ pathname: '/card/c1', search: '', hash: '#art', state: undefined }),
    )
    expect(next).toEqual({ current: { pathname: '/card/c1', search: '', hash: '#art', state: null } })
    expect(JSON.parse(JSON.stringify(next))).toEqual(next)
  })
})
