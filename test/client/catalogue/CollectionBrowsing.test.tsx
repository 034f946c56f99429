import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'

import type { Card, CardCollection, CollectionCard } from '@shared/catalogue'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, server } from '@test/helpers/msw'
import { renderApp, type TestRouter } from '@test/helpers/render'

/** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

const me = makeUser({ userCardStats: { collectionCount: 1, cardCount: 3, rarityStats: [0, 0, 2, 0, 1] } })

const collections: CardCollection[] = [
  {
    collectionId: 'europe',
    collectionGroup: 'continents',
    collectionName: 'Europe',
    collectionDescription: 'Every country and territory of Europe.',
    cardCount: 10,
    rarityStats: [5, 4, 3, 2, 1].map((cardRarity) => ({ cardRarity, cardCount: 2 })),
  },
  {
    collectionId: 'asia',
    collectionGroup: 'continents',
    collectionName: 'Asia',
    collectionDescription: 'From the Bosporus to the Pacific.',
    cardCount: 5,
    rarityStats: [5, 4, 3, 2, 1].map((cardRarity) => ({ cardRarity, cardCount: 1 })),
  },
]

function place(cardSetId: string, cardName: string, cardRarity: number, owned: number): CollectionCard {
  const cardId = `${cardSetId}-${cardRarity}`
  return {
    cardId,
    cardSetId,
    cardName,
    cardDescription: `${cardName} facts.`,
    cardRarity,
    image: cardId,
    collectionId: 'europe',
    collectionName: 'Europe',
    owned,
  }
}

function portugal(): Card {
  return {
    ...place('pt', 'Portugal', 3, 2),
    cardKind: 'country',
    beenThere: false,
    timeZone: 'Europe/Lisbon',
    mine: [],
    otherRarity: [],
  }
}

/** Answers getCardsOfCollection like the server, and records the rarities asked for. */
function europeCards(asked: string[]) {
  return onGet('/getCardsOfCollection', (request) => {
    const params = new URL(request.url).searchParams
    const rarity = Number(params.get('rarity'))
    asked.push(`${params.get('collectionId')}:${rarity}`)
    return [place('pt', 'Portugal', rarity, rarity === 3 ? 2 : 0), place('no', 'Norway', rarity, 0)]
  })
}

/** Nine collections in two groups: more than the list's first render shows (six). */
const longCatalogue: CardCollection[] = [
  ...['br', 'ca', 'cn', 'co', 'de', 'fr', 'in'].map((country): CardCollection => ({
    collectionId: `cities-${country}`,
    collectionGroup: 'cities',
    collectionName: `Cities of ${country.toUpperCase()}`,
    collectionDescription: `The cities of ${country.toUpperCase()}.`,
    cardCount: 3,
    rarityStats: [{ cardRarity: 1, cardCount: 3 }],
  })),
  ...collections,
]

/**
 * Watches how many collections the page shows when it first shows any; `end` stops watching and tells. Each change to
 * the page is seen before the browser (or React's scheduler) runs its next task, so a list that renders in slices is
 * seen at its first slice.
 */
