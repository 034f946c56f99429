import '@testing-library/jest-dom'

import { server } from './msw'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  window.localStorage.clear()
})
afterAll(() => server.close())

// jsdom has no layout: scrolling (used by the router's scroll restoration) does nothing here.
window.scrollTo = () => undefined
Element.prototype.scrollIntoView = () => undefined
