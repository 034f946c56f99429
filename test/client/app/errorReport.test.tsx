import { waitFor } from '@testing-library/react'
import { act, Component, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

import type { ReportClientErrorBody } from '@shared/clientErrors'
import { expectConsoleError } from '@test/helpers/consoleErrors'
import { onPost, server } from '@test/helpers/msw'

interface Received {
  body: ReportClientErrorBody
  headers: Headers
}

let received: Received[]
let root: Root | null = null

beforeEach(() => {
  // A fresh reporter per test: it remembers what the page has already reported.
  jest.resetModules()
  received = []
  server.use(
    onPost('/system/reportClientError', (request, body) => {
      received.push({ body: body as ReportClientErrorBody, headers: request.headers })
      return null
    }),
  )
  process.env.WANDERCARDS_RELEASE = '1.0.0+4f2a9c1'
  window.history.pushState(null, '', '/userCard/uc-8f3a?from=mail#comments')
})

afterEach(() => {
  act(() => root?.unmount())
  root = null
  delete process.env.WANDERCARDS_RELEASE
  window.history.pushState(null, '', '/')
})

/**
 * Renders into a root made with the app's error callbacks, as startApp makes it. Outside act(), which would throw an
 * uncaught error at the test instead of handing it to the root's callback as a browser does.
 */
async function renderInAppRoot(element: ReactNode): Promise<void> {
  const { rootErrorReporting } = await import('@client/app/rootErrors')
  root = createRoot(document.createElement('div'), rootErrorReporting)
  root.render(element)
}

function CardFace(): ReactNode {
  throw new TypeError(
    "Cannot read properties of undefined (reading 'rarity') at http://localhost/userCard/uc-8f3a?from=mail#comments",
  )
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children
  }
}

describe("the app root's error reporting", () => {
  it('sends an uncaught render error with the route pattern, the release and the stack, and no session', async () => {
    expectConsoleError("Cannot read properties of undefined (reading 'rarity')")
    await renderInAppRoot(<CardFace />)

    await waitFor(() => expect(received).toHaveLength(1))
    const [{ body, headers }] = received as [Received]
    expect(body).toMatchObject({
      kind: 'uncaught',
      route: '/userCard/:userCardId',
      release: '1.0.0+4f2a9c1',
      message: "Cannot read properties of undefined (reading 'rarity') at http://localhost/userCard/uc-8f3a",
    })
    expect(body.stack).toContain('CardFace')
    // Neither the copy's id in the route, nor the query string or fragment anywhere.
    expect(JSON.stringify(body)).not.toMatch(/from=mail|#comments|"route":"\/userCard\/uc-8f3a/)
    expect(headers.get('x-api-key')).toBe('dev-web-key')
    expect(headers.get('x-auth-key')).toBeNull()
  })

  it('sends an error an error boundary caught as caught', async () => {
    expectConsoleError("Cannot read properties of undefined (reading 'rarity')")
    await renderInAppRoot(
      <Boundary>
        <CardFace />
      </Boundary>,
    )

    await waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]?.body).toMatchObject({ kind: 'caught', route: '/userCard/:userCardId' })
  })

  it('names an address that is no route `*`', async () => {
    window.history.pushState(null, '', '/no/such/screen')
    const { routePattern } = await import('@client/app/errorReport')
    expect(routePattern(window.location.pathname)).toBe('*')
    expect(routePattern('/viewMemory/m-1/comments')).toBe('/viewMemory/:memoryId/:focus?')
    expect(routePattern('/')).toBe('/')
  })

  it('reports the same error once, and a few errors a page at most', async () => {
    expectConsoleError('render failed')
    const { reportError, MAX_REPORTS_PER_PAGE } = await import('@client/app/errorReport')
    const error = new Error('render failed 0')
    reportError(error, { componentStack: '' })
    reportError(error, { componentStack: '' })
    await waitFor(() => expect(received).toHaveLength(1))

    for (let index = 1; index < MAX_REPORTS_PER_PAGE + 3; index += 1) {
      reportError(new Error(`render failed ${index}`), { componentStack: '' })
    }
    await waitFor(() => expect(received).toHaveLength(MAX_REPORTS_PER_PAGE))
    expect(received.map(({ body }) => body.message)).toEqual(
      Array.from({ length: MAX_REPORTS_PER_PAGE }, (_, index) => `render failed ${index}`),
    )
  })
})
