import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router-dom'

import type { PeerUserCard, TransferrableCards } from '@shared/memories'
import { TEXTS } from '@shared/texts'
import { SwitchUserCardPage } from '@client/features/memories/SwitchUserCardPage'
import { paths } from '@client/lib/paths'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from './fixtures'

function copy(userCardId: string, day: string, memoryId: string | null): PeerUserCard {
  return {
    userCardId,
    cardId: 'card-lisbon-3',
    cardName: 'Lisbon',
    cardRarity: 3,
    image: 'img-lisbon',
    createdAt: `2026-01-${day}T10:00:00.000Z`,
    hasMemory: memoryId != null,
    memoryId,
  }
}

const transferrable: TransferrableCards = {
  cost: 2_000,
  cardCollections: [{ collectionId: 'europe', collectionName: 'Europe' }],
  cardSetList: [
    {
      cardSetId: 'set-porto',
      cardSetName: 'Porto',
      collectionId: 'europe',
      cards: [{ cardId: 'card-porto-3', cardName: 'Porto', cardRarity: 3, collectionId: 'europe', image: 'img-porto' }],
    },
  ],
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function renderSwitch(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.switchUserCard.path} element={<SwitchUserCardPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: path },
  )
}

jest.setTimeout(20_000)

describe('SwitchUserCardPage', () => {
  let switched: unknown
  beforeEach(() => {
    switched = null
    server.use(
      onGet('/memory/getMemory', makeMemory()),
      onGet('/getPeerUserCards', [copy('uc1', '02', 'm1'), copy('uc2', '03', null), copy('uc3', '04', 'm5')]),
      onGet('/getUser', makeUser({ digitalCredit: 12_500 })),
      // A loaded user starts the session's notification poll.
      onGet('/checkNewNotifications', false),
      onGet('/cards/getTransferrableCards', transferrable),
      onPost('/memory/switchUserCard', (_request, sent) => {
        switched = sent
        const body = switched as { newUserCardId?: string }
        return { newUserCardId: body.newUserCardId ?? 'uc-new', userData: { digitalCredit: 10_500, physicalCredit: 0 } }
      }),
    )
  })

  it('keeps Switch disabled until another free copy is chosen, then switches and goes to the new user card', async () => {
    const { user } = renderSwitch('/switchUserCard/m1?from=userCard')
    const current = await screen.findByRole('radio', { name: /acquired 2026-01-02/ })
    expect(current).toBeChecked()
    expect(screen.getByRole('radio', { name: /acquired 2026-01-04/ })).toBeDisabled()
    expect(screen.getByText('Has a memory')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Switch' })).toBeDisabled()

    await user.click(screen.getByRole('radio', { name: /acquired 2026-01-03/ }))
    await user.click(screen.getByRole('button', { name: 'Switch' }))

    expect(await screen.findByText(TEXTS.cardSwitched)).toBeInTheDocument()
    expect(switched).toEqual({ memoryId: 'm1', userCardId: 'uc1', newUserCardId: 'uc2' })
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/userCard/uc2'))
  })

  it('transfers to another card set for its cost', async () => {
    const { user } = renderSwitch('/switchUserCard/m1')
    await user.click(await screen.findByRole('radio', { name: 'Transfer to another card set' }))
    const cost = await screen.findByText(/Cost:/)
    expect(cost).toHaveTextContent('2,000')
    expect(screen.getByText(/Your balance:/)).toHaveTextContent('12,500')
    expect(screen.getByRole('button', { name: 'Switch' })).toBeDisabled()

    await user.type(screen.getByRole('searchbox', { name: 'Find a place' }), 'por')
    const sets = screen.getByRole('radiogroup', { name: 'Card set' })
    await user.click(within(sets).getByRole('radio', { name: /Porto/ }))
    await user.click(screen.getByRole('button', { name: 'Switch' }))

    await waitFor(() => expect(switched).toEqual({ memoryId: 'm1', userCardId: 'uc1', newCardSetId: 'set-porto' }))
    expect(await screen.findByText(TEXTS.cardSwitched)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/myMemories'))
  })

  it('lists a long collection of places as a compact grid in a box of its own, with Switch always in reach', async () => {
    const places = Array.from({ length: 125 }, (_, index) => ({
      cardSetId: `set-${index}`,
      cardSetName: `Place ${index}`,
      collectionId: 'europe',
      cards: [
        {
          cardId: `card-${index}`,
          cardName: `Place ${index}`,
          cardRarity: 3,
          collectionId: 'europe',
          image: `i${index}`,
        },
      ],
    }))
    server.use(onGet('/cards/getTransferrableCards', { ...transferrable, cardSetList: places }))
    const { user } = renderSwitch('/switchUserCard/m1')
    await user.click(await screen.findByRole('radio', { name: 'Transfer to another card set' }))

    const sets = await screen.findByRole('radiogroup', { name: 'Card set' })
    expect(within(sets).getAllByRole('radio')).toHaveLength(125)
    expect(sets).toHaveStyle({ display: 'grid', maxHeight: '50vh', overflowY: 'auto' })
    expect(screen.getByRole('group', { name: 'Switch actions' })).toHaveStyle({ position: 'sticky', bottom: '0px' })
    expect(
      within(screen.getByRole('group', { name: 'Switch actions' })).getByRole('button', { name: 'Switch' }),
    ).toBeDisabled()
  })

  it('blocks a transfer the balance cannot pay', async () => {
    server.use(onGet('/getUser', makeUser({ digitalCredit: 500 })))
    const { user } = renderSwitch('/switchUserCard/m1')
    await user.click(await screen.findByRole('radio', { name: 'Transfer to another card set' }))
    await user.click(await screen.findByRole('radio', { name: /Porto/ }))
    expect(screen.getByText(/You need more digital credit/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Switch' })).toBeDisabled()
  })
})
