import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { BLOCK_TEXTS, type ListedTraveller, type TravellerBody } from '@shared/blocks'
import type { Friend } from '@shared/friends'
import type { Memory } from '@shared/memories'
import { MyFriendsRoute } from '@client/app/routes/MyFriendsRoute'
import { ViewMemoryRoute } from '@client/app/routes/ViewMemoryRoute'
import { paths } from '@client/lib/paths'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeComment, makeMemory } from '../memories/fixtures'

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

const josMemory: Memory = makeMemory({
  isOwner: false,
  userId: 'u-jo',
  username: 'jo',
  taggedFriends: [],
  commentCount: 2,
  comments: [
    makeComment({ memoryCommentId: 'c1', userId: 'u-ana', username: 'ana' }),
    makeComment({ memoryCommentId: 'c2', userId: 'u-marta', username: 'marta', isMine: true }),
  ],
})

function renderMemory() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.viewMemory.path} element={<ViewMemoryRoute />} />
    </Routes>,
    { route: paths.viewMemory.href('m1') },
  )
}

describe('BlockMenu', () => {
  let blocked: TravellerBody[]
  let muted: ListedTraveller[]
  beforeEach(() => {
    blocked = []
    muted = []
    server.use(
      onGet('/friends/getMyFriends', []),
      onGet('/checkNewNotifications', false),
      // As the server answers once the author is blocked: the memory is not found.
      onGet('/memory/getMemory', () =>
        blocked.length > 0 ? refusal(404, 'NotFound', 'Memory not found.', true) : josMemory,
      ),
      onGet('/blocks/getMutedTravellers', () => muted),
      onPost('/blocks/blockTraveller', async (_request, body) => {
        blocked.push(body as TravellerBody)
        return null
      }),
      onPost('/blocks/muteTraveller', (_request, body) => {
        muted.push({ userId: (body as TravellerBody).travellerId, username: 'ana', avatarId: 1, since: '2026-11-27' })
        return null
      }),
      onPost('/blocks/unmuteTraveller', () => {
        muted = []
        return null
      }),
    )
  })

  it('offers the menu beside the author and other commenters, never beside oneself', async () => {
    renderMemory()
    expect(await screen.findByRole('button', { name: BLOCK_TEXTS.moreActions('jo') })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: BLOCK_TEXTS.moreActions('ana') })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: BLOCK_TEXTS.moreActions('marta') })).not.toBeInTheDocument()
  })

  it('blocks the author after a dialog that says what blocking does, and the memory disappears', async () => {
    const { user } = renderMemory()
    await user.click(await screen.findByRole('button', { name: BLOCK_TEXTS.moreActions('jo') }))
    await user.click(await screen.findByRole('menuitem', { name: BLOCK_TEXTS.block('jo') }))
    const dialog = await screen.findByRole('dialog', { name: BLOCK_TEXTS.confirmTitle('jo') })
    expect(within(dialog).getByText(BLOCK_TEXTS.confirmText('jo'))).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: BLOCK_TEXTS.confirmBlock }))

    expect(await screen.findByText(BLOCK_TEXTS.blocked('jo'))).toBeInTheDocument()
    expect(blocked).toEqual([{ travellerId: 'u-jo' }])
    expect(await screen.findByRole('heading', { name: 'Memory not found' })).toBeInTheDocument()
  })

  it('can be cancelled, blocking nobody', async () => {
    const { user } = renderMemory()
    await user.click(await screen.findByRole('button', { name: BLOCK_TEXTS.moreActions('jo') }))
    await user.click(await screen.findByRole('menuitem', { name: BLOCK_TEXTS.block('jo') }))
    const dialog = await screen.findByRole('dialog', { name: BLOCK_TEXTS.confirmTitle('jo') })
    await user.click(within(dialog).getByRole('button', { name: BLOCK_TEXTS.cancel }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(blocked).toEqual([])
  })

  it('works from the keyboard: mutes a commenter, then offers to unmute them', async () => {
    const { user } = renderMemory()
    const more = await screen.findByRole('button', { name: BLOCK_TEXTS.moreActions('ana') })
    more.focus()
    await user.keyboard('{Enter}')
    const mute = await screen.findByRole('menuitem', { name: BLOCK_TEXTS.mute('ana') })
    await waitFor(() => expect(mute).toHaveFocus())
    await user.keyboard('{Enter}')
    expect(await screen.findByText(BLOCK_TEXTS.muted('ana'))).toBeInTheDocument()
    expect(muted.map((traveller) => traveller.userId)).toEqual(['u-ana'])

    await user.click(screen.getByRole('button', { name: BLOCK_TEXTS.moreActions('ana') }))
    await user.click(await screen.findByRole('menuitem', { name: BLOCK_TEXTS.unmute('ana') }))
    expect(await screen.findByText(BLOCK_TEXTS.unmuted('ana'))).toBeInTheDocument()
    expect(muted).toEqual([])
  })

  it('sits beside each friend on My Friends, and a block takes the friend off the list', async () => {
    const lena: Friend = {
      userId: 'u-lena',
      username: 'lena',
      avatarId: 2,
      userLevel: 1,
      friendCode: 'LENA22',
      createdAt: '2026-03-04T10:00:00.000Z',
      userCardStats: { collectionCount: 1, cardCount: 1, rarityStats: [1, 0, 0, 0, 0] },
    }
    server.use(
      onGet('/friends/getMyFriends', () => (blocked.length > 0 ? [] : [lena])),
      onGet('/getUser', makeUser()),
      onGet('/getReferralRewards', {
        rewardCredit: 10_000,
        monthlyLimit: 10,
        paidThisMonth: 0,
        pendingCount: 0,
        referrals: [],
      }),
    )
    const { user } = renderWithProviders(<MyFriendsRoute />, { route: '/myFriends' })
    await user.click(await screen.findByRole('button', { name: BLOCK_TEXTS.moreActions('lena') }))
    await user.click(await screen.findByRole('menuitem', { name: BLOCK_TEXTS.block('lena') }))
    const dialog = await screen.findByRole('dialog', { name: BLOCK_TEXTS.confirmTitle('lena') })
    await user.click(within(dialog).getByRole('button', { name: BLOCK_TEXTS.confirmBlock }))
    expect(await screen.findByText('Your friend list is empty.')).toBeInTheDocument()
    expect(blocked).toEqual([{ travellerId: 'u-lena' }])
  })
})
