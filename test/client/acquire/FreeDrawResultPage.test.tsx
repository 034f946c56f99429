import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { FreeDrawResultPage } from '@client/features/acquire/FreeDrawResultPage'
import { onGet, server } from '@test/helpers/msw'
import { renderWithProviders, visitorSession } from '@test/helpers/render'

describe('FreeDrawResultPage', () => {
  it('shows a loading indicator, the animation, then the card and Collect', async () => {
    server.use(onGet('/public/getFreeCardDrawResult', { cardRarity: 5, image: 'it-5', cardName: 'Italy' }, false))
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/freeDrawResult/:transactionId" element={<FreeDrawResultPage />} />
      </Routes>,
      { route: '/freeDrawResult/free-1', session: visitorSession },
    )

    expect(screen.getByRole('heading', { name: 'Card Draw Result' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Loading your card' })).toBeInTheDocument()
    expect(await screen.findByRole('status', { name: 'Drawing your free card' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Skip' }))

    expect(screen.getByRole('heading', { name: 'Free Card Draw Result' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Italy, Legendary card' })).toBeInTheDocument()
    expect(screen.getByText('NEW')).toBeInTheDocument()
    expect(screen.getByText('★★★ Legendary')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Collect' })).toHaveAttribute('href', '/freeDraw')
  })
})
