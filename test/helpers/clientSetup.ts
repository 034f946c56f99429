import '@testing-library/jest-dom'
import { format } from 'node:util'

import { configure } from '@testing-library/react'

import { expectedConsoleErrors, takeUnmetConsoleErrorExpectations } from './consoleErrors'
import { server } from './msw'

// findBy… and waitFor give a loaded CI machine time to render a screen; a passing wait returns as soon as it can.
configure({ asyncUtilTimeout: 10_000 })

/**
 * A test fails on a console.error it did not announce with `expectConsoleError` (React's warnings, logged exceptions,
 * errors thrown in listeners) and on a request no MSW handler answers: either one means the screen did something the
 * test did not look at. React's "not wrapped in act(...)" notices are let through: MUI's ripples and transitions and
 * the toasts' timers finish on their own clock after the test has seen what it needs, so they say nothing about the
 * screen and would make tests fail by timing alone.
 */
const ACT_NOTICE = 'not wrapped in act('
const unexpectedConsoleErrors: string[] = []
const unhandledRequests: string[] = []

beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      unhandledRequests.push(`${request.method} ${request.url}`)
    },
  }),
)

beforeEach(() => {
  unexpectedConsoleErrors.length = 0
  unhandledRequests.length = 0
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = format(...args)
    if (message.includes(ACT_NOTICE)) return
    if (!expectedConsoleErrors.some((expected) => expected.matches(message))) unexpectedConsoleErrors.push(message)
  })
})

afterEach(() => {
  server.resetHandlers()
  window.localStorage.clear()
  jest.mocked(console.error).mockRestore()
  const unmet = takeUnmetConsoleErrorExpectations()
  const problems = [
    ...unexpectedConsoleErrors.map((message) => `Unexpected console.error:\n${message}`),
    ...unhandledRequests.map((request) => `Request without an MSW handler: ${request}`),
    ...unmet.map((pattern) => `Expected a console.error matching ${pattern}, none came`),
  ]
  if (problems.length > 0) throw new Error(problems.join('\n\n'))
})

afterAll(() => server.close())

// jsdom has no layout: scrolling (used by the router's scroll restoration) does nothing here.
window.scrollTo = () => undefined
Element.prototype.scrollIntoView = () => undefined
