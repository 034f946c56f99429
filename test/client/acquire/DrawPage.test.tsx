import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { AGE_CONFIRMATION_TEXTS, type DrawPity } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import { PAYMENT_REVERSAL_TEXTS } from '@shared/wallet'
import { DrawPage } from '@client/features/acquire/DrawPage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders, visitorSession } from '@test/helpers/render'

import { expGain, prices } from './fixtures'

function renderDrawPage(
  route = '/digitalDraw',
  balance = 20_000,
  pity: DrawPity = { drawsSinceEpic: 0, drawsToGuarantee: 50 },
  ageConfirmedAt: string | null = '2026-11-01T10:00:00.000Z',
  owed?: number,
) {
  server.use(
    onGet('/getAgeConfirmation', { confirmedAt: ageConfirmedAt }),
    onGet('/getUser', makeUser({ digitalCredit: balance, ...(owed ? { digitalCreditOwed: owed } : {}) })),
    onGet('/checkNewNotifications', false),
    onGet('/getDrawPity', pity),
  )
  return renderWithProviders(
    <Routes>
      <Route path="/digitalDraw/:anotherDraw?" element={<DrawPage />} />
      <Route path="/myDraws" element={<p>My draws page</p>} />
      <Route path="/digitalDrawResult/:transactionId" element={<p>Result page</p>} />
      <Route path="/myWallet" element={<p>Wallet page</p>} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { route },
  )
}

// Typing and dialogs are slow on the shared test machine.
jest.setTimeout(30_000)

