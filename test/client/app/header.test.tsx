import { configure, screen, within } from '@testing-library/react'

import { makeUser } from '@test/helpers/fixtures'
import { onGet, server } from '@test/helpers/msw'
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
