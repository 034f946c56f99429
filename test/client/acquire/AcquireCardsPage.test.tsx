import { screen } from '@testing-library/react'

import { AcquireCardsPage } from '@client/features/acquire/AcquireCardsPage'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { prices } from './fixtures'

describe('AcquireCardsPage', () => {
  it('says where each card type leads before one is chosen', async () => {
    server.use(onGet('/getPrices', prices))
    renderWithProviders(<AcquireCardsPage />, { route: '/acquireCards' })

    expect(screen.getByRole('button', { name: 'Digital' })).toHaveAccessibleDescription(
      'Pick or draw cards for your collection now',
    )
    expect(screen.getByRole('button', { name: 'Physical' })).toHaveAccessibleDescription(
      'Printed cards, coming in February 2025',
    )
  })

  it('leads from Digital to the pick of each rarity and to the draw', async () => {
    server.use(onGet('/getPrices', prices))
    const { user } = renderWithProviders(<AcquireCardsPage />, { route: '/acquireCards' })

    await user.click(screen.getByRole('button', { name: 'Digital' }))

    expect(await screen.findByRole('link', { name: 'Pick a card: Common, 1,000 credit' })).toHaveAttribute(
      'href',
      '/digitalPick/1',
    )
    expect(screen.getByRole('link', { name: 'Pick a card: Special, 2,500 credit' })).toHaveAttribute(
      'href',
      '/digitalPick/2',
    )
    expect(screen.getByRole('link', { name: 'Draw a Random Card' })).toHaveAttribute('href', '/digitalDraw')
    expect(screen.getByLabelText('Price of 10 cards: 13,500 credit')).toBeInTheDocument()
  })

  it('shows the physical prices, the February 2025 notice and a Get Notified that stores the request and confirms', async () => {
    let requests = 0
    server.use(
      onGet('/getPrices', prices),
      onPost('/mail/requestPhysicalCardsNotice', () => {
        requests += 1
        return null
      }),
    )
    const { user } = renderWithProviders(<AcquireCardsPage />, { route: '/acquireCards' })

    await user.click(screen.getByRole('button', { name: 'Physical' }))

    expect(await screen.findByLabelText('Single Card price: 5,000 credit')).toBeInTheDocument()
    expect(screen.getByLabelText('Random Card Draw price: 4,000 credit')).toBeInTheDocument()
    expect(screen.getByLabelText('Card Packet price: 18,000 credit')).toBeInTheDocument()
    expect(screen.getByText('Physical cards will be available in February 2025.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Get Notified' }))
    expect(
      await screen.findByText('You will be notified when physical cards are available via email. Thank you.'),
    ).toBeInTheDocument()
    expect(requests).toBe(1)
  })
})