describe('DrawPage', () => {
  it('asks once for the age confirmation before the first paid draw, then draws', async () => {
    let confirmations = 0
    let draws = 0
    server.use(
      onPost('/confirmAge', () => {
        confirmations += 1
        return { confirmedAt: '2026-11-27T06:00:00.000Z' }
      }),
      onGet('/drawCard', () => {
        draws += 1
        return { shareId: 't1', userData: { digitalCredit: 18_500 }, expGainResult: expGain }
      }),
    )
    const { user } = renderDrawPage('/digitalDraw', 20_000, undefined, null)
    await waitFor(() => expect(screen.getByLabelText('Your balance: 20,000 credit')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Draw 1 Card' }))
    const ageDialog = await screen.findByRole('dialog', { name: AGE_CONFIRMATION_TEXTS.title })
    expect(ageDialog).toHaveTextContent(AGE_CONFIRMATION_TEXTS.body)
    // Keyboard: the confirm button has the focus, Enter confirms.
    expect(screen.getByRole('button', { name: AGE_CONFIRMATION_TEXTS.confirm })).toHaveFocus()
    await user.keyboard('{Enter}')

    await screen.findByRole('dialog', { name: 'Draw 1 Card' })
    expect(confirmations).toBe(1)
    await user.click(screen.getByRole('button', { name: 'Open pack 1' }))
    expect(await screen.findByText('Result page')).toBeInTheDocument()
    expect(draws).toBe(1)
  })

  it('refuses to draw while a refund or dispute left the balance negative, saying why', async () => {
    const { user } = renderDrawPage('/digitalDraw', 5_000, undefined, undefined, 1_500)
    await waitFor(() => expect(screen.getByLabelText('Your balance: 5,000 credit')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Draw 1 Card' }))
    expect(await screen.findByText(PAYMENT_REVERSAL_TEXTS.spendingBlocked(1_500))).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('draws nothing when the age confirmation is declined, and asks again next time', async () => {
    let draws = 0
    server.use(
      onGet('/drawCard', () => {
        draws += 1
        return { shareId: 't1', userData: { digitalCredit: 18_500 }, expGainResult: expGain }
      }),
    )
    const { user } = renderDrawPage('/digitalDraw', 20_000, undefined, null)
    await waitFor(() => expect(screen.getByLabelText('Your balance: 20,000 credit')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Draw 10 Cards' }))
    await screen.findByRole('dialog', { name: AGE_CONFIRMATION_TEXTS.title })
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: AGE_CONFIRMATION_TEXTS.title })).not.toBeInTheDocument(),
    )
    expect(await screen.findByText(AGE_CONFIRMATION_TEXTS.refused)).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Draw 10 Cards' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Draw 1 Card' }))
    await screen.findByRole('dialog', { name: AGE_CONFIRMATION_TEXTS.title })
    await user.click(screen.getByRole('button', { name: AGE_CONFIRMATION_TEXTS.cancel }))
    expect(draws).toBe(0)
  })

  it('draws one card from a pack and opens the result', async () => {
    let query = ''
    server.use(
      onGet('/drawCard', (request) => {
        query = new URL(request.url).search
        return { shareId: 't9', userData: { digitalCredit: 18_500 }, expGainResult: expGain }
      }),
    )
    const { user } = renderDrawPage()
    await waitFor(() => expect(screen.getByLabelText('Your balance: 20,000 credit')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Draw 1 Card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Draw 1 Card' })
    expect(dialog).toHaveTextContent('1,500')
    await user.click(screen.getByRole('button', { name: 'Open pack 2' }))

    expect(await screen.findByText('Result page')).toBeInTheDocument()
    expect(query).toBe('')
  })

  it('opens the ten-card packs at once for /digitalDraw/draw10 and sends tenDraws=1', async () => {
    let query = ''
    server.use(
      onGet('/drawCard', (request) => {
        query = new URL(request.url).search
        return { shareId: 't10', userData: { digitalCredit: 0 }, expGainResult: expGain }
      }),
    )
    const { user } = renderDrawPage('/digitalDraw/draw10')

    await screen.findByRole('dialog', { name: 'Draw 10 Cards' })
    await user.click(screen.getByRole('button', { name: 'Open pack 1' }))

    expect(await screen.findByText('Result page')).toBeInTheDocument()
    expect(query).toBe('?tenDraws=1')
  })

  it('blocks a draw the balance does not cover with the persistent toast and its wallet button', async () => {
    const { user } = renderDrawPage('/digitalDraw', 1_000)
    await waitFor(() => expect(screen.getByLabelText('Your balance: 1,000 credit')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Draw 10 Cards' }))

    expect(await screen.findByText('Insufficient Digital Credits. You need 12,500 more to draw.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Get More Digital Credits' }))
    expect(await screen.findByText('Wallet page')).toBeInTheDocument()
  })

  it('shows the missing amount when the server refuses for credit', async () => {
    server.use(
      onGet('/drawCard', () => refusal(422, 'InsufficientCredit', 'Insufficient credit: 500 more needed.', true)),
    )
    const { user } = renderDrawPage('/digitalDraw', 1_500)
    await waitFor(() => expect(screen.getByLabelText('Your balance: 1,500 credit')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Draw 1 Card' }))
    await user.click(await screen.findByRole('button', { name: 'Open pack 3' }))

    expect(await screen.findByText('Insufficient Digital Credits. You need 500 more to draw.')).toBeInTheDocument()
  })

  it('sends a user whose session is gone to the login page', async () => {
    server.use(onGet('/drawCard', () => refusal(403, 'LoginRequired', 'Please log in to perform this action.')))
    const { user } = renderDrawPage()
    await waitFor(() => expect(screen.getByLabelText('Your balance: 20,000 credit')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Draw 1 Card' }))
    await user.click(await screen.findByRole('button', { name: 'Open pack 1' }))

    expect(await screen.findByText('You need to log in to draw a card.')).toBeInTheDocument()
    expect(await screen.findByText('Login page')).toBeInTheDocument()
  })

  it('shows the drop rates with the price in credit and money', async () => {
    server.use(
      onGet('/payment/getCreditProducts', [
        { creditProductId: 1, creditProductType: 2, creditProductValue: 10_000, listPrice: 1.99, actualPrice: 1.99 },
        { creditProductId: 2, creditProductType: 2, creditProductValue: 60_000, listPrice: 11.94, actualPrice: 9.99 },
      ]),
    )
    const { user } = renderDrawPage()

    await user.click(screen.getByRole('button', { name: 'Drop rates' }))

    const dialog = await screen.findByRole('dialog', { name: 'Drop rates' })
    expect(dialog).toHaveTextContent('★★★ Legendary')
    expect(dialog).toHaveTextContent('1%')
    expect(dialog).toHaveTextContent('60%')
    expect(dialog).toHaveTextContent(prices.priceDigitalCardDraw.toLocaleString('en-US'))
    await waitFor(() => expect(dialog).toHaveTextContent('$0.30'))
    expect(dialog).toHaveTextContent(
      `when ${ECONOMY.epicGuaranteeDraws - 1} cards of paid draws in a row bring no Epic or better, the ${ECONOMY.epicGuaranteeDraws}th card is Epic or Legendary`,
    )
    expect(dialog).toHaveTextContent('(5% for Epic or better)')
  })

  it('shows the paid cards since the last Epic or better and how far the guarantee is', async () => {
    const { user } = renderDrawPage('/digitalDraw', 20_000, { drawsSinceEpic: 12, drawsToGuarantee: 38 })

    const counter = await screen.findByRole('region', { name: 'Epic or better guaranteed' })
    expect(counter).toHaveTextContent('12 paid cards since your last Epic or better.')
    expect(counter).toHaveTextContent('An Epic or better comes within your next 38 cards.')
    expect(screen.getByRole('progressbar', { name: 'Paid cards since your last Epic or better' })).toHaveAttribute(
      'aria-valuetext',
      '12 of 50',
    )

    await user.click(screen.getByRole('link', { name: 'My Draws' }))
    expect(await screen.findByText('My draws page')).toBeInTheDocument()
  })

  it('says when the next card is the guaranteed one', async () => {
    renderDrawPage('/digitalDraw', 20_000, { drawsSinceEpic: 49, drawsToGuarantee: 1 })

    expect(await screen.findByText(/Your next card is an Epic or better\./)).toBeInTheDocument()
  })

  it('shows no counter to a visitor', async () => {
    server.use(onGet('/getUser', null, false), onGet('/checkNewNotifications', false))
    renderWithProviders(<DrawPage />, { route: '/digitalDraw', session: visitorSession })

    expect(await screen.findByText('Log in to draw with your credit.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Epic or better guaranteed' })).not.toBeInTheDocument()
  })
})
