import { render, screen, waitFor, within } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter, Route, Routes } from 'react-router-dom'

import { AppThemeProvider } from '@client/app/AppThemeProvider'
import { makeStore } from '@client/app/store'
import { DrawResultPage } from '@client/features/acquire/DrawResultPage'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { loggedInSession, renderWithProviders } from '@test/helpers/render'

import { drawResult } from './fixtures'

function renderResult(route = '/digitalDrawResult/t1') {
  return renderWithProviders(
    <Routes>
      <Route path="/digitalDrawResult/:transactionId" element={<DrawResultPage />} />
      <Route path="/digitalDraw/:anotherDraw?" element={<p>Draw page</p>} />
    </Routes>,
    { route },
  )
}

// Typing and dialogs are slow on the shared test machine.
jest.setTimeout(30_000)

describe('DrawResultPage', () => {
  it('reveals a single card with its NEW label and offers Draw Another', async () => {
    server.use(onGet('/getCardDrawResult', drawResult()))
    const { user } = renderResult()

    await user.click(await screen.findByRole('button', { name: 'Skip' }))

    const cards = screen.getByRole('list', { name: 'Drawn cards' })
    expect(within(cards).getByRole('img', { name: 'France, Epic card' })).toBeInTheDocument()
    expect(within(cards).getByText('NEW')).toBeInTheDocument()
    expect(within(cards).getByText('★★ Epic')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Experience gained' })).toHaveTextContent('+150 XP')
    expect(screen.getByRole('link', { name: 'Draw Another' })).toHaveAttribute('href', '/digitalDraw/draw')
    expect(screen.getByRole('link', { name: 'Collect' })).toHaveAttribute('href', '/digitalDraw')
    expect(screen.getByRole('group', { name: 'Share' })).toBeInTheDocument()
  })

  it('offers the way to the collection beside Collect, which still returns to the draw', async () => {
    server.use(onGet('/getCardDrawResult', drawResult()))
    const { user } = renderResult()
    await user.click(await screen.findByRole('button', { name: 'Skip' }))

    const collect = screen.getByRole('link', { name: 'Collect' })
    const collection = screen.getByRole('link', { name: 'See in My Collection' })
    expect(collect).toHaveAttribute('href', '/digitalDraw')
    expect(collection).toHaveAttribute('href', '/myCollection')
    expect(collection.parentElement).toBe(collect.parentElement)
  })

  it('lists ten drawn cards rarest first, in drawn order within a rarity', async () => {
    const drawn = [
      ['Lyon', 1],
      ['Japan', 5],
      ['Porto', 2],
      ['Oslo', 1],
      ['Kenya', 3],
      ['Peru', 2],
      ['Texas', 1],
      ['Fiji', 4],
      ['Nice', 1],
      ['Laos', 1],
    ] as const
    const cardList = drawn.map(([cardName, cardRarity], index) => ({
      cardId: `c${index}-${cardRarity}`,
      cardName,
      cardRarity,
      image: `c${index}-${cardRarity}`,
      userCardId: `uc${index}`,
      isNew: false,
    }))
    server.use(onGet('/getCardDrawResult', drawResult({ tenDraws: true, cardList, highestRarity: 5 })))
    const { user } = renderResult()

    await user.click(await screen.findByRole('button', { name: 'Skip' }))

    const names = within(screen.getByRole('list', { name: 'Drawn cards' }))
      .getAllByRole('img')
      .map((image) => image.getAttribute('alt')?.split(',')[0])
    expect(names).toEqual(['Japan', 'Fiji', 'Kenya', 'Porto', 'Peru', 'Lyon', 'Oslo', 'Texas', 'Nice', 'Laos'])
  })

  it('gives Skip the focus while the reveal plays, then the result heading', async () => {
    server.use(onGet('/getCardDrawResult', drawResult()))
    const { user } = renderResult()

    const skip = await screen.findByRole('button', { name: 'Skip' })
    expect(skip).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('list', { name: 'Drawn cards' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Your Card' })).toHaveFocus()
  })

  it('shows ten cards and the certificate, which redeems at once', async () => {
    const cardList = Array.from({ length: 9 }, (_, index) => ({
      cardId: `c${index}-1`,
      cardName: `Place ${index}`,
      cardRarity: 1,
      image: `c${index}-1`,
      userCardId: `uc${index}`,
      isNew: index % 2 === 0,
    }))
    const certificate = {
      creditCertificateId: 'cert1',
      creditValue: 2_500,
      redeemCode: 'ABCD-EFGH-JKMN-PQRS',
      redeemed: false,
    }
    let redeemed = false
    let redeemBody: unknown = null
    server.use(
      onGet('/getCardDrawResult', () =>
        drawResult({ tenDraws: true, highestRarity: 1, cardList, certificate: { ...certificate, redeemed } }),
      ),
      onPost('/payment/redeemCreditCertificate', (_request, body) => {
        redeemBody = body
        redeemed = true
        return { result: true, creditValue: 2_500, userData: { digitalCredit: 5_000, physicalCredit: 0 } }
      }),
    )
    const { user } = renderResult()

    await user.click(await screen.findByRole('button', { name: 'Skip' }))

    const cards = screen.getByRole('list', { name: 'Drawn cards' })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(10)
    expect(within(cards).getAllByText('NEW')).toHaveLength(5)
    expect(screen.getByLabelText('Redeem code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS')
    expect(screen.getByRole('link', { name: 'Draw Another 10' })).toHaveAttribute('href', '/digitalDraw/draw10')

    await user.click(screen.getByRole('button', { name: 'Redeem Instantly' }))

    expect(redeemBody).toEqual({ redeemCode: 'ABCD-EFGH-JKMN-PQRS' })
    expect(await screen.findByText('2,500 Digital Credits were added to your wallet.')).toBeInTheDocument()
    expect(await screen.findByText('Redeemed')).toBeInTheDocument()
  })

  it("says so when the draw is not the user's", async () => {
    server.use(onGet('/getCardDrawResult', () => refusal(404, 'NotFound', 'This draw result was not found.', true)))
    renderResult('/digitalDrawResult/other')
    expect(await screen.findByText('This draw result was not found.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Collect' })).toHaveAttribute('href', '/digitalDraw')
  })

  describe('the art is decoded before the cards flip in', () => {
    const originalDecode = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode')
    let requested: string[] = []
    let finishDecoding: () => void = () => undefined

    beforeEach(() => {
      requested = []
      const decoded = new Promise<void>((resolve) => {
        finishDecoding = resolve
      })
      Object.defineProperty(HTMLImageElement.prototype, 'decode', {
        configurable: true,
        value(this: HTMLImageElement) {
          requested.push(this.src)
          return decoded
        },
      })
    })

    afterEach(() => {
      if (originalDecode) Object.defineProperty(HTMLImageElement.prototype, 'decode', originalDecode)
      else Reflect.deleteProperty(HTMLImageElement.prototype, 'decode')
    })

    it('asks for the art while the pack opens and flips once it has decoded', async () => {
      server.use(onGet('/getCardDrawResult', drawResult()))
      renderResult()

      await waitFor(() => expect(requested).toEqual([expect.stringContaining('/image/card?imageId=')]))
      expect(screen.getByRole('status', { name: 'Opening your pack' })).toBeInTheDocument()
      // The build-up of an Epic card is 1.9 s and its flash 0.45 s: the cards still wait for their art after it.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      expect(screen.queryByRole('list', { name: 'Drawn cards' })).not.toBeInTheDocument()

      finishDecoding()
      expect(await screen.findByRole('list', { name: 'Drawn cards' })).toBeInTheDocument()
      expect(screen.getByRole('img', { name: 'France, Epic card' })).toHaveAttribute('src', requested[0])
    })

    it('shows the cards anyway when the art is slow, a bounded wait after the animation', async () => {
      server.use(onGet('/getCardDrawResult', drawResult()))
      renderResult()

      expect(await screen.findByRole('list', { name: 'Drawn cards' }, { timeout: 10_000 })).toBeInTheDocument()
    })

    it('shows the cards at once when the traveller skips', async () => {
      server.use(onGet('/getCardDrawResult', drawResult()))
      const { user } = renderResult()

      await user.click(await screen.findByRole('button', { name: 'Skip' }))
      expect(screen.getByRole('list', { name: 'Drawn cards' })).toBeInTheDocument()
    })
  })
})

describe('DrawResultPage opened by Redux DevTools (docs/qa-replay.md)', () => {
  function renderOpenedBy(move: 'isReplaying' | 'travelled') {
    const store = makeStore({ session: loggedInSession() })
    jest.spyOn(store.replay, move).mockReturnValue(true)
    render(
      <Provider store={store}>
        <AppThemeProvider>
          <MemoryRouter initialEntries={['/digitalDrawResult/t1']}>
            <Routes>
              <Route path="/digitalDrawResult/:transactionId" element={<DrawResultPage />} />
            </Routes>
          </MemoryRouter>
        </AppThemeProvider>
      </Provider>,
    )
    return store
  }

  it.each([
    ['a recorded state', 'isReplaying' as const],
    ['the live state jumped back to', 'travelled' as const],
  ])('shows %s settled: the cards at once, no pack reveal, no experience panel', async (_shown, move) => {
    server.use(onGet('/getCardDrawResult', drawResult()))
    renderOpenedBy(move)

    const cards = await screen.findByRole('list', { name: 'Drawn cards' })
    expect(within(cards).getByRole('img', { name: 'France, Epic card' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Experience gained' })).not.toBeInTheDocument()
  })
})
