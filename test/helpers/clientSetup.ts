import '@testing-library/jest-dom'

import { configure } from '@testing-library/react'

import { server } from './msw'

// findBy… and waitFor give a loaded CI machine time to render a screen; a passing wait returns as soon as it can.
configure({ asyncUtilTimeout: 10_000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  window.localStorage.clear()
})
afterAll(() => server.close())

// jsdom has no layout: scrolling (used by the router's scroll restoration) does nothing here.
window.scrollTo = () => undefined
Element.prototype.scrollIntoView = () => undefined
