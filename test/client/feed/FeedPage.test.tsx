import { act, screen, waitFor, within } from '@testing-library/react'

import type { MemoryFeed } from '@shared/feed'
import type { OnThisDay } from '@shared/onThisDay'
import { FeedRoute } from '@client/app/routes/FeedRoute'
import { FEED_EMPTY_TEXT } from '@client/features/feed/FeedPage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from '../memories/fixtures'

const firstPage: MemoryFeed = {
  memories: [
    makeMemory({ memoryId: 'm3', cardName: 'Porto', username: 'jo', isOwner: false }),
    makeMemory({ memoryId: 'm2', cardName: 'Lisbon', username: 'marta' }),
  ],
  nextCursor: 'cursor-2',
}
const lastPage: MemoryFeed = {
  memories: [makeMemory({ memoryId: 'm1', cardName: 'Faro', username: 'ana', isOwner: false })],
  nextCursor: null,
}

/** jsdom has no layout; this stands in for the browser telling that the end of the list came into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this)
  }
  observe() {
    // The test shows entries itself with reveal().
  }
  disconnect() {
    // Nothing is watched, so nothing to stop.
  }
  unobserve() {
    // Nothing is watched, so nothing to stop.
  }
  takeRecords() {
    return []
  }
  reveal() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver)
  }
}

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

const me = makeUser({ userId: 'me' })

// Names of the viewer's friends open their page; these tests need no friends, and most days bring no memory back.
beforeEach(() =>
  server.use(
    onGet('/friends/getMyFriends', []),
    onGet('/getUser', me),
    onGet('/checkNewNotifications', false),
    onGet('/memory/getOnThisDay', (request): OnThisDay => ({
      today: present(new URL(request.url).searchParams.get('today'), 'today'),
      memories: [],
    })),
  ),
)
afterEach(() => window.localStorage.clear())

describe('FeedPage', () => {
  let cursors: (string | null)[]
  beforeEach(() => {
    cursors = []
    FakeIntersectionObserver.instances = []
    server.use(
      onGet('/feed/getMemoryFeed', (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        cursors.push(cursor)
        return cursor === 'cursor-2' ? lastPage : firstPage
      }),
    )
  })
  afterEach(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver')
  })

  it('loads the next page when the end of the list scrolls into view', async () => {
    Object.defineProperty(window, 'IntersectionObserver', {
      value: FakeIntersectionObserver,
      configurable: true,
      writable: true,
    })
    renderWithProviders(<FeedRoute />, { route: '/feed' })

    expect(await screen.findByRole('article', { name: 'jo · Porto' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'marta · Lisbon' })).toBeInTheDocument()
    await waitFor(() => expect(FakeIntersectionObserver.instances.length).toBeGreaterThan(0))
    act(() => present(FakeIntersectionObserver.instances.at(-1), 'an observer').reveal())

    expect(await screen.findByRole('article', { name: 'ana · Faro' })).toBeInTheDocument()
    expect(cursors).toEqual([null, 'cursor-2'])
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(screen.getByText('You have reached the end of the feed.')).toBeInTheDocument()
  })

  it('loads the next page with Load More', async () => {
    const { user } = renderWithProviders(<FeedRoute />, { route: '/feed' })
    await user.click(await screen.findByRole('button', { name: 'Load More' }))
    expect(await screen.findByRole('article', { name: 'ana · Faro' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument()
  })

  it('links each memory to its comments', async () => {
    renderWithProviders(<FeedRoute />, { route: '/feed' })
    const links = await screen.findAllByRole('link', { name: /comments/ })
    expect(links[0]).toHaveAttribute('href', '/viewMemory/m3/comments')
  })

  it('shows a like at once and takes it back when the server refuses it', async () => {
    let answer: (response: Response) => void = () => undefined
    server.use(onPost('/memory/likeMemory', () => new Promise<Response>((resolve) => (answer = resolve))))
    const { user } = renderWithProviders(<FeedRoute />, { route: '/feed' })
    const porto = await screen.findByRole('article', { name: 'jo · Porto' })
    await user.click(within(porto).getByRole('button', { name: 'Like, 2 likes' }))

    // The optimistic update lands once the mutation has started, a tick after the click.
    expect(await within(porto).findByRole('button', { name: 'Like, 3 likes' })).toHaveAttribute('aria-pressed', 'true')
    answer(refusal(404, 'NotFound', 'The memory is gone.'))
    expect(await screen.findByText('The memory is gone.')).toBeInTheDocument()
    expect(await within(porto).findByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('offers My Memories and Friends when the feed is empty', async () => {
    server.use(onGet('/feed/getMemoryFeed', { memories: [], nextCursor: null }))
    renderWithProviders(<FeedRoute />, { route: '/feed' })
    expect(await screen.findByText(FEED_EMPTY_TEXT)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'My Memories' })).toHaveAttribute('href', '/myMemories')
    expect(screen.getByRole('link', { name: 'Find Friends' })).toHaveAttribute('href', '/myFriends')
  })
})

describe('FeedPage when the feed fails', () => {
  it('offers Try Again instead of the empty text', async () => {
    server.use(onGet('/feed/getMemoryFeed', () => refusal(500, 'Internal', 'boom', true)))
    renderWithProviders(<FeedRoute />, { route: '/feed' })
    expect(await screen.findByText('The feed could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.queryByText(FEED_EMPTY_TEXT)).not.toBeInTheDocument()
  })
})

describe('On This Day on the feed', () => {
  const lisbon = makeMemory({
    memoryId: 'old-lisbon',
    cardName: 'Lisbon',
    memoryStartDate: '2023-11-26',
    memoryEndDate: '2023-11-29',
    memoryContent: 'Trams up to the castle at dusk.',
  })
  let askedFor: string[]
  beforeEach(() => {
    askedFor = []
    server.use(
      onGet('/feed/getMemoryFeed', firstPage),
      onGet('/memory/getOnThisDay', (request): OnThisDay => {
        const today = present(new URL(request.url).searchParams.get('today'), 'today')
        askedFor.push(today)
        return { today, memories: [{ yearsAgo: 3, memory: lisbon }] }
      }),
    )
  })

  it("shows the traveller's memories of this day above the feed, each opening its memory, for the device's day", async () => {
    renderWithProviders(<FeedRoute />, { route: '/feed' })
    const card = await screen.findByRole('region', { name: 'On this day' })
    const link = within(card).getByRole('link', { name: '3 years ago today: Lisbon' })
    expect(link).toHaveAttribute('href', '/viewMemory/old-lisbon')
    expect(within(card).getByText('Trams up to the castle at dusk.')).toBeInTheDocument()
    // Shown with the feed's first page, never pushing it down later.
    expect(screen.getByRole('article', { name: 'jo · Porto' })).toBeInTheDocument()
    const now = new Date()
    const pad = (n: number) => String(n).padStart(2, '0')
    expect(askedFor).toEqual([`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`])
  })

  it('stays hidden for the rest of the day once hidden, for this traveller only', async () => {
    const { user, unmount } = renderWithProviders(<FeedRoute />, { route: '/feed' })
    const card = await screen.findByRole('region', { name: 'On this day' })
    await user.click(within(card).getByRole('button', { name: 'Hide until tomorrow' }))
    expect(screen.queryByRole('region', { name: 'On this day' })).not.toBeInTheDocument()
    unmount()

    renderWithProviders(<FeedRoute />, { route: '/feed' })
    expect(await screen.findByRole('article', { name: 'jo · Porto' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'On this day' })).not.toBeInTheDocument()
  })

  it('shows the feed without it when it cannot be loaded', async () => {
    server.use(onGet('/memory/getOnThisDay', () => refusal(500, 'Internal', 'boom', true)))
    renderWithProviders(<FeedRoute />, { route: '/feed' })
    expect(await screen.findByRole('article', { name: 'jo · Porto' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'On this day' })).not.toBeInTheDocument()
  })
})
