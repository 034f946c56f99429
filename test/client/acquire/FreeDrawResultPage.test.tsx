import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { cardImageUrl } from '@client/components/CardImage'
import { FREE_DRAW_RESULT_FOR_ACCOUNTS, FreeDrawResultPage } from '@client/features/acquire/FreeDrawResultPage'
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

  it('fetches and decodes the card art while the animation plays', async () => {
    const requested: string[] = []
    const originalDecode = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode')
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value(this: HTMLImageElement) {
        requested.push(this.src)
        return Promise.resolve()
      },
    })
    try {
      server.use(onGet('/public/getFreeCardDrawResult', { cardRarity: 5, image: 'it-5', cardName: 'Italy' }, false))
      renderWithProviders(
        <Routes>
          <Route path="/freeDrawResult/:transactionId" element={<FreeDrawResultPage />} />
        </Routes>,
        { route: '/freeDrawResult/free-1', session: visitorSession },
      )
      expect(await screen.findByRole('status', { name: 'Drawing your free card' })).toBeInTheDocument()
      await waitFor(() => expect(requested).toEqual([cardImageUrl('it-5', true)]))
      expect(screen.queryByRole('img', { name: 'Italy, Legendary card' })).not.toBeInTheDocument()
    } finally {
      if (originalDecode) Object.defineProperty(HTMLImageElement.prototype, 'decode', originalDecode)
      else Reflect.deleteProperty(HTMLImageElement.prototype, 'decode')
    }
  })
})

describe('FreeDrawResultPage for a logged-in user', () => {
  it('shows a leftover free draw without NEW, says it will not join their collection, and leads to the paid draw', async () => {
    server.use(onGet('/public/getFreeCardDrawResult', { cardRarity: 2, image: 'pt-2', cardName: 'Portugal' }))
    renderWithProviders(
      <Routes>
        <Route path="/freeDrawResult/:transactionId" element={<FreeDrawResultPage />} />
      </Routes>,
      { route: '/freeDrawResult/free-1' },
    )

    expect(await screen.findByRole('heading', { name: 'Free Card Draw Result' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Portugal, Special card' })).toBeInTheDocument()
    expect(screen.queryByText('NEW')).not.toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Drawing your free card' })).not.toBeInTheDocument()
    expect(screen.getByText(FREE_DRAW_RESULT_FOR_ACCOUNTS)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Draw a Random Card' })).toHaveAttribute('href', '/digitalDraw')
    expect(screen.queryByRole('link', { name: 'Collect' })).not.toBeInTheDocument()
  })
})
