import { waitFor } from '@testing-library/react'

import { preloadScreen } from '@client/app/router'
import { makeStore } from '@client/app/store'
import { catalogueApi } from '@client/features/catalogue/api'
import { onGet, server } from '@test/helpers/msw'
import { loggedInSession, visitorSession } from '@test/helpers/render'

jest.setTimeout(20_000)

/** Records every call of the collections list the server receives. */
function countCollectionCalls() {
  const calls: (string | null)[] = []
  server.use(
    onGet('/getCardCollections', (request) => {
      calls.push(request.headers.get('X-Auth-Key'))
      return []
    }),
  )
  return calls
}

describe('preloadScreen', () => {
  it("starts a guarded screen's first call with the stored session before the screen renders", async () => {
    const calls = countCollectionCalls()
    const store = makeStore({ session: { ...loggedInSession(), loggedIn: null } })
    await preloadScreen('/cardCollections', store)
    await waitFor(() => expect(calls).toEqual(['test-token']))
    await waitFor(() => expect(catalogueApi.endpoints.getCardCollections.select()(store.getState()).data).toEqual([]))
  })

  it('makes no call for a visitor, whom the login guard turns away', async () => {
    const calls = countCollectionCalls()
    const store = makeStore({ session: visitorSession })
    await preloadScreen('/cardCollections', store)
    expect(calls).toEqual([])
  })
})
