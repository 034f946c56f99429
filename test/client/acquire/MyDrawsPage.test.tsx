import { screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { Route, Routes } from 'react-router-dom'

import type { DrawHistoryEntry, MyDraws } from '@shared/acquire'
import { MY_DRAWS_EMPTY_TEXT, MyDrawsPage } from '@client/features/acquire/MyDrawsPage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, server } from '@test/helpers/msw'
import { renderApp, renderWithProviders, visitorSession } from '@test/helpers/render'

// Rendering lists with MUI is slow on the shared test machine.
jest.setTimeout(30_000)

const moneyReference = { creditProductValue: 10_000, actualPrice: 1.99 }

function entry(overrides: Partial<DrawHistoryEntry> = {}): DrawHistoryEntry {
  return {
    transactionId: 'd1',
    kind: 'draw',
    createdAt: '2026-11-20T10:00:00.000Z',
    price: 1_500,
    priceMoney: 0.3,
    cards: [{ cardId: 'fr-4', cardName: 'France', cardRarity: 4, image: 'fr-4', userCardId: 'uc1', isNew: true }],
    certificate: null,
    ...overrides,
  }
}

const november = { month: '2026-11', draws: 3, cards: 12, credit: 16_000, money: 3.18 }
const october = { month: '2026-10', draws: 1, cards: 1, credit: 1_000, money: 0.2 }

const firstPage: MyDraws = {
  draws: [
    entry({
      transactionId: 'd10',
      kind: 'draw10',
      createdAt: '2026-11-21T09:00:00.000Z',
      price: 13_500,
      priceMoney: 2.69,
      cards: [
        { cardId: 'jp-5', cardName: 'Japan', cardRarity: 5, image: 'jp-5', userCardId: 'uc2', isNew: true },
        { cardId: 'it-1', cardName: 'Italy', cardRarity: 1, image: 'it-1', userCardId: 'uc3', isNew: false },
      ],
      certificate: { creditCertificateId: 'c1', creditValue: 2_500, redeemCode: 'CODE', redeemed: false },
    }),
    entry(),
  ],
  months: [november],
  moneyReference,
  nextCursor: 'cursor-2',
}

const secondPage: MyDraws = {
  draws: [
    entry({ transactionId: 'p1', kind: 'pick', createdAt: '2026-11-02T08:00:00.000Z', price: 1_000, priceMoney: 0.2 }),
    entry({
      transactionId: 'f1',
      kind: 'free',
      createdAt: '2026-10-30T08:00:00.000Z',
      price: 0,
      priceMoney: 0,
      cards: [{ cardId: 'de-2', cardName: 'Germany', cardRarity: 2, image: 'de-2', userCardId: 'uc9', isNew: true }],
    }),
  ],
  months: [november, october],
  moneyReference,
  nextCursor: null,
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/myDraws" element={<MyDrawsPage />} />
      <Route path="/digitalDraw" element={<p>Draw page</p>} />
    </Routes>,
    { route: '/myDraws' },
  )
}

