import { waitFor } from '@testing-library/react'

import { preloadScreen } from '@client/app/router'
import { makeStore } from '@client/app/store'
import { onGet, server } from '@test/helpers/msw'
import { loggedInSession, visitorSession } from '@test/helpers/render'

/** Counts evaluations of the e-mail banner's module, which a browser fetches as a chunk of its own. */
const mockBannerModuleLoaded = jest.fn()
jest.mock('@client/features/session/EmailVerificationBanner', () => {
  mockBannerModuleLoaded()
  return jest.requireActual('@client/features/session/EmailVerificationBanner')
})

// The banner shares the screen's boundary: fetched only once the layout had rendered, it held the screen back.
it("fetches the e-mail banner's code with the opened screen for a stored session, and none for a visitor", async () => {
  server.use(onGet('/getCardCollections', []))
  await preloadScreen('/cardCollections', makeStore({ session: visitorSession }))
  expect(mockBannerModuleLoaded).not.toHaveBeenCalled()
  await preloadScreen('/cardCollections', makeStore({ session: { ...loggedInSession(), loggedIn: null } }))
  await waitFor(() => expect(mockBannerModuleLoaded).toHaveBeenCalledTimes(1))
})
