import { screen, waitFor, within } from '@testing-library/react'

import type { CardCollection, CollectionCard, PlaceSearchResult } from '@shared/catalogue'
import { timeDifference } from '@client/features/catalogue/components/LocalTime'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, refusal, server } from '@test/helpers/msw'
import { renderApp } from '@test/helpers/render'

/** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

const me = makeUser()

function collection(
  collectionId: string,
  collectionName: string,
  collectionGroup: CardCollection['collectionGroup'],
  places: number,
): CardCollection {
  return {
    collectionId,
    collectionGroup,
    collectionName,
    collectionDescription: `${collectionName} to collect.`,
    cardCount: places * 5,
    rarityStats: [5, 4, 3, 2, 1].map((cardRarity) => ({ cardRarity, cardCount: places })),
  }
}

const collections: CardCollection[] = [
  collection('great-cities', 'Great Cities of the World', 'cities', 125),
  collection('cities-br', 'Cities of Brazil', 'cities', 100),
  collection('regions-ca', 'Provinces and Territories of Canada', 'regions', 13),
  collection('europe', 'Europe', 'continents', 53),
]

const lyon: PlaceSearchResult = {
  cardSetId: 'fr-lyon',
  cardId: 'fr-lyon-5',
  placeName: 'Lyon',
  placeKind: 'city',
  countryName: 'France',
  collectionId: 'great-cities',
  collectionName: 'Great Cities of the World',
}

function brazilianCities(count: number): CollectionCard[] {
  return Array.from({ length: count }, (_, index) => ({
    cardId: `br-city-${index + 1}-5`,
    cardSetId: `br-city-${index + 1}`,
    cardName: `City ${index + 1}`,
    cardDescription: 'A city of Brazil.',
    cardRarity: 5,
    image: `br-city-${index + 1}-5`,
    collectionId: 'cities-br',
    collectionName: 'Cities of Brazil',
    owned: 0,
  }))
}

function baseHandlers() {
  return [onGet('/getUser', me), onGet('/checkNewNotifications', false), onGet('/getCardCollections', collections)]
}

describe('CardCollectionsPage with many collections', () => {
  it('lists the collections in their groups: cities, regions of countries, countries by continent', async () => {
    server.use(...baseHandlers())
    renderApp('/cardCollections')

    const cities = await screen.findByRole('region', { name: 'Cities' }, FIRST_LOAD)
    expect(
      within(cities)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-labelledby')),
    ).toEqual(['collection-great-cities', 'collection-cities-br'])
    const regions = screen.getByRole('region', { name: 'Regions of countries' })
    expect(
      within(regions).getByRole('heading', { level: 3, name: 'Provinces and Territories of Canada' }),
    ).toBeVisible()
    const continents = screen.getByRole('region', { name: 'Countries by continent' })
    expect(within(continents).getByRole('article', { name: 'Europe' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cities',
      'Regions of countries',
      'Countries by continent',
    ])
  })

  it('searches places by name, keeps the search in the address and links each place to its card', async () => {
    const asked: string[] = []
    server.use(
      ...baseHandlers(),
      onGet('/searchPlaces', (request) => {
        const query = new URL(request.url).searchParams.get('query') ?? ''
        asked.push(query)
        return query === 'lyon' ? [lyon] : []
      }),
    )
    const { user, router } = renderApp('/cardCollections')

    const search = await screen.findByRole('searchbox', { name: 'Search places' }, FIRST_LOAD)
    await user.type(search, 'lyon')

    const link = await screen.findByRole('link', { name: 'Lyon' })
    expect(link).toHaveAttribute('href', '/card/fr-lyon-5')
    expect(screen.getByText('City · France · Great Cities of the World')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '1 place matches “lyon”.' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Cities' })).not.toBeInTheDocument()
    expect(router.state.location.search).toBe('?q=lyon')
    // Typing pauses before asking: one search for the word, none per letter.
    expect(asked).toEqual(['lyon'])

    await user.clear(search)
    await user.type(search, 'atlantis')
    expect(await screen.findByText('No place matches “atlantis”.')).toBeInTheDocument()
    await user.clear(search)
    expect(await screen.findByRole('region', { name: 'Cities' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('opens a search from the address and offers a retry when the server fails', async () => {
    let fail = true
    server.use(
      ...baseHandlers(),
      onGet('/searchPlaces', () => (fail ? refusal(500, 'Internal', 'Something went wrong.') : [lyon])),
    )
    const { user } = renderApp('/cardCollections?q=lyon')

    const retry = await screen.findByRole('button', { name: 'Try Again' }, FIRST_LOAD)
    fail = false
    await user.click(retry)
    expect(await screen.findByRole('link', { name: 'Lyon' })).toBeInTheDocument()
  })

  it('lays out a large collection a page of 48 cards at a time, moving the focus to the first card of the next page', async () => {
    server.use(...baseHandlers(), onGet('/getCardsOfCollection', brazilianCities(100)))
    const { user } = renderApp('/cardCollections?collection=cities-br&rarity=5')

    const grid = await screen.findByRole('list', { name: 'Cities of Brazil, Legendary cards' }, FIRST_LOAD)
    expect(within(grid).getAllByRole('link')).toHaveLength(48)
    expect(screen.getByText('Showing 48 of 100 cards')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Show more cards' }))
    expect(within(grid).getAllByRole('link')).toHaveLength(96)
    await waitFor(() => expect(within(grid).getByRole('link', { name: 'City 49, Legendary' })).toHaveFocus())

    await user.click(screen.getByRole('button', { name: 'Show more cards' }))
    expect(within(grid).getAllByRole('link')).toHaveLength(100)
    expect(screen.queryByRole('button', { name: 'Show more cards' })).not.toBeInTheDocument()
  })
})

describe('timeDifference', () => {
  it('says how far a place’s clock is from the traveller’s', () => {
    expect(timeDifference(540, 60)).toBe('8 hours ahead of you')
    expect(timeDifference(60, 120)).toBe('1 hour behind you')
    expect(timeDifference(330, 0)).toBe('5 hours 30 minutes ahead of you')
    expect(timeDifference(-210, 0)).toBe('3 hours 30 minutes behind you')
    expect(timeDifference(120, 120)).toBe('the same time as yours')
  })
})
