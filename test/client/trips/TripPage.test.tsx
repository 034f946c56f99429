import { screen, waitForElementToBeRemoved, within } from '@testing-library/react'

import type { Friend } from '@shared/friends'
import type { Trip, TripSummary } from '@shared/trips'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderApp } from '@test/helpers/render'
import { stubResizeObserver } from '@test/helpers/resizeObserver'

import { makeMemory } from '../memories/fixtures'

const MARTA = { userId: 'u-marta', username: 'marta', avatarId: 3 }
const JO = { userId: 'u-jo', username: 'jo', avatarId: 5 }

const LISBON = makeMemory({ memoryId: 'm-lisbon', memoryStartDate: '2025-05-01', memoryEndDate: '2025-05-03' })
const PORTO = makeMemory({
  memoryId: 'm-porto',
  cardId: 'card-porto-1',
  cardName: 'Porto',
  memoryStartDate: '2025-05-04',
  memoryEndDate: '2025-05-06',
  memoryContent: 'Port cellars across the river.',
  pictures: [],
  isOwner: false,
  ...JO,
})

function makeTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    tripId: 'trip-pt',
    title: 'Portugal by train',
    visibility: 3,
    owner: { ...MARTA, role: 'owner' },
    myRole: 'owner',
    startDate: '2025-05-01',
    endDate: '2025-05-06',
    memoryCount: 2,
    places: [
      { cardSetId: 'pt-lisbon', name: 'Lisbon', cardId: 'card-lisbon-3' },
      { cardSetId: 'pt-porto', name: 'Porto', cardId: 'card-porto-1' },
    ],
    myMemoryIds: ['m-lisbon'],
    createdAt: '2025-06-01T08:00:00.000Z',
    travellers: [
      { ...MARTA, role: 'owner' },
      { ...JO, role: 'accepted' },
    ],
    memories: [LISBON, PORTO],
    ...overrides,
  }
}

function summaryOf({ travellers: _travellers, memories: _memories, ...summary }: Trip): TripSummary {
  return { ...summary, myRole: summary.myRole ?? 'owner' }
}

const FRIEND_ANA: Friend = {
  userId: 'u-ana',
  username: 'ana',
  avatarId: 2,
  userLevel: 4,
  friendCode: 'ANA123',
  createdAt: '2025-01-01T00:00:00.000Z',
  userCardStats: { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] },
}

beforeAll(stubResizeObserver)

beforeEach(() => {
  server.use(
    onGet('/getUser', makeUser({ userId: MARTA.userId, username: MARTA.username })),
    onGet('/checkNewNotifications', false),
    onGet('/travel/getMapPlaces', { width: 4000, height: 1760, land: 'M0 0h10v10h-10z', places: [] }),
    onGet('/friends/getMyFriends', [FRIEND_ANA]),
  )
})