describe('MyDrawsPage', () => {
  it('shows placeholders while the first page loads', async () => {
    server.use(
      onGet('/getMyDraws', async () => {
        await delay('infinite')
        return firstPage
      }),
    )
    renderPage()

    expect(await screen.findByRole('status', { name: 'Loading your draws' })).toBeInTheDocument()
  })

  it('invites a traveller without draws to draw', async () => {
    server.use(onGet('/getMyDraws', { draws: [], months: [], moneyReference: null, nextCursor: null }))
    const { user } = renderPage()

    expect(await screen.findByText(MY_DRAWS_EMPTY_TEXT)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Draw Cards' }))
    expect(await screen.findByText('Draw page')).toBeInTheDocument()
  })

  it('shows a page of draws under their month with its totals, prices, cards and certificate', async () => {
    server.use(onGet('/getMyDraws', firstPage))
    renderPage()

    const month = await screen.findByRole('region', { name: 'November 2026' })
    expect(within(month).getByLabelText('November 2026 totals')).toHaveTextContent(
      '3 purchases · 12 cards · 16,000 · $3.18',
    )
    const tenDraw = within(month).getByRole('listitem', { name: 'Draw 10 Cards' })
    expect(tenDraw).toHaveTextContent('13,500 ($2.69)')
    expect(within(tenDraw).getByRole('link', { name: 'Japan' })).toHaveAttribute('href', '/userCard/uc2')
    expect(within(tenDraw).getByLabelText('Legendary rarity')).toBeInTheDocument()
    expect(tenDraw).toHaveTextContent('Credit certificate: 2,500 (waiting in My Wallet)')
    expect(within(tenDraw).getByRole('link', { name: 'See the result' })).toHaveAttribute(
      'href',
      '/digitalDrawResult/d10',
    )
    expect(within(month).getByRole('listitem', { name: 'Draw 1 Card' })).toHaveTextContent('1,500 ($0.30)')
    expect(
      screen.getByText(/today's price of the smallest Digital Credits pack \(\$1\.99 for 10,000 credits\)/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Load More' })).toBeInTheDocument()
  })

  it('lists the cards of a ten-draw as the result page does: rarest first, in drawn order within a rarity', async () => {
    const drawn = (
      [
        ['Lyon', 1],
        ['Japan', 5],
        ['Porto', 2],
        ['Nice', 1],
        ['Peru', 4],
        ['Oslo', 2],
      ] as const
    ).map(([cardName, cardRarity], index) => ({
      cardId: `c${index}`,
      cardName,
      cardRarity,
      image: `c${index}`,
      userCardId: `uc-${index}`,
      isNew: false,
    }))
    server.use(
      onGet('/getMyDraws', { ...firstPage, draws: [entry({ transactionId: 'd10', kind: 'draw10', cards: drawn })] }),
    )
    renderPage()

    const tenDraw = await screen.findByRole('listitem', { name: 'Draw 10 Cards' })
    const names = within(tenDraw)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((name) => name !== 'See the result')
    expect(names).toEqual(['Japan', 'Peru', 'Porto', 'Oslo', 'Lyon', 'Nice'])
  })

  it('loads the next page with the cursor and starts a new month where it begins', async () => {
    const cursors: (string | null)[] = []
    server.use(
      onGet('/getMyDraws', (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        cursors.push(cursor)
        return cursor === 'cursor-2' ? secondPage : firstPage
      }),
    )
    const { user } = renderPage()
    await screen.findByRole('region', { name: 'November 2026' })

    await user.click(screen.getByRole('button', { name: 'Load More' }))

    const october = await screen.findByRole('region', { name: 'October 2026' })
    expect(within(october).getByText('Free Draw')).toBeInTheDocument()
    expect(within(october).getByLabelText('October 2026 totals')).toHaveTextContent(
      '1 purchase · 1 card · 1,000 · $0.20',
    )
    expect(within(screen.getByRole('region', { name: 'November 2026' })).getByText('Pick')).toBeInTheDocument()
    expect(screen.getByText('That is every draw you have made.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument()
    expect(cursors).toEqual([null, 'cursor-2'])
  })
})

describe('the /myDraws route', () => {
  /** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
  const FIRST_LOAD = { timeout: 15_000 }

  it('lists gifts given and received without a price, and leaves them out of the totals', async () => {
    const gifts: MyDraws = {
      draws: [
        entry({
          transactionId: 'g2',
          kind: 'gift',
          createdAt: '2026-12-03T10:00:00.000Z',
          price: 0,
          priceMoney: null,
          gift: { direction: 'received', friendUsername: 'marta' },
          cards: [{ cardId: 'jp-5', cardName: 'Japan', cardRarity: 5, image: 'jp-5', userCardId: 'uc9', isNew: true }],
        }),
        entry({
          transactionId: 'g1',
          kind: 'gift',
          createdAt: '2026-12-02T10:00:00.000Z',
          price: 0,
          priceMoney: null,
          gift: { direction: 'sent', friendUsername: 'lena' },
          cards: [
            { cardId: 'fr-4', cardName: 'France', cardRarity: 4, image: 'fr-4', userCardId: 'uc1', isNew: false },
          ],
        }),
        entry({
          transactionId: 'g0',
          kind: 'gift',
          price: 0,
          priceMoney: null,
          gift: { direction: 'sent', friendUsername: null },
        }),
        entry(),
      ],
      months: [november],
      moneyReference,
      nextCursor: null,
    }
    server.use(onGet('/getMyDraws', gifts))
    renderWithProviders(<MyDrawsPage />, { route: '/myDraws' })

    const received = await screen.findByRole('listitem', { name: 'Gift from marta' })
    expect(within(received).getByRole('link', { name: 'Japan' })).toHaveAttribute('href', '/userCard/uc9')
    expect(within(received).getByText('NEW')).toBeInTheDocument()
    expect(within(received).queryByLabelText(/^Price/)).not.toBeInTheDocument()
    const sent = screen.getByRole('listitem', { name: 'Gift to lena' })
    expect(within(sent).getByRole('list', { name: 'Card given' })).toHaveTextContent('France')
    expect(screen.getByRole('listitem', { name: 'Gift to a former traveller' })).toBeInTheDocument()
    // December holds only gifts: its heading, and no purchase totals.
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument()
    expect(screen.queryByLabelText('December 2026 totals')).not.toBeInTheDocument()
    expect(screen.getByLabelText('November 2026 totals')).toHaveTextContent('3 purchases')
  })

  it('opens the draw history for a logged-in traveller', async () => {
    server.use(onGet('/getUser', makeUser()), onGet('/checkNewNotifications', false), onGet('/getMyDraws', firstPage))
    renderApp('/myDraws')

    expect(await screen.findByRole('heading', { name: 'My Draws', level: 1 }, FIRST_LOAD)).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'November 2026' })).toBeInTheDocument()
  })

  it('sends a visitor to the login page', async () => {
    const { router } = renderApp('/myDraws', { session: visitorSession })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), FIRST_LOAD)
    expect(router.state.location.search).toBe('?from=%2FmyDraws')
  })
})
