import { screen, waitFor, within } from '@testing-library/react'

import type { CardCollection } from '@shared/catalogue'
import type { MyCollection } from '@shared/collection'
import { makeUser } from '@test/helpers/fixtures'
import { neverAnswered, onGet, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderApp } from '@test/helpers/render'

/** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

const me = makeUser({
  userCardStats: { collectionCount: 1, cardCount: 4, rarityStats: [1, 0, 0, 0, 3] },
  memoryCount: 1,
})

function collection(collectionId: string, collectionName: string): CardCollection {
  return {
    collectionId,
    collectionGroup: 'cities',
    collectionName,
    collectionDescription: '',
    cardCount: 10,
    rarityStats: [],
  }
}

const collections = [collection('great-cities', 'Great Cities'), collection('countries', 'Countries')]

const owned: MyCollection = [
  {
    cardId: 'jp-kyoto-5',
    cardName: 'Kyoto',
    collectionId: 'great-cities',
    collectionName: 'Great Cities',
    cardRarity: 5,
    image: 'jp-kyoto-5',
    beenThere: false,
    mine: [
      { userCardId: 'uc-1', createdAt: '2026-03-01T00:00:00.000Z', hasMemory: false, memoryId: null },
      { userCardId: 'uc-2', createdAt: '2026-03-02T00:00:00.000Z', hasMemory: true, memoryId: 'm-1' },
      { userCardId: 'uc-3', createdAt: '2026-03-03T00:00:00.000Z', hasMemory: false, memoryId: null },
    ],
  },
  {
    cardId: 'pt-lisbon-1',
    cardName: 'Lisbon',
    collectionId: 'great-cities',
    collectionName: 'Great Cities',
    cardRarity: 1,
    image: 'pt-lisbon-1',
    beenThere: true,
    mine: [{ userCardId: 'uc-4', createdAt: '2026-03-04T00:00:00.000Z', hasMemory: false, memoryId: null }],
  },
]

function handlers(cards: MyCollection = owned) {
  return [
    onGet('/getUser', me),
    onGet('/checkNewNotifications', false),
    onGet('/getCardCollections', collections),
    onGet('/getMyCollection', cards),
  ]
}

describe('MyCollectionPage', () => {
  it('groups the first collection’s cards from Legendary down to Common with counts and memory marks', async () => {
    server.use(...handlers())
    renderApp('/myCollection')

    const legendary = await screen.findByRole('region', { name: 'Legendary cards' }, FIRST_LOAD)
    const common = screen.getByRole('region', { name: 'Common cards' })
    expect(legendary.compareDocumentPosition(common) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    const kyoto = within(legendary).getByRole('link', { name: /Kyoto/ })
    expect(kyoto).toHaveAttribute('href', '/card/jp-kyoto-5')
    expect(within(kyoto).getByText('x3')).toBeInTheDocument()
    expect(within(kyoto).getByRole('img', { name: 'This card has a memory.' })).toBeInTheDocument()

    const lisbon = within(common).getByRole('link', { name: /Lisbon/ })
    expect(within(lisbon).getByText('x1')).toBeInTheDocument()
    expect(within(lisbon).queryByRole('img', { name: 'This card has a memory.' })).not.toBeInTheDocument()

    expect(screen.getByRole('heading', { level: 1, name: 'My Collection' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Great Cities', selected: true })).toBeInTheDocument()
  })

  it('lists the collections with cards first and opens on the first of them', async () => {
    const countryCard = {
      ...present(owned[1], 'the Lisbon entry'),
      cardId: 'pt-1',
      cardName: 'Portugal',
      collectionId: 'countries',
      collectionName: 'Countries',
    }
    server.use(...handlers([countryCard]))
    renderApp('/myCollection')

    expect(await screen.findByRole('tab', { name: 'Countries', selected: true }, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Countries', 'Great Cities'])
    expect(await screen.findByRole('link', { name: /Portugal/ })).toHaveAttribute('href', '/card/pt-1')
  })

  it('opens on all cards, rarest first, once they span several collections; a collection tab narrows them', async () => {
    const countryCard = {
      ...present(owned[1], 'the Lisbon entry'),
      cardId: 'pt-3',
      cardName: 'Portugal',
      cardRarity: 3,
      collectionId: 'countries',
      collectionName: 'Countries',
    }
    server.use(...handlers([...owned, countryCard]))
    const { user } = renderApp('/myCollection')

    expect(await screen.findByRole('tab', { name: 'All cards', selected: true }, FIRST_LOAD)).toBeInTheDocument()
    const names = () =>
      screen
        .getAllByRole('link', { name: /Kyoto|Lisbon|Portugal/ })
        .map((link) => /Kyoto|Lisbon|Portugal/.exec(link.textContent)?.[0])
    await waitFor(() => expect(names()).toEqual(['Kyoto', 'Portugal', 'Lisbon']))

    await user.click(screen.getByRole('tab', { name: 'Countries' }))
    await waitFor(() => expect(names()).toEqual(['Portugal']))
  })

  it('shows the empty text with Acquire Cards for a collection without cards', async () => {
    server.use(...handlers())
    const { user } = renderApp('/myCollection')

    await user.click(await screen.findByRole('tab', { name: 'Countries' }, FIRST_LOAD))

    expect(await screen.findByText("You don't have any cards for this collection.")).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Acquire Cards' })).toHaveAttribute(
      'href',
      '/acquireCards',
    )
  })

  it('tells a failed load apart from an empty collection, and Try Again loads it', async () => {
    let failing = true
    server.use(
      onGet('/getMyCollection', () => (failing ? refusal(500, 'Internal', 'Database unavailable', true) : owned)),
      ...handlers(),
    )
    const { user } = renderApp('/myCollection')

    expect(await screen.findByText('Your collection could not be loaded.', undefined, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.queryByText("You don't have any cards for this collection.")).not.toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('link', { name: /Kyoto/ })).toBeInTheDocument()
  })

  it('shows a spinner until the collection has loaded', async () => {
    server.use(onGet('/getMyCollection', neverAnswered), ...handlers())
    renderApp('/myCollection')
    expect(await screen.findByRole('progressbar', { name: 'Loading your collection' }, FIRST_LOAD)).toBeInTheDocument()
  })

  it('shares the profile link with the friend code as shareId', async () => {
    server.use(...handlers())
    const { user } = renderApp('/myCollection')
    const copyButton = await screen.findByRole('button', { name: 'Copy link' }, FIRST_LOAD)
    const writeText = jest.spyOn(navigator.clipboard, 'writeText')

    await user.click(copyButton)

    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/user\?shareId=ABC234$/))
  })

  it('runs the four-step tour while its flag is set, not closable by Esc, ending with Done', async () => {
    window.localStorage.setItem('tutorial_myCollection', '1')
    server.use(...handlers())
    const { user } = renderApp('/myCollection')

    expect(await screen.findByRole('button', { name: /Next \(1 of 4\)/ }, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: /Next \(1 of 4\)/ })).toBeInTheDocument()
    for (let step = 1; step < 4; step += 1)
      await user.click(await screen.findByRole('button', { name: new RegExp(`Next \\(${step} of 4\\)`) }))
    await user.click(await screen.findByRole('button', { name: /Done/ }))

    await waitFor(() => expect(window.localStorage.getItem('tutorial_myCollection')).toBeNull())
  })
})
