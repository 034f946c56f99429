import { screen, waitFor, within } from '@testing-library/react'

import type { Card, CardCollection } from '@shared/catalogue'
import { TEXTS } from '@shared/texts'
import { truncate } from '@client/lib/format'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderApp } from '@test/helpers/render'

/** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

const me = makeUser({
  userCardStats: { collectionCount: 1, cardCount: 3, rarityStats: [0, 0, 2, 0, 1] },
  memoryCount: 1,
})

const description =
  'Portugal’s capital is Lisbon. Its yellow trams climb the hills of Alfama, and fado drifts out of its taverns at night. It lies at 38.7°N, 9.1°W. Visitors pay in the Euro, and Portuguese is the official language of Portugal.'

function lisbon(overrides: Partial<Card> = {}): Card {
  return {
    cardId: 'pt-lisbon-3',
    cardSetId: 'pt-lisbon',
    cardName: 'Lisbon',
    cardDescription: description,
    cardRarity: 3,
    cardKind: 'city',
    image: 'pt-lisbon-3',
    owned: 2,
    collectionName: 'Great Cities of the World',
    collectionId: 'great-cities',
    beenThere: false,
    timeZone: 'Europe/Lisbon',
    mine: [
      { userCardId: 'uc-1', createdAt: '2026-03-01T00:00:00.000Z', hasMemory: false },
      { userCardId: 'uc-2', createdAt: '2026-03-02T00:00:00.000Z', hasMemory: true },
    ],
    otherRarity: [
      {
        userCardId: 'uc-9',
        cardId: 'pt-lisbon-5',
        cardRarity: 5,
        image: 'pt-lisbon-5',
        createdAt: '2026-03-03T00:00:00.000Z',
        hasMemory: false,
      },
    ],
    ...overrides,
  }
}

const collections: CardCollection[] = [
  {
    collectionId: 'europe',
    collectionGroup: 'continents',
    collectionName: 'Europe',
    collectionDescription: 'Every country and territory of Europe.',
    cardCount: 265,
    rarityStats: [5, 4, 3, 2, 1].map((cardRarity) => ({ cardRarity, cardCount: 53 })),
  },
]

const noTravel = { cardSetId: 'pt-lisbon', verification: null, wantToGo: false, friends: [] }

function baseHandlers() {
  return [onGet('/getUser', me), onGet('/checkNewNotifications', false), onGet('/travel/getPlaceTravel', noTravel)]
}

describe('CardPage', () => {
  it('shows the card, a description cut at 150 characters that opens whole, the copies with their memory and the other rarities', async () => {
    server.use(...baseHandlers(), onGet('/getCard', lisbon()))
    const { user } = renderApp('/card/pt-lisbon-3')

    expect(await screen.findByRole('heading', { level: 1, name: 'Lisbon' }, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getByText('Great Cities of the World')).toBeInTheDocument()
    expect(screen.getAllByRole('img', { name: 'Lisbon, Rare card' })[0]).toHaveAttribute(
      'src',
      expect.stringContaining('imageId=pt-lisbon-3&lg=1'),
    )
    expect(screen.getByText(/^Portugal’s capital is Lisbon/).textContent).toBe(truncate(description, 150))
    await user.click(screen.getByRole('button', { name: 'read more' }))
    expect(screen.getByText(/^Portugal’s capital is Lisbon/).textContent).toBe(description)

    const copies = screen.getByRole('region', { name: 'You own 2 copies of this card' })
    const links = within(copies).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/userCard/uc-1', '/userCard/uc-2'])
    const [withoutMemory, withMemory] = links.map((link) => within(link))
    expect(withMemory?.getByRole('img', { name: 'This card has a memory.' })).toBeInTheDocument()
    expect(withoutMemory?.queryByRole('img', { name: 'This card has a memory.' })).not.toBeInTheDocument()

    const others = screen.getByRole('region', { name: 'My copies in other rarities' })
    expect(within(others).getByRole('link', { name: 'Lisbon, Legendary' })).toHaveAttribute('href', '/userCard/uc-9')
  })

  it('toggles been-there, disabled while the request runs, and reloads the card', async () => {
    let beenThere = false
    let release: () => void = () => undefined
    const sent: unknown[] = []
    server.use(
      ...baseHandlers(),
      onGet('/getCard', () => lisbon({ beenThere })),
      onPost('/setBeenThere', async (_request, body) => {
        const { value } = body as { value: boolean }
        sent.push(body)
        await new Promise<void>((resolve) => {
          release = resolve
        })
        beenThere = value
        return null
      }),
    )
    const { user } = renderApp('/card/pt-lisbon-3')

    const toggle = await screen.findByRole('button', { name: "I've Been There" }, FIRST_LOAD)
    expect(screen.queryByRole('img', { name: 'Been there' })).not.toBeInTheDocument()
    await user.click(toggle)
    await waitFor(() => expect(toggle).toBeDisabled())
    release()

    expect(await screen.findByRole('button', { name: "I've Not Been There" })).toBeEnabled()
    expect(screen.getByRole('img', { name: 'Been there' })).toBeInTheDocument()
    expect(sent).toEqual([{ cardId: 'pt-lisbon-3', value: true }])
  })

  it('says so when the user owns no copy', async () => {
    server.use(...baseHandlers(), onGet('/getCard', lisbon({ owned: 0, mine: [], otherRarity: [] })))
    renderApp('/card/pt-lisbon-3')
    expect(await screen.findByText("You don't own a copy of this card yet.", undefined, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'My copies in other rarities' })).not.toBeInTheDocument()
  })
})

describe('CardCollectionsPage', () => {
  it('lists each collection with its image, description, card count and counts from Legendary down to Common', async () => {
    server.use(...baseHandlers(), onGet('/getCardCollections', collections))
    renderApp('/cardCollections')

    const europe = await screen.findByRole('article', { name: 'Europe' }, FIRST_LOAD)
    expect(within(europe).getByRole('img', { name: 'Europe collection' })).toHaveAttribute(
      'src',
      expect.stringContaining('collectionId=europe'),
    )
    expect(within(europe).getByText('Every country and territory of Europe.')).toBeInTheDocument()
    expect(within(europe).getByText('265 cards')).toBeInTheDocument()
    const rarities = within(within(europe).getByRole('list', { name: 'Cards per rarity' })).getAllByRole('listitem')
    expect(rarities.map((item) => item.textContent)).toEqual([
      '★★★ Legendary53',
      '★★ Epic53',
      '★ Rare53',
      '◆ Special53',
      '● Common53',
    ])
  })

  it('shows "No Card Collections :(" when there are none', async () => {
    server.use(...baseHandlers(), onGet('/getCardCollections', []))
    renderApp('/cardCollections')
    expect(await screen.findByText('No Card Collections :(', undefined, FIRST_LOAD)).toBeInTheDocument()
  })

  it('offers a retry, not "Card not found", when the server fails', async () => {
    let failing = true
    server.use(
      ...baseHandlers(),
      onGet('/getCard', () => (failing ? refusal(500, 'Internal', 'Database unavailable', true) : lisbon())),
    )
    const { user } = renderApp('/card/pt-lisbon-3')
    expect(
      await screen.findByText(TEXTS.technicalProblem('Database unavailable'), undefined, FIRST_LOAD),
    ).toBeInTheDocument()
    expect(screen.queryByText('Card not found')).not.toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Lisbon' })).toBeInTheDocument()
  })

  it('says "Card not found" when the server answers that it is not there', async () => {
    server.use(
      ...baseHandlers(),
      onGet('/getCard', () => refusal(404, 'NotFound', 'Card not found', true)),
    )
    renderApp('/card/nope')
    expect(await screen.findByText('Card not found', undefined, FIRST_LOAD)).toBeInTheDocument()
  })
})

describe('CardPage travel', () => {
  it('shows a verified visit with its seal beside the been-there toggle, no longer its call to action, and lets it be removed', async () => {
    let verified = true
    server.use(
      onGet('/travel/getPlaceTravel', () => ({
        ...noTravel,
        verification: verified ? { verifiedAt: '2026-11-20T10:00:00Z', takenOn: '2025-06-03', memoryId: 'm1' } : null,
      })),
      ...baseHandlers(),
      onGet('/getCard', lisbon()),
      onPost('/travel/removeVerification', () => {
        verified = false
        return null
      }),
    )
    const { user } = renderApp('/card/pt-lisbon-3')
    expect(await screen.findByRole('img', { name: 'Verified visit' })).toBeInTheDocument()
    expect(screen.getByText(/Visit verified by a photo in your memory, taken on 2025-06-03/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: "I've Been There" })).toHaveClass('MuiButton-outlined')
    await user.click(screen.getByRole('button', { name: 'Remove verification' }))
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Verified visit' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: "I've Been There" })).toHaveClass('MuiButton-contained')
  })

  it('adds a place not been to to the bucket list and names friends who have been there', async () => {
    let wanted = false
    server.use(
      onGet('/getCard', lisbon({ beenThere: false })),
      onGet('/travel/getPlaceTravel', () => ({
        ...noTravel,
        wantToGo: wanted,
        friends: [
          { userId: 'u2', username: 'ana', avatarId: 3, verified: true },
          { userId: 'u3', username: 'bo', avatarId: 4, verified: false },
        ],
      })),
      ...baseHandlers(),
      onPost('/travel/setWantToGo', () => {
        wanted = true
        return null
      }),
    )
    const { user } = renderApp('/card/pt-lisbon-3')
    const button = await screen.findByRole('button', { name: 'Want to go' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByText('ana · verified visit')).toBeInTheDocument()
    expect(screen.getByText('bo')).toBeInTheDocument()
    await user.click(button)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Want to go' })).toHaveAttribute('aria-pressed', 'true'),
    )
    expect(screen.getByRole('link', { name: 'My Map' })).toHaveAttribute('href', '/myMap')
  })
})
