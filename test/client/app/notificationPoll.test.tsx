import { waitFor } from '@testing-library/react'

import { sessionEnded } from '@client/api/sessionEvents'
import { makeStore } from '@client/app/store'
import { sessionApi } from '@client/features/session/api'
import { onGet, onPost, server } from '@test/helpers/msw'
import { loginResult } from '@test/helpers/secretSession'

let hidden = false

function setPageHidden(next: boolean) {
  hidden = next
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Lets every pending timer callback and promise of this turn run. */
function nextTurn() {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

describe('the notification poll', () => {
  let checks = 0

  beforeEach(() => {
    checks = 0
    hidden = false
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    server.use(
      onPost('/login', loginResult),
      onGet('/checkNewNotifications', () => {
        checks += 1
        return false
      }),
    )
  })

  afterEach(() => {
    // Restores the prototype's getter.
    delete (document as { hidden?: boolean }).hidden
  })

  it('does not check while the tab is hidden, and checks once as soon as it is shown', async () => {
    hidden = true
    const store = makeStore()
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    await nextTurn()
    await nextTurn()
    expect(checks).toBe(0)

    setPageHidden(false)
    // The next regular check is 10 s away; this one comes at once.
    await waitFor(() => expect(checks).toBe(1))
    store.dispatch(sessionEnded('logout'))
  })

  it('checks at once when a tab hidden between two checks is shown again', async () => {
    const store = makeStore()
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    await waitFor(() => expect(checks).toBe(1))

    setPageHidden(true)
    setPageHidden(false)
    await waitFor(() => expect(checks).toBe(2))
    store.dispatch(sessionEnded('logout'))
  })
})
