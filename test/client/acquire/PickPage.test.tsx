import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { PickPage } from '@client/features/acquire/PickPage'
import { makeUser } from '@test/helpers/fixtures'
import { neverAnswered, onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { collectionCard, collections, expGain } from './fixtures'

function renderPick(route: string, balance = 20_000) {
  server.use(onGet('/getUser', makeUser({ digitalCredit: balance })), onGet('/checkNewNotifications', false))
  return renderWithProviders(
    <Routes>
      <Route path="/digitalPick/:rarity" element={<PickPage />} />
      <Route path="/acquireCards" element={<p>Acquire page</p>} />
    </Routes>,
    { route },
  )
}

// Typing and dialogs are slow on the shared test machine.
jest.setTimeout(30_000)

describe('PickPage', () => {
  it('refuses rarities other than Common and Special with a way back', async () => {
    const { user } = renderPick('/digitalPick/3')
    expect(screen.getByText(/Only Common and Special cards can be picked/)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to Acquire Cards' }))
    expect(await screen.findByText('Acquire page')).toBeInTheDocument()
  })

  it('finds a place by name without case or accents, sorts the cards, and says when nothing matches', async () => {
    server.use(
      onGet('/getCardCollections', collections),
      onGet('/getCardsOfCollection', [
        collectionCard({ cardId: 'br-sp-1', cardName: 'São Paulo', image: 'br-sp-1', owned: 1 }),
        collectionCard({ cardId: 'it-rome-1', cardName: 'Rome', image: 'it-rome-1' }),
        collectionCard({ cardId: 'se-sto-1', cardName: 'Stockholm', image: 'se-sto-1' }),
      ]),
    )
    const { user } = renderPick('/digitalPick/1')
    const list = await screen.findByRole('list', { name: 'Cards' })
    const names = () =>
      within(list)
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))

    await user.type(screen.getByRole('searchbox', { name: 'Search places' }), 'sao')
    expect(names()).toEqual(['Pick São Paulo, Owned'])

    await user.clear(screen.getByRole('searchbox', { name: 'Search places' }))
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(screen.getByRole('option', { name: 'Not owned first' }))
    expect(names()).toEqual(['Pick Rome', 'Pick Stockholm', 'Pick São Paulo, Owned'])

    await user.type(screen.getByRole('searchbox', { name: 'Search places' }), 'Lima')
    expect(screen.getByText('No Common card in this collection matches "Lima".')).toBeInTheDocument()
  })

  it('keeps the grid in place with card-shaped placeholders while the cards load', async () => {
    server.use(onGet('/getCardCollections', collections), onGet('/getCardsOfCollection', neverAnswered))
    renderPick('/digitalPick/1')
    const placeholders = await screen.findByRole('status', { name: 'Loading cards' })
    expect(placeholders).toHaveAttribute('aria-busy', 'true')
    expect(placeholders.children.length).toBeGreaterThan(1)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('warns when there are no card collections', async () => {
    server.use(onGet('/getCardCollections', []))
    renderPick('/digitalPick/1')
    await waitFor(() => expect(screen.getAllByText('No card collections found')).toHaveLength(2))
  })

  it("lists the first collection's cards of the rarity with Owned badges", async () => {
    let asked = ''
    server.use(
      onGet('/getCardCollections', collections),
      onGet('/getCardsOfCollection', (request) => {
        asked = new URL(request.url).search
        return [
          collectionCard({ cardRarity: 2, cardId: 'fr-2', image: 'fr-2', owned: 1 }),
          collectionCard({ cardId: 'de-2', cardName: 'Germany', cardRarity: 2, image: 'de-2' }),
        ]
      }),
    )
    renderPick('/digitalPick/2')

    const list = await screen.findByRole('list', { name: 'Cards' })
    expect(asked).toBe('?collectionId=europe&rarity=2')
    expect(within(list).getByRole('button', { name: 'Pick France, Owned' })).toHaveTextContent('Owned')
    expect(within(list).getByRole('button', { name: 'Pick Germany' })).not.toHaveTextContent('Owned')
    expect(screen.getByRole('link', { name: 'Pick Common Cards' })).toHaveAttribute('href', '/digitalPick/1')
  })

  it('acquires a card after confirmation and keeps the success dialog open until closed', async () => {
    const longDescription = `${'A long story about France. '.repeat(12)}The end.`
    let body: unknown = null
    let owned = 0
    server.use(
      onGet('/getCardCollections', collections),
      onGet('/getCardsOfCollection', () => [collectionCard({ cardDescription: longDescription, owned })]),
      onPost('/pickCard', (_request, sent) => {
        body = sent
        owned = 1
        return {
          result: true,
          cardResult: {
            cardId: 'fr-1',
            cardName: 'France',
            cardRarity: 1,
            image: 'fr-1',
            userCardId: 'uc1',
            alreadyOwned: false,
          },
          expGainResult: expGain,
          userData: { digitalCredit: 19_000 },
        }
      }),
    )
    const { user } = renderPick('/digitalPick/1')
    await waitFor(() => expect(screen.getByLabelText('Your balance: 20,000 credit')).toBeInTheDocument())

    await user.click(await screen.findByRole('button', { name: 'Pick France' }))
    const confirm = await screen.findByRole('dialog', { name: 'Acquiring Card' })
    expect(within(confirm).queryByText(/The end\./)).not.toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'read more' }))
    expect(within(confirm).getByText(/The end\./)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'read less' }))
    await user.click(within(confirm).getByRole('button', { name: /Acquire for/ }))

    const acquired = await screen.findByRole('dialog', { name: 'Card Acquired' })
    expect(body).toEqual({ selectedCardId: 'fr-1' })
    expect(within(acquired).getByText('Level Up')).toBeInTheDocument()
    expect(within(acquired).getByText('NEW')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Pick France, Owned', hidden: true })).toBeInTheDocument()
    await user.click(within(acquired).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Card Acquired' })).not.toBeInTheDocument())
  })

  it('notes an owned card and blocks a pick the balance does not cover', async () => {
    server.use(
      onGet('/getCardCollections', collections),
      onGet('/getCardsOfCollection', [collectionCard({ cardRarity: 2, owned: 2 })]),
    )
    const { user } = renderPick('/digitalPick/2', 1_000)
    await waitFor(() => expect(screen.getByLabelText('Your balance: 1,000 credit')).toBeInTheDocument())

    await user.click(await screen.findByRole('button', { name: 'Pick France, Owned' }))

    const confirm = await screen.findByRole('dialog', { name: 'Acquiring Card' })
    expect(within(confirm).getByText(/You already own this card/)).toBeInTheDocument()
    expect(within(confirm).getByText('You need 1,500 more Digital Credits to acquire this card.')).toBeInTheDocument()
    expect(within(confirm).getByRole('button', { name: /Acquire for/ })).toBeDisabled()
  })
})
