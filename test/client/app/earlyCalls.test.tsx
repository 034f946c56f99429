import fs from 'node:fs'
import path from 'node:path'

import { waitFor } from '@testing-library/react'

import { ART_VERSION } from '@shared/artVersion'
import { preloadScreen } from '@client/app/router'
import { makeStore } from '@client/app/store'
import { collectionImageUrl } from '@client/components/CardImage'
import { catalogueApi } from '@client/features/catalogue/api'
import { feedApi } from '@client/features/feed/api'
import { sessionApi } from '@client/features/session/api'
import { restoreSession } from '@client/features/session/listeners'
import { API_BASE_URL, API_KEY } from '@client/lib/config'
import { localToday } from '@client/lib/localToday'
import { STORAGE_KEYS } from '@client/lib/storage'
import { makeUser } from '@test/helpers/fixtures'
import { networkError, onGet, server } from '@test/helpers/msw'

import { collections } from '../acquire/fixtures'

/** index.html's inline script, run as the browser runs it while parsing the page. */
const startEarlyCalls = (() => {
  const source = fs.readFileSync(path.join(__dirname, '../../../public/earlyCalls.js'), 'utf8')
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the shipped file itself, not a string built here
  const load = new Function(`${source}\nreturn startEarlyCalls`) as () => (
    apiBase: string,
    apiKey: string,
    artVersion: string,
    loggedInShell: string[],
  ) => void
  return load()
})()

/** Records the session token of every request of the calls a returning traveller's first screen makes. */
function recordCalls() {
  const calls: string[] = []
  const record = (call: string) => (request: Request) => {
    calls.push(`${call} ${request.headers.get('X-Auth-Key') ?? ''} ${request.headers.get('X-Api-Key') ?? ''}`)
  }
  server.use(
    // The notification poll starts with the session; it is not one of the early calls.
    onGet('/checkNewNotifications', false),
    onGet('/getUser', (request) => {
      record('getUser')(request)
      return makeUser()
    }),
    onGet('/feed/getMemoryFeed', (request) => {
      record('getMemoryFeed')(request)
      return { memories: [], nextCursor: null }
    }),
    onGet('/memory/getOnThisDay', (request) => {
      record(`getOnThisDay ${new URL(request.url).searchParams.get('today') ?? ''}`)(request)
      return { today: new URL(request.url).searchParams.get('today') ?? '', memories: [] }
    }),
    onGet('/getCardCollections', (request) => {
      record('getCardCollections')(request)
      return collections
    }),
  )
  return calls
}

/** The logged-in header's and banner's files, as the web build lists them. */
const LOGGED_IN_SHELL = ['/assets/1.0a1b2c3d.js', '/assets/7.4e5f6a7b.js']

/** A page load at `pathname` with `token` stored: the inline script runs, then the app starts. */
function openPage(pathname: string, token: string | null) {
  window.history.replaceState(null, '', pathname)
  if (token) window.localStorage.setItem(STORAGE_KEYS.authToken, token)
  startEarlyCalls(API_BASE_URL, API_KEY, ART_VERSION, LOGGED_IN_SHELL)
}

const preloadedScripts = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href'))

async function startApp(pathname: string) {
  const store = makeStore()
  restoreSession(store.dispatch)
  await preloadScreen(pathname, store)
  return store
}

beforeEach(() => {
  // Early answers are adopted only while the page starts; the test environment's clock started with the test file.
  jest.spyOn(performance, 'now').mockReturnValue(1_000)
})

afterEach(() => {
  jest.restoreAllMocks()
  delete window.wandercardsEarlyCalls
  window.localStorage.clear()
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove()
  window.history.replaceState(null, '', '/')
})

