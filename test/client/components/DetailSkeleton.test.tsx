import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { CardPage } from '@client/features/catalogue/CardPage'
import { makeUser } from '@test/helpers/fixtures'
import { neverAnswered, onGet, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

describe('a page that is loading', () => {
  it('keeps the shape of the card page (picture, title and text placeholders), not a spinner', async () => {
    server.use(onGet('/getUser', makeUser()), onGet('/checkNewNotifications', false), onGet('/getCard', neverAnswered))
    renderWithProviders(
      <Routes>
        <Route path="/card/:cardId" element={<CardPage />} />
      </Routes>,
      { route: '/card/pt-lisbon-3' },
    )

    const placeholder = await screen.findByRole('status', { name: 'Loading the card' })
    expect(placeholder).toHaveAttribute('aria-busy', 'true')
    expect(placeholder.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(3)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
