import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import type { Friend } from '@shared/friends'
import { TEXTS } from '@shared/texts'
import { ViewMemoryPage } from '@client/features/memories/ViewMemoryPage'
import { paths } from '@client/lib/paths'
import { networkError, onGet, onPost, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderWithProviders } from '@test/helpers/render'

import { makeComment, makeMemory } from './fixtures'

function renderView(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.viewMemory.path} element={<ViewMemoryPage />} />
    </Routes>,
    { route: path },
  )
}

const thread = [
  makeComment({
    memoryCommentId: 'c1',
    username: 'jo',
    replies: [
      makeComment({
        memoryCommentId: 'c2',
        username: 'marta',
        isAuthor: true,
        isMine: true,
        commentContent: 'Thank you!',
        replyToCommentId: 'c1',
        replyToComment: { memoryCommentId: 'c1', username: 'jo' },
      }),
    ],
  }),
]

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

const jo: Friend = {
  userId: 'u-jo',
  username: 'jo',
  avatarId: 2,
  userLevel: 1,
  friendCode: 'JOJO22',
  createdAt: '2026-03-04T10:00:00.000Z',
  userCardStats: { collectionCount: 1, cardCount: 1, rarityStats: [1, 0, 0, 0, 0] },
}

describe('ViewMemoryPage', () => {
  // Names of the viewer's friends open their page; most tests need no friends.
  beforeEach(() => server.use(onGet('/friends/getMyFriends', [])))

  it("opens a friend's page from their comment and their tag, and leaves a stranger's name as text", async () => {
    server.use(
      onGet('/friends/getMyFriends', [jo]),
      onGet(
        '/memory/getMemory',
        makeMemory({
          isOwner: false,
          username: 'marta',
          comments: [
            makeComment({ replies: [makeComment({ memoryCommentId: 'c2', userId: 'u-marta', username: 'marta' })] }),
          ],
          commentCount: 2,
        }),
      ),
    )
    renderView('/viewMemory/m1')

    const top = await screen.findByRole('article', { name: 'Comment by jo' })
    expect(await within(top).findByRole('link', { name: 'jo' })).toHaveAttribute('href', '/friend/u-jo')
    expect(within(screen.getByLabelText('Tagged friends')).getByRole('link', { name: '@jo' })).toHaveAttribute(
      'href',
      '/friend/u-jo',
    )
    const reply = screen.getByRole('article', { name: 'Comment by marta' })
    expect(within(reply).queryByRole('link', { name: 'marta' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('heading', { name: "marta's memory" })).queryByRole('link')).not.toBeInTheDocument()
  })

  it('loads sized copies in the picture tiles and opens the original full screen', async () => {
    const memory = makeMemory({ isOwner: false })
    server.use(onGet('/memory/getMemory', memory))
    renderView('/viewMemory/m1')

    const picture = present(memory.pictures[0], 'the picture')
    const [small, large] = picture.variants.map((variant) => variant.url)
    const tile = await screen.findByRole('img', { name: 'Picture 1 of 1' })
    expect(tile).toHaveAttribute('srcset', `${small} 480w, ${large} 800w`)
    expect(tile).toHaveAttribute('sizes', expect.stringMatching(/px$/))
    expect(tile).toHaveAttribute('src', small)
    expect(tile).toHaveAttribute('loading', 'lazy')
    expect(tile).toHaveAttribute('decoding', 'async')
    expect(tile).toHaveAttribute('width', '800')
    expect(tile).toHaveAttribute('height', '600')
    expect(tile.closest('a')).toHaveAttribute('href', picture.url)
  })

  it('shows the author, card, pictures, tags and the thread with Author and Me badges', async () => {
    server.use(
      onGet('/memory/getMemory', makeMemory({ isOwner: false, username: 'marta', comments: thread, commentCount: 2 })),
    )
    renderView('/viewMemory/m1')

    expect(await screen.findByRole('heading', { name: "marta's memory" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Lisbon' })).toHaveAttribute('href', '/userCard/uc1')
    expect(screen.getByLabelText('Tagged friends')).toHaveTextContent('@jo')
    expect(screen.getByRole('img', { name: 'Picture 1 of 1' })).toBeInTheDocument()
    const reply = screen.getByRole('article', { name: 'Comment by marta' })
    expect(within(reply).getByText('Author')).toBeInTheDocument()
    expect(within(reply).getByText('Me')).toBeInTheDocument()
    expect(within(reply).getByText(/Thank you!/)).toHaveTextContent('@jo Thank you!')
    const top = screen.getByRole('article', { name: 'Comment by jo' })
    expect(within(top).queryByText('Author')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  })

  it('says "No comments yet." when there are none', async () => {
    server.use(onGet('/memory/getMemory', makeMemory()))
    renderView('/viewMemory/m1')
    expect(await screen.findByText(TEXTS.empty.comments)).toBeInTheDocument()
  })

  it('scrolls to the comments on the comments route', async () => {
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView')
    server.use(onGet('/memory/getMemory', makeMemory()))
    renderView('/viewMemory/m1/comments')
    await screen.findByText(TEXTS.empty.comments)
    await waitFor(() => expect(scrolled).toHaveBeenCalled())
    expect(scrolled.mock.contexts[0]).toHaveAttribute('id', 'comments')
    scrolled.mockRestore()
  })

  it('counts a like at once', async () => {
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      onGet('/memory/getMemory', makeMemory({ likes: 2, liked: false })),
      onPost('/memory/likeMemory', async () => {
        await answered
        return { liked: true, likes: 3 }
      }),
    )
    const { user } = renderView('/viewMemory/m1')
    await user.click(await screen.findByRole('button', { name: 'Like, 2 likes' }))
    // The server has not answered yet: the count is the screen's own.
    expect(await screen.findByRole('button', { name: 'Like, 3 likes' })).toHaveAttribute('aria-pressed', 'true')
    answer()
  })

  it('replies to a comment, clears the box and reloads the memory', async () => {
    let loads = 0
    let posted: unknown = null
    server.use(
      onGet('/memory/getMemory', () => {
        loads += 1
        return makeMemory({ comments: thread, commentCount: 2 })
      }),
      onPost('/memory/postComment', (_request, body) => {
        posted = body
        return { memoryCommentId: 'c3' }
      }),
    )
    const { user } = renderView('/viewMemory/m1')
    const top = await screen.findByRole('article', { name: 'Comment by jo' })
    await user.click(within(top).getByRole('button', { name: 'Reply to jo' }))
    expect(screen.getByText('Replying to jo')).toBeInTheDocument()

    await user.type(screen.getByRole('textbox', { name: 'Reply to jo' }), '  See you there  ')
    await user.click(screen.getByRole('button', { name: 'Post' }))

    await waitFor(() =>
      expect(posted).toEqual({ memoryId: 'm1', commentContent: 'See you there', replyToCommentId: 'c1' }),
    )
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue(''))
    expect(screen.queryByText('Replying to jo')).not.toBeInTheDocument()
    // The emptied form keeps the focus, ready for the next comment.
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveFocus()
    await waitFor(() => expect(loads).toBe(2))
  })

  it('cancels a reply target', async () => {
    server.use(onGet('/memory/getMemory', makeMemory({ comments: thread, commentCount: 2 })))
    const { user } = renderView('/viewMemory/m1')
    await user.click(await screen.findByRole('button', { name: 'Reply to jo' }))
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }))
    expect(screen.queryByText('Replying to jo')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument()
  })

  it('does not post an empty comment', async () => {
    server.use(onGet('/memory/getMemory', makeMemory()))
    const { user } = renderView('/viewMemory/m1')
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), '   ')
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled()
  })

  it('shows the owner Edit and Switch Card', async () => {
    server.use(onGet('/memory/getMemory', makeMemory({ isOwner: true })))
    renderView('/viewMemory/m1')
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/editMemory/m1')
    expect(screen.getByRole('link', { name: 'Switch Card' })).toHaveAttribute('href', '/switchUserCard/m1')
  })

  it('says the memory was not found when the server refuses it', async () => {
    server.use(onGet('/memory/getMemory', () => refusal(404, 'NotFound', 'Memory not found', true)))
    renderView('/viewMemory/m9')
    expect(await screen.findByRole('heading', { name: 'Memory not found' })).toBeInTheDocument()
  })

  it('shows the technical-problem toast and a retry, not "not found", when the server fails', async () => {
    let failing = true
    server.use(
      onGet('/memory/getMemory', () =>
        failing ? refusal(500, 'Internal', 'Database unavailable', true) : makeMemory(),
      ),
    )
    const { user } = renderView('/viewMemory/m1')
    expect(await screen.findByText(TEXTS.technicalProblem('Database unavailable'))).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Memory not found' })).not.toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Tram 28 up to the castle at sunset.')).toBeInTheDocument()
  })

  it('says it cannot connect, with a retry, when there is no answer at all', async () => {
    server.use(onGet('/memory/getMemory', networkError))
    renderView('/viewMemory/m1')
    expect(await screen.findByText(TEXTS.cannotConnect)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Memory not found' })).not.toBeInTheDocument()
  })
})