function watchCollectionsAtFirstSight(): { end: () => number | undefined } {
  let atFirstSight: number | undefined
  const observer = new MutationObserver(() => {
    const count = document.querySelectorAll('article[aria-labelledby^="collection-"]').length
    if (atFirstSight === undefined && count > 0) atFirstSight = count
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return {
    end: () => {
      observer.disconnect()
      return atFirstSight
    },
  }
}

/**
 * Back, with React rendering in its own tasks as in a browser: inside act, every render the navigation leads to
 * (a transition's included) would be done before the page could be seen between them.
 */
async function goBackAsTheBrowserDoes(router: TestRouter) {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
  try {
    await router.navigate(-1)
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous
  }
}

function baseHandlers() {
  return [
    onGet('/getUser', me),
    onGet('/checkNewNotifications', false),
    onGet('/getCardCollections', collections),
    onGet('/travel/getPlaceTravel', { cardSetId: 'country-pt', verification: null, wantToGo: false, friends: [] }),
  ]
}

describe('CardCollectionsPage browsing', () => {
  it('opens a collection, lists its rarities from Legendary down to Common and shows the cards of the chosen one', async () => {
    const asked: string[] = []
    server.use(...baseHandlers(), europeCards(asked))
    const { user, router } = renderApp('/cardCollections')

    const europe = await screen.findByRole('article', { name: 'Europe' }, FIRST_LOAD)
    const browse = within(europe).getByRole('link', { name: 'Browse cards of Europe' })
    expect(browse).toHaveAttribute('href', '/cardCollections?collection=europe&rarity=5')
    await user.click(browse)

    expect(router.state.location.search).toBe('?collection=europe&rarity=5')
    const heading = await screen.findByRole('heading', { level: 2, name: 'Europe' })
    await waitFor(() => expect(heading).toHaveFocus())
    const rarities = within(screen.getByRole('group', { name: 'Rarity' })).getAllByRole('button')
    expect(rarities.map((choice) => choice.getAttribute('aria-label'))).toEqual([
      'Legendary, 2 cards',
      'Epic, 2 cards',
      'Rare, 2 cards',
      'Special, 2 cards',
      'Common, 2 cards',
    ])
    expect(rarities[0]).toHaveAttribute('aria-pressed', 'true')
    const legendary = await screen.findByRole('list', { name: 'Europe, Legendary cards' })
    expect(within(legendary).getByRole('link', { name: 'Portugal, Legendary' })).toHaveAttribute('href', '/card/pt-5')

    await user.click(screen.getByRole('button', { name: 'Rare, 2 cards' }))
    const rare = await screen.findByRole('list', { name: 'Europe, Rare cards' })
    const portugalLink = within(rare).getByRole('link', { name: 'Portugal, Rare, you own 2' })
    expect(portugalLink).toHaveAttribute('href', '/card/pt-3')
    expect(within(portugalLink).getByText('x2')).toBeInTheDocument()
    expect(within(portugalLink).getByRole('img', { name: 'Portugal, Rare card' })).toHaveAttribute(
      'src',
      expect.stringContaining('imageId=pt-3'),
    )
    expect(within(rare).getByRole('link', { name: 'Norway, Rare' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?collection=europe&rarity=3')
    expect(asked).toEqual(['europe:5', 'europe:3'])
  })

  it('returns from a card page to the same collection and rarity', async () => {
    server.use(...baseHandlers(), europeCards([]), onGet('/getCard', portugal()))
    const { user } = renderApp('/cardCollections')

    await user.click(await screen.findByRole('link', { name: 'Browse cards of Europe' }, FIRST_LOAD))
    await user.click(await screen.findByRole('button', { name: 'Rare, 2 cards' }))
    await user.click(await screen.findByRole('link', { name: 'Portugal, Rare, you own 2' }))
    await user.click(await screen.findByRole('button', { name: 'Close' }, FIRST_LOAD))

    expect(await screen.findByRole('list', { name: 'Europe, Rare cards' }, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rare, 2 cards' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('opens straight from a shared link and goes back to all collections, focusing the collection it left', async () => {
    server.use(...baseHandlers(), europeCards([]))
    const { user, router } = renderApp('/cardCollections?collection=europe&rarity=1')

    expect(await screen.findByRole('list', { name: 'Europe, Common cards' }, FIRST_LOAD)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'All collections' }))

    expect(router.state.location.search).toBe('')
    const browse = await screen.findByRole('link', { name: 'Browse cards of Europe' })
    await waitFor(() => expect(browse).toHaveFocus())
    expect(screen.getByRole('article', { name: 'Asia' })).toBeInTheDocument()
  })

  it('lists a catalogue longer than one screen in full and focuses a collection far down the list', async () => {
    server.use(onGet('/getCardCollections', longCatalogue), ...baseHandlers(), europeCards([]))
    const { user } = renderApp('/cardCollections?collection=europe&rarity=1')

    expect(await screen.findByRole('list', { name: 'Europe, Common cards' }, FIRST_LOAD)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'All collections' }))

    // Europe is the eighth collection, in the second group.
    const browse = await screen.findByRole('link', { name: 'Browse cards of Europe' })
    await waitFor(() => expect(browse).toHaveFocus())
    const continents = screen.getByRole('region', { name: 'Countries by continent' })
    expect(
      within(continents)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-labelledby')),
    ).toEqual(['collection-europe', 'collection-asia'])
    expect(screen.getAllByRole('article')).toHaveLength(9)
  })

  it('shows the first collections first after a reload, which leaves no position to return to', async () => {
    server.use(onGet('/getCardCollections', longCatalogue), ...baseHandlers())
    const firstSight = watchCollectionsAtFirstSight()
    // The entry the browser's history kept across the reload, with React Router's key for it.
    renderApp({ pathname: '/cardCollections', key: 'kept-across-reload' })

    expect(await screen.findByRole('article', { name: 'Asia' }, FIRST_LOAD)).toBeInTheDocument()
    expect(firstSight.end()).toBe(6)
    expect(screen.getAllByRole('article')).toHaveLength(9)
  })

  it('shows the whole list at once on going back to it, so the position it was left at exists', async () => {
    server.use(onGet('/getCardCollections', longCatalogue), ...baseHandlers(), onGet('/getCard', portugal()))
    const { router } = renderApp('/cardCollections')
    expect(await screen.findByRole('article', { name: 'Asia' }, FIRST_LOAD)).toBeInTheDocument()
    // The list was left where it was scrolled to (jsdom scrolls nothing, so at the top).
    fireEvent.scroll(window)
    await act(async () => {
      await router.navigate('/card/pt-3')
    })
    expect(await screen.findByRole('heading', { name: 'Portugal' }, FIRST_LOAD)).toBeInTheDocument()

    const firstSight = watchCollectionsAtFirstSight()
    await goBackAsTheBrowserDoes(router)
    expect(await screen.findByRole('article', { name: 'Asia' }, FIRST_LOAD)).toBeInTheDocument()
    expect(firstSight.end()).toBe(9)
  })

  it('shows every collection when the query names an unknown one', async () => {
    server.use(...baseHandlers(), europeCards([]))
    renderApp('/cardCollections?collection=atlantis')
    expect(await screen.findByRole('article', { name: 'Europe' }, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Rarity' })).not.toBeInTheDocument()
  })
})
