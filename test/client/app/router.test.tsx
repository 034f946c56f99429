import { act, screen, waitFor } from '@testing-library/react'

import { TEXTS } from '@shared/texts'
import { renderApp, visitorSession } from '@test/helpers/render'

/** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

describe('the route table', () => {
  it('sends a visitor to the login page with `from` set to the page asked for', async () => {
    const { router } = renderApp('/myCollection', { session: visitorSession })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), FIRST_LOAD)
    expect(router.state.location.search).toBe('?from=%2FmyCollection')
  })

  it('shows the wallet to a visitor as not public, with a way to log in', async () => {
    renderApp('/myWallet', { session: visitorSession })
    expect(await screen.findByText('This page is not public accessible.', undefined, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?from=%2FmyWallet')
  })

  it('lets a visitor reach the draw screen, and drawing says they need to log in, then opens the login', async () => {
    const { user, router } = renderApp('/digitalDraw', { session: visitorSession })
    await user.click(await screen.findByRole('button', { name: 'Draw 1 Card' }, FIRST_LOAD))
    expect(await screen.findByText(TEXTS.loginToDraw)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?from=%2FdigitalDraw')
  })

  it('answers an unknown path, and a path in the wrong case, with Page Not Found', async () => {
    renderApp('/no/such/place', { session: visitorSession })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
  })

  it('moves focus to the new screen heading after a change of page, unless the screen focuses a field itself', async () => {
    const { router } = renderApp('/no/such/place', { session: visitorSession })
    await screen.findByRole('heading', { name: 'Page Not Found' }, FIRST_LOAD)
    expect(document.body).toHaveFocus()

    await act(() => router.navigate('/login'))
    const email = await screen.findByLabelText('Email', undefined, FIRST_LOAD)
    await waitFor(() => expect(email).toHaveFocus())

    await act(() => router.navigate('/another/unknown/place'))
    const heading = await screen.findByRole('heading', { name: 'Page Not Found' })
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('matches routes exactly: /MYCOLLECTION is not /myCollection', async () => {
    renderApp('/MYCOLLECTION', { session: visitorSession })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
  })

  it('titles pages "{page} | Wandercards | …"', async () => {
    renderApp('/login', { session: visitorSession })
    await waitFor(
      () =>
        expect(document.title).toBe(
          'Log In | Wandercards | Discover, Collect, and Share Unique Travel Cards with Your Memories',
        ),
      FIRST_LOAD,
    )
  })
})
