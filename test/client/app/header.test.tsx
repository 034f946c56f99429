import { configure, screen, within } from '@testing-library/react'

import { makeUser } from '@test/helpers/fixtures'
import { neverAnswered, onGet, server } from '@test/helpers/msw'
import { loggedInSession, renderApp } from '@test/helpers/render'

configure({ asyncUtilTimeout: 5_000 })
jest.setTimeout(20_000)

describe('the logged-in header', () => {
  it('leads to every place and its search (Explore) from the main navigation', async () => {
    server.use(onGet('/getUser', makeUser()), onGet('/checkNewNotifications', false))
    renderApp('/about', { session: loggedInSession() })

    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(await within(nav).findByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/cardCollections')
  })
})

describe('a stored session being checked', () => {
  it('shows the navigation and the screen taking shape, never the visitor header or a lone spinner', async () => {
    // The check never answers: what shows is what a traveller on a slow phone sees until it does.
    server.use(onGet('/getUser', neverAnswered), onGet('/checkNewNotifications', neverAnswered))
    renderApp('/myCollection', { session: loggedInSession({ loggedIn: null }) })

    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Collection' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
