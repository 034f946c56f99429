import { screen, waitFor, within } from '@testing-library/react'

import type { Friend } from '@shared/friends'
import type { ReferralRewardsResult } from '@shared/wallet'
import { MyFriendsPage } from '@client/features/friends/MyFriendsPage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderWithProviders } from '@test/helpers/render'

const lena: Friend = {
  userId: 'u-lena',
  username: 'lena',
  avatarId: 4,
  userLevel: 3,
  friendCode: 'LENA22',
  createdAt: '2026-03-04T10:00:00.000Z',
  userCardStats: { collectionCount: 2, cardCount: 7, rarityStats: [3, 2, 1, 1, 0] },
}

const noReferrals: ReferralRewardsResult = {
  rewardCredit: 10_000,
  monthlyLimit: 10,
  paidThisMonth: 0,
  pendingCount: 0,
  referrals: [],
}

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

describe('MyFriendsPage', () => {
  // The own code and name come from the logged-in user, whose arrival starts the notification poll.
  beforeEach(() =>
    server.use(
      onGet('/getUser', makeUser()),
      onGet('/checkNewNotifications', false),
      onGet('/getReferralRewards', noReferrals),
    ),
  )

  it('shows the own code, the share link and each friend with a link to their page, level, stats and friend-since date', async () => {
    server.use(onGet('/friends/getMyFriends', [lena]))
    renderWithProviders(<MyFriendsPage />, { route: '/myFriends' })

    const card = await screen.findByRole('listitem', { name: 'lena' })
    expect(within(card).getByText('Level 3')).toBeInTheDocument()
    expect(within(card).getByText('Friend since 2026-03-04')).toBeInTheDocument()
    expect(within(card).getByText('7')).toBeInTheDocument()
    // Their page in the app, not the share page meant for people without an account.
    expect(within(card).getByRole('link', { name: 'lena' })).toHaveAttribute('href', '/friend/u-lena')
    expect(await screen.findByText('ABC234')).toBeInTheDocument()
    expect(screen.getByLabelText('Share link')).toHaveValue('http://localhost/s/user?shareId=ABC234')
    expect(screen.getByRole('button', { name: 'Share on Facebook' })).toBeInTheDocument()
  })

  it('shows each invited friend with where their reward stands', async () => {
    server.use(
      onGet('/friends/getMyFriends', [lena]),
      onGet('/getReferralRewards', {
        ...noReferrals,
        paidThisMonth: 1,
        pendingCount: 1,
        referrals: [
          { username: 'omar', avatarId: 2, joinedAt: '2026-11-20T09:00:00.000Z', status: 'pending', settledAt: null },
          {
            username: 'lena',
            avatarId: 4,
            joinedAt: '2026-11-02T09:00:00.000Z',
            status: 'paid',
            settledAt: '2026-11-03T09:00:00.000Z',
          },
        ],
      }),
    )
    renderWithProviders(<MyFriendsPage />)

    const section = await screen.findByRole('region', { name: 'Friends you invited' })
    expect(
      await within(section).findByText(
        '10,000 credit on its way when your friend confirms their e-mail address. Rewards this month: 1 of 10.',
      ),
    ).toBeInTheDocument()
    const [omar, lenaReferral] = within(section).getAllByRole('listitem')
    const pending = within(present(omar, 'the first invited friend'))
    expect(pending.getByText('omar')).toBeInTheDocument()
    expect(pending.getByText('Joined 2026-11-20')).toBeInTheDocument()
    expect(pending.getByText('Waiting for them to confirm their e-mail')).toBeInTheDocument()
    expect(within(present(lenaReferral, 'the second invited friend')).getByText('+10,000 credit')).toBeInTheDocument()
  })

  it('says when no one has joined with the link yet', async () => {
    server.use(onGet('/friends/getMyFriends', []))
    renderWithProviders(<MyFriendsPage />)
    const section = await screen.findByRole('region', { name: 'Friends you invited' })
    expect(await within(section).findByText('No one has joined with your link yet.')).toBeInTheDocument()
    expect(within(section).getByText('Rewards this month: 0 of 10.')).toBeInTheDocument()
  })

  it('says the friend list is empty', async () => {
    server.use(onGet('/friends/getMyFriends', []))
    renderWithProviders(<MyFriendsPage />)
    expect(await screen.findByText('Your friend list is empty.')).toBeInTheDocument()
  })

  it('adds a friend by code and reloads the list', async () => {
    let friends: Friend[] = []
    let sentBody: unknown = null
    server.use(
      onGet('/friends/getMyFriends', () => friends),
      onPost('/friends/addFriend', (_request, body) => {
        sentBody = body
        friends = [lena]
        return { result: true, username: 'lena' }
      }),
    )
    const { user } = renderWithProviders(<MyFriendsPage />)
    await screen.findByText('Your friend list is empty.')

    const input = screen.getByLabelText('Friend code')
    expect(input).toHaveAttribute('maxLength', '6')
    await user.type(input, 'lena22xyz')
    expect(input).toHaveValue('LENA22')
    await user.click(screen.getByRole('button', { name: 'Add Friend' }))

    expect(await screen.findByText('You have added lena as a friend.')).toBeInTheDocument()
    expect(sentBody).toEqual({ friendCode: 'LENA22' })
    expect(await screen.findByRole('listitem', { name: 'lena' })).toBeInTheDocument()
    expect(input).toHaveValue('')
  })

  it('shows a refusal under the field and keeps the code', async () => {
    server.use(
      onGet('/friends/getMyFriends', []),
      onPost('/friends/addFriend', () =>
        refusal(422, 'RuleViolation', 'That is your own friend code. Share it with a friend to connect.', true),
      ),
    )
    const { user } = renderWithProviders(<MyFriendsPage />)
    await user.type(screen.getByLabelText('Friend code'), 'ABC234')
    await user.click(screen.getByRole('button', { name: 'Add Friend' }))
    expect(
      await screen.findByText('That is your own friend code. Share it with a friend to connect.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Friend code')).toHaveValue('ABC234')
  })

  it('removes a friend after confirmation', async () => {
    let friends = [lena]
    server.use(
      onGet('/friends/getMyFriends', () => friends),
      onPost('/friends/removeFriend', () => {
        friends = []
        return null
      }),
    )
    const { user } = renderWithProviders(<MyFriendsPage />)
    await user.click(await screen.findByRole('button', { name: 'Remove lena' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove lena?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('You have removed friend lena.')).toBeInTheDocument()
    expect(await screen.findByText('Your friend list is empty.')).toBeInTheDocument()
  })

  it('copies the friend code with a toast', async () => {
    server.use(onGet('/friends/getMyFriends', []))
    const { user } = renderWithProviders(<MyFriendsPage />)
    const writeText = jest.spyOn(navigator.clipboard, 'writeText')
    await user.click(await screen.findByRole('button', { name: /Your friend code/ }))
    expect(await screen.findByText('Friend code copied to clipboard.')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith('ABC234')
  })

  it('runs the first-time tour while its flag is set and clears the flag when finished', async () => {
    window.localStorage.setItem('tutorial_myFriends', '1')
    server.use(onGet('/friends/getMyFriends', []))
    const { user } = renderWithProviders(<MyFriendsPage />)

    expect(
      await screen.findByText(
        'This is your friend code. Give it to friends so they can add you, or click it to copy it.',
      ),
    ).toBeInTheDocument()
    for (let step = 1; step < 4; step += 1) {
      await user.click(await screen.findByRole('button', { name: new RegExp(`Next \\(${step} of 4\\)`) }))
    }
    await user.click(await screen.findByRole('button', { name: 'Done' }))
    await waitFor(() => expect(window.localStorage.getItem('tutorial_myFriends')).toBeNull())
  })

  it('shows no tour without its flag', async () => {
    server.use(onGet('/friends/getMyFriends', []))
    renderWithProviders(<MyFriendsPage />)
    await screen.findByText('Your friend list is empty.')
    expect(screen.queryByText(/This is your friend code/)).not.toBeInTheDocument()
  })
})