describe('TripPage', () => {
  it('shows the route, the days in order with who wrote each memory, the travellers and the share link', async () => {
    server.use(onGet('/trip/getTrip', makeTrip()))
    renderApp('/trip/trip-pt')
    expect(await screen.findByRole('heading', { level: 1, name: 'Portugal by train' })).toBeInTheDocument()
    expect(screen.getByText('Lisbon → Porto')).toBeInTheDocument()
    expect(screen.getByText('2025-05-01 – 2025-05-06 · 2 memories')).toBeInTheDocument()
    // The cover is the journey's first picture, at a size for the page.
    expect(screen.getByTestId('trip-cover')).toHaveAttribute('src', expect.stringContaining('image=p1.jpg&w=480'))
    const timeline = screen.getByRole('list', { name: 'Timeline' })
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((day) => day.textContent),
    ).toEqual(['Day 1 · 2025-05-01', 'Day 4 · 2025-05-04'])
    const [lisbon, porto] = within(timeline).getAllByRole('article')
    expect(lisbon).toHaveTextContent('You · Public')
    expect(porto).toHaveTextContent('jo')
    expect(within(present(porto)).getByRole('link', { name: 'Open memory' })).toHaveAttribute(
      'href',
      '/viewMemory/m-porto',
    )
    const travellers = screen.getByRole('list', { name: 'Travellers' })
    expect(
      within(travellers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('martaOwner'), expect.stringContaining('joTravelling')])
    const share = screen.getByRole('region', { name: 'Share this trip' })
    expect(within(share).getByDisplayValue(/\/trip\?shareId=trip-pt$/)).toBeInTheDocument()
  })

  it('shows memories without dates in a last group, "Undated", after the days', async () => {
    const undated = makeMemory({
      memoryId: 'm-undated',
      cardName: 'Sintra',
      memoryStartDate: '',
      memoryEndDate: '',
      memoryContent: 'A palace in the fog, some day that week.',
    })
    server.use(onGet('/trip/getTrip', makeTrip({ memoryCount: 3, memories: [LISBON, PORTO, undated] })))
    renderApp('/trip/trip-pt')
    const timeline = await screen.findByRole('list', { name: 'Timeline' })
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((day) => day.textContent),
    ).toEqual(['Day 1 · 2025-05-01', 'Day 4 · 2025-05-04', 'Undated'])
    expect(within(timeline).getAllByRole('article').at(-1)).toHaveTextContent('A palace in the fog')
    expect(timeline).not.toHaveTextContent('NaN')
  })

  it('lets the owner invite a friend, who is then listed as invited', async () => {
    const invited: unknown[] = []
    let trip = makeTrip({ visibility: 2 })
    server.use(
      onGet('/trip/getTrip', () => trip),
      onPost('/trip/inviteToTrip', (_request, body) => {
        invited.push(body)
        trip = { ...trip, travellers: [...trip.travellers, { ...FRIEND_ANA, role: 'invited' }] }
        return null
      }),
    )
    const { user } = renderApp('/trip/trip-pt')
    expect(await screen.findByText(/Only a Public trip has a link to share/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Invite friends' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' })
    await user.click(within(dialog).getByRole('button', { name: 'Invite ana' }))
    expect(await within(dialog).findByText('Invited')).toBeInTheDocument()
    expect(invited).toEqual([{ tripId: 'trip-pt', userId: 'u-ana' }])
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitForElementToBeRemoved(dialog)
    const travellers = screen.getByRole('list', { name: 'Travellers' })
    expect(within(travellers).getByText('Invited, not answered yet')).toBeInTheDocument()
  })

  it('asks an invited friend to accept or decline, and accepting lets them add memories', async () => {
    const answers: unknown[] = []
    let trip = makeTrip({
      myRole: 'invited',
      visibility: 2,
      owner: { ...JO, role: 'owner' },
      travellers: [
        { ...JO, role: 'owner' },
        { ...MARTA, role: 'invited' },
      ],
      myMemoryIds: [],
    })
    server.use(
      onGet('/trip/getTrip', () => trip),
      onPost('/trip/answerTripInvite', (_request, body) => {
        answers.push(body)
        trip = {
          ...trip,
          myRole: 'accepted',
          travellers: [
            { ...JO, role: 'owner' },
            { ...MARTA, role: 'accepted' },
          ],
        }
        return null
      }),
    )
    const { user } = renderApp('/trip/trip-pt')
    const invitation = await screen.findByRole('alert')
    expect(invitation).toHaveTextContent('jo invited you to travel together in this trip.')
    expect(screen.queryByRole('button', { name: 'Add memories' })).not.toBeInTheDocument()
    await user.click(within(invitation).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByRole('button', { name: 'Add memories' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leave trip' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(answers).toEqual([{ tripId: 'trip-pt', accept: true }])
  })

  it('says a trip that is not shared with the traveller is not found', async () => {
    server.use(onGet('/trip/getTrip', () => refusal(404, 'NotFound', 'Trip not found.', true)))
    renderApp('/trip/trip-secret')
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to My Memories' })).toHaveAttribute('href', '/myMemories')
  })
})

describe('My Trips', () => {
  it('creates a trip from My Memories with the memories ticked, leaving out those in another trip, and opens it', async () => {
    const created: unknown[] = []
    const inOtherTrip = makeMemory({ memoryId: 'm-paris', cardName: 'Paris', memoryStartDate: '2024-03-01' })
    server.use(
      onGet('/memory/getMyMemories', [LISBON, { ...PORTO, isOwner: true, ...MARTA }, inOtherTrip]),
      onGet('/trip/getMyTrips', [summaryOf(makeTrip({ tripId: 'trip-fr', title: 'Paris', myMemoryIds: ['m-paris'] }))]),
      onPost('/trip/createTrip', (_request, body) => {
        created.push(body)
        return { tripId: 'trip-new' }
      }),
      onGet('/trip/getTrip', makeTrip({ tripId: 'trip-new', title: 'Spring in Portugal' })),
    )
    const { user, router } = renderApp('/myMemories')
    const trips = await screen.findByRole('region', { name: 'My Trips' })
    expect(await within(trips).findByRole('link', { name: /Paris/ })).toHaveAttribute('href', '/trip/trip-fr')
    await user.click(within(trips).getByRole('button', { name: 'New Trip' }))
    const dialog = await screen.findByRole('dialog', { name: 'New Trip' })
    await user.click(within(dialog).getByRole('button', { name: 'Create Trip' }))
    expect(within(dialog).getByText('Give the trip a title.')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Spring in Portugal')
    const memories = within(dialog).getByRole('list', { name: 'Your memories' })
    expect(within(memories).getAllByRole('checkbox')).toHaveLength(2)
    await user.click(within(memories).getByRole('checkbox', { name: /Lisbon/ }))
    await user.click(within(memories).getByRole('checkbox', { name: /Porto/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create Trip' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring in Portugal' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/trip/trip-new')
    expect(created).toEqual([{ title: 'Spring in Portugal', visibility: 2, memoryIds: ['m-lisbon', 'm-porto'] }])
  })
})
