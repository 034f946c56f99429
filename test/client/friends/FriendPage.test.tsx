import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import type { FriendPage as FriendPageData } from '@shared/friends'
import { TEXTS } from '@shared/texts'
import { FriendPage } from '@client/features/friends/FriendPage'
import { TravelledTrips } from '@client/features/trips/components/TravelledTrips'
import { paths } from '@client/lib/paths'
import { makeUser } from '@test/helpers/fixtures'
import { neverAnswered, onGet, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from '../memories/fixtures'

function renderFriend(userId = 'u-lena') {
  server.use(onGet('/getUser', makeUser({ userId: 'u-me', username: 'me' })), onGet('/checkNewNotifications', false))
  return renderWithProviders(
    <Routes>
      <Route
        path={paths.friend.path}
        element={<FriendPage renderTrips={(trips, username) => <TravelledTrips trips={trips} username={username} />} />}
      />
    </Routes>,
    { route: paths.friend.href(userId) },
  )
}

const lenaPage: FriendPageData = {
  friend: {
    userId: 'u-lena',
    username: 'lena',
    avatarId: 4,
    userLevel: 3,
    friendCode: 'LENA22',
    createdAt: '2026-03-04T10:00:00.000Z',
    userCardStats: { collectionCount: 2, cardCount: 7, rarityStats: [3, 2, 1, 1, 0] },
  },
  memberSince: '2026-01-15T09:00:00.000Z',
  travel: { places: 2156, collected: 6, beenThere: 3, verified: 1 },
  sharedPlaces: [
    { cardSetId: 'pt-lisbon', cardId: 'pt-lisbon-1', name: 'Lisbon', collectionName: 'Great Cities of the World' },
  ],
  memories: [
    makeMemory({
      memoryId: 'm-lena',
      isOwner: false,
      userId: 'u-lena',
      username: 'lena',
      visibility: 2,
      memoryContent: 'Custard tarts in Belém.',
    }),
  ],
  memoryCount: 1,
  trips: [],
}

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

describe('FriendPage', () => {
  it("shows the friend's avatar, level, figures, the places you share and the memories they share with you", async () => {
    let asked: string | null = null
    server.use(
      onGet('/friends/getFriendPage', (request) => {
        asked = new URL(request.url).searchParams.get('userId')
        return lenaPage
      }),
    )
    renderFriend()

    expect(await screen.findByRole('heading', { level: 1, name: 'lena' })).toBeInTheDocument()
    expect(asked).toBe('u-lena')
    expect(screen.getByRole('img', { name: "lena's avatar" })).toHaveAttribute(
      'src',
      expect.stringContaining('avatarId=4'),
    )
    expect(screen.getByText('Level 3')).toBeInTheDocument()
    expect(screen.getByText('Friend since 2026-03-04')).toBeInTheDocument()
    expect(screen.getByText('Member since 2026-01-15')).toBeInTheDocument()
    expect(screen.getByText('6 of 2,156')).toBeInTheDocument()

    const places = screen.getByRole('region', { name: 'Places you have both been (1)' })
    expect(within(places).getByRole('link', { name: 'Lisbon' })).toHaveAttribute('href', '/card/pt-lisbon-1')

    const memories = screen.getByRole('region', { name: "lena's memories (1)" })
    expect(within(memories).getByText('Custard tarts in Belém.')).toBeInTheDocument()
    expect(within(memories).getByRole('link', { name: 'View the memory of Lisbon' })).toHaveAttribute(
      'href',
      '/viewMemory/m-lena',
    )
  })

  it('lists the trips they own or travel in, each opening its page, with whom they travelled', async () => {
    const owner = { userId: 'u-ana', username: 'ana', avatarId: 2, role: 'owner' as const }
    const trip = {
      visibility: 3,
      startDate: '2025-05-01',
      endDate: '2025-05-06',
      createdAt: '2025-05-07T10:00:00.000Z',
    }
    server.use(
      onGet('/friends/getFriendPage', {
        ...lenaPage,
        trips: [
          {
            ...trip,
            tripId: 't-portugal',
            title: 'Portugal by train',
            owner,
            travellerRole: 'accepted',
            memoryCount: 2,
            places: [
              { cardSetId: 'pt-lisbon', name: 'Lisbon', cardId: 'pt-lisbon-1' },
              { cardSetId: 'pt-porto', name: 'Porto', cardId: 'pt-porto-1' },
            ],
          },
          {
            ...trip,
            tripId: 't-alps',
            title: 'Alps',
            owner: { ...owner, userId: 'u-me', username: 'me' },
            travellerRole: 'accepted',
            memoryCount: 0,
            startDate: null,
            endDate: null,
            places: [],
          },
        ],
      }),
    )
    renderFriend()

    const trips = await screen.findByRole('region', { name: "lena's trips (2)" })
    const portugal = within(trips).getByRole('link', { name: /Portugal by train/ })
    expect(portugal).toHaveAttribute('href', '/trip/t-portugal')
    expect(within(portugal).getByText('Lisbon → Porto')).toBeInTheDocument()
    expect(within(portugal).getByText('2025-05-01 – 2025-05-06 · 2 memories')).toBeInTheDocument()
    expect(within(portugal).getByText('With ana')).toBeInTheDocument()
    const alps = within(trips).getByRole('link', { name: /Alps/ })
    expect(within(alps).getByText('No dates yet · 0 memories')).toBeInTheDocument()
    // A trip of the viewer's own that Lena travels in.
    expect(await within(alps).findByText('With you')).toBeInTheDocument()
  })

  it('shows no trips section for a friend without trips', async () => {
    server.use(onGet('/friends/getFriendPage', lenaPage))
    renderFriend()
    expect(await screen.findByRole('region', { name: "lena's memories (1)" })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /trips/ })).not.toBeInTheDocument()
  })

  it('says what to do when you share no place and they share no memory', async () => {
    server.use(onGet('/friends/getFriendPage', { ...lenaPage, sharedPlaces: [], memories: [], memoryCount: 0 }))
    renderFriend()

    expect(await screen.findByText(/You and lena have not both been to any place yet\./)).toBeInTheDocument()
    expect(screen.getByText('lena has not shared any memories with you yet.')).toBeInTheDocument()
  })

  it('shows a loading state until the page arrives', async () => {
    server.use(onGet('/friends/getFriendPage', neverAnswered))
    renderFriend()
    expect(await screen.findByRole('status', { name: "Loading your friend's page" })).toBeInTheDocument()
  })

  it('tells a traveller who is not a friend so, with the way to My Friends', async () => {
    server.use(
      onGet('/friends/getFriendPage', () =>
        refusal(
          404,
          'NotFound',
          'This traveller is not on your friend list. Add them with their friend code first.',
          true,
        ),
      ),
    )
    renderFriend('u-stranger')

    expect(await screen.findByRole('heading', { level: 1, name: 'Not on your friend list' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to My Friends' })).toHaveAttribute('href', '/myFriends')
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument()
  })

  it('offers Try Again, not "not a friend", when the server fails', async () => {
    let failing = true
    server.use(
      onGet('/friends/getFriendPage', () =>
        failing ? refusal(500, 'Internal', 'Database unavailable', true) : lenaPage,
      ),
    )
    const { user } = renderFriend()

    expect(await screen.findByText("Your friend's page could not be loaded.")).toBeInTheDocument()
    expect(await screen.findByText(TEXTS.technicalProblem('Database unavailable'))).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Not on your friend list' })).not.toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'lena' })).toBeInTheDocument()
  })
})
