import { screen, waitFor } from '@testing-library/react'

import { renderApp, visitorSession } from '@test/helpers/render'

describe('the route table', () => {
  it('sends a visitor to the login page with `from` set to the page asked for', async () => {
    const { router } = renderApp('/myCollection', { session: visitorSession })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?from=%2FmyCollection')
  })

  it('shows the wallet to a visitor as not public, with a way to log in', async () => {
    renderApp('/myWallet', { session: visitorSession })
    expect(await screen.findByText('This page is not public accessible.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?from=%2FmyWallet')
  })

  it('answers an unknown path, and a path in the wrong case, with Page Not Found', async () => {
    renderApp('/no/such/place', { session: visitorSession })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
  })

  it('matches routes exactly: /MYCOLLECTION is not /myCollection', async () => {
    renderApp('/MYCOLLECTION', { session: visitorSession })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
  })

  it('titles pages "{page} | Wandercards | …"', async () => {
    renderApp('/login', { session: visitorSession })
    await waitFor(() =>
      expect(document.title).toBe(
        'Log In | Wandercards | Discover, Collect, and Share Unique Travel Cards with Your Memories',
      ),
    )
  })
})
