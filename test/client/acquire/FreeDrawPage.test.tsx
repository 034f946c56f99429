import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { FREE_DRAW_FOR_VISITORS, FreeDrawPage } from '@client/features/acquire/FreeDrawPage'
import { STORAGE_KEYS } from '@client/lib/storage'
import { onGet, onPost, server } from '@test/helpers/msw'
import { loggedInSession, renderWithProviders, visitorSession } from '@test/helpers/render'

const drawn = { transactionId: 'free-1', image: 'jp-3', cardName: 'Japan', cardRarity: 3 }

function renderFreeDraw(session = visitorSession) {
  return renderWithProviders(
    <Routes>
      <Route path="/freeDraw" element={<FreeDrawPage />} />
      <Route path="/freeDrawResult/:transactionId" element={<p>Free result page</p>} />
      <Route path="/welcome" element={<p>Welcome page</p>} />
    </Routes>,
    { route: '/freeDraw', session },
  )
}

// Typing and dialogs are slow on the shared test machine.
jest.setTimeout(30_000)

describe('FreeDrawPage', () => {
  it('draws from any of the three packs for 0 credit, keeps the card and opens the result', async () => {
    server.use(onGet('/public/freeDrawCard', drawn, false))
    const { user } = renderFreeDraw()

    expect(screen.getByRole('heading', { name: 'Draw a Digital Card' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Free Draw Card' })).toBeInTheDocument()
    expect(screen.getByText('Please pick a pack below to draw 1 card')).toBeInTheDocument()
    expect(screen.getByLabelText('Price: 0 credit')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /Draw from pack/ })).toHaveLength(3)

    await user.click(screen.getByRole('button', { name: 'Draw from pack 3' }))

    expect(await screen.findByText('Free result page')).toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.freeDrawCard) ?? 'null')).toEqual(drawn)
  })

  it('disables every pack while the draw runs', async () => {
    let release: () => void = () => undefined
    server.use(
      onGet(
        '/public/freeDrawCard',
        async () => {
          await new Promise<void>((resolve) => {
            release = resolve
          })
          return drawn
        },
        false,
      ),
    )
    const { user } = renderFreeDraw()

    await user.click(screen.getByRole('button', { name: 'Draw from pack 1' }))

    await waitFor(() =>
      screen.getAllByRole('button', { name: /Draw from pack/ }).forEach((button) => expect(button).toBeDisabled()),
    )
    release()
    expect(await screen.findByText('Free result page')).toBeInTheDocument()
  })

  it('restores the kept card with the sign-up form, which claims it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.freeDrawCard, JSON.stringify(drawn))
    let registration: Record<string, unknown> = {}
    server.use(
      onPost('/register', (_request, body) => {
        registration = body as Record<string, unknown>
        return {
          username: 'kai',
          authKey: 'token',
          email: 'kai@example.com',
          digitalCredit: 0,
          physicalCredit: 0,
          avatarId: 1,
          invitationReward: false,
          friendCode: 'KAI234',
        }
      }),
      onGet('/checkNewNotifications', false),
    )
    const { user } = renderFreeDraw()

    expect(screen.getByText('Congratulations! You drew a free card.')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Japan, Rare card' })).toBeInTheDocument()
    expect(screen.getByText('NEW')).toBeInTheDocument()
    expect(screen.getByText('Own it permanently in your collection')).toBeInTheDocument()
    expect(screen.getByText('Personalize it with your trip dates, photos and notes')).toBeInTheDocument()
    expect(screen.getByText('Start your journey and collect the world')).toBeInTheDocument()
    expect(screen.getByText('Your card will be waiting in your collection after you sign up.')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'kai@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret words')
    await user.click(screen.getByRole('button', { name: 'Sign Up and Keep My Card' }))

    expect(await screen.findByText('Welcome page')).toBeInTheDocument()
    expect(registration).toMatchObject({ email: 'kai@example.com', freeDrawTransactionId: 'free-1' })
    expect(window.localStorage.getItem(STORAGE_KEYS.freeDrawCard)).toBeNull()
  })

  it('does not offer a logged-in user a free card that could never reach their collection, and says why', async () => {
    // A card drawn before logging in to an existing account stays with the visitor's draw.
    window.localStorage.setItem(STORAGE_KEYS.freeDrawCard, JSON.stringify(drawn))
    renderFreeDraw(loggedInSession())
    expect(screen.getByText(FREE_DRAW_FOR_VISITORS)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Draw a Random Card' })).toHaveAttribute('href', '/digitalDraw')
    expect(screen.queryByText('NEW')).not.toBeInTheDocument()
    expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Draw from pack/ })).not.toBeInTheDocument()
  })
})