describe("index.html's early calls", () => {
  it('starts the session check, the feed and On This Day with the stored session, and the app adopts the answers', async () => {
    const calls = recordCalls()
    openPage('/feed', 'stored-token')
    await waitFor(() => expect(calls).toHaveLength(3))

    const store = await startApp('/feed')
    await waitFor(() => expect(store.getState().session.loggedIn).toBe(true))
    await waitFor(() =>
      expect(feedApi.endpoints.getMemoryFeed.select()(store.getState()).data?.pages).toEqual([
        { memories: [], nextCursor: null },
      ]),
    )
    await waitFor(() =>
      expect(feedApi.endpoints.getOnThisDay.select(localToday())(store.getState()).data).toBeDefined(),
    )
    expect(calls.sort()).toEqual([
      `getMemoryFeed stored-token ${API_KEY}`,
      `getOnThisDay ${localToday()} stored-token ${API_KEY}`,
      `getUser stored-token ${API_KEY}`,
    ])
  })

  it("preloads the first collection's picture once the collections have answered", async () => {
    const calls = recordCalls()
    openPage('/cardCollections', 'stored-token')
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        // The address the app itself asks for, so the preloaded picture is the one the screen shows.
        collectionImageUrl('europe'),
      ),
    )

    const store = await startApp('/cardCollections')
    await waitFor(() =>
      expect(catalogueApi.endpoints.getCardCollections.select()(store.getState()).data).toEqual(collections),
    )
    expect(calls.filter((call) => call.startsWith('getCardCollections'))).toHaveLength(1)
  })

  it('preloads no collection picture when the address opens a collection or a search', async () => {
    const calls = recordCalls()
    openPage('/cardCollections?collection=europe&rarity=5', 'stored-token')
    // The script's own steps after the answer: read a copy, then preload.
    await window.wandercardsEarlyCalls?.[1]?.response.then((response) => response.clone().json())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toHaveLength(2)
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull()
    await startApp('/cardCollections')
  })

  it("preloads the logged-in header's scripts with a stored session, on every screen", async () => {
    recordCalls()
    openPage('/myCollection', 'stored-token')
    expect(preloadedScripts()).toEqual(LOGGED_IN_SHELL)
    // The session check it started answers before the test ends.
    await window.wandercardsEarlyCalls?.[0]?.response
  })

  it('makes no call and preloads no logged-in script for a visitor', async () => {
    const calls = recordCalls()
    openPage('/feed', null)
    expect(window.wandercardsEarlyCalls).toBeUndefined()
    expect(preloadedScripts()).toEqual([])
    await startApp('/feed')
    expect(calls).toEqual([])
  })

  it('asks again when the session changed after the early call started', async () => {
    const calls = recordCalls()
    openPage('/feed', 'old-token')
    await waitFor(() => expect(calls).toHaveLength(3))
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'new-token')

    const store = await startApp('/feed')
    await waitFor(() => expect(sessionApi.endpoints.getUser.select()(store.getState()).data).toEqual(makeUser()))
    await waitFor(() => expect(calls).toHaveLength(6))
    expect(calls.filter((call) => call.includes('new-token'))).toHaveLength(3)
  })

  it('asks again when the early call failed on the way', async () => {
    const answered: string[] = []
    let connectionDrops = true
    server.use(
      onGet('/checkNewNotifications', false),
      onGet('/getUser', (request) => {
        if (connectionDrops) {
          connectionDrops = false
          return networkError()
        }
        answered.push(request.headers.get('X-Auth-Key') ?? '')
        return makeUser()
      }),
    )
    openPage('/', 'stored-token')
    await expect(window.wandercardsEarlyCalls?.[0]?.response).rejects.toThrow()

    const store = await startApp('/')
    await waitFor(() => expect(store.getState().session.loggedIn).toBe(true))
    expect(answered).toEqual(['stored-token'])
  })

  it('does not adopt an answer once the page has started', async () => {
    const calls = recordCalls()
    openPage('/', 'stored-token')
    await waitFor(() => expect(calls).toHaveLength(1))

    jest.spyOn(performance, 'now').mockReturnValue(60_000)
    const store = await startApp('/')
    await waitFor(() => expect(store.getState().session.loggedIn).toBe(true))
    expect(calls).toHaveLength(2)
  })
})
