import { screen, waitFor } from '@testing-library/react'

import { ACCOUNT_TEXTS } from '@shared/account'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { cachedUser, renderApp, visitorSession } from '@test/helpers/render'

const loginResult = {
  authKey: 'tok',
  username: 'marta',
  email: 'marta@example.com',
  avatarId: 3,
  digitalCredit: 2500,
  physicalCredit: 0,
  friendCode: 'ABC234',
  accountDeletionCancelled: false,
}

describe('LoginPage', () => {
  it('keeps Log In disabled while a field is empty', async () => {
    const { user } = renderApp('/login', { session: visitorSession })
    const button = await screen.findByRole('button', { name: 'Log In' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Email'), 'marta@example.com')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Password'), 'secret')
    expect(button).toBeEnabled()
  })

  it('logs in and returns to the page in `from`', async () => {
    server.use(
      onPost('/login', loginResult),
      // The logged-in header loads the user and starts the notification poll.
      onGet('/getUser', makeUser({ digitalCredit: 2500 })),
      onGet('/checkNewNotifications', false),
      // The friends screen, opened after the login, loads its lists.
      onGet('/friends/getMyFriends', []),
      onGet('/getReferralRewards', {
        rewardCredit: 10_000,
        monthlyLimit: 10,
        paidThisMonth: 0,
        pendingCount: 0,
        referrals: [],
      }),
    )
    const { user, router, store } = renderApp('/login?from=%2FmyFriends', { session: visitorSession })
    await user.type(await screen.findByLabelText('Email'), 'marta@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Log In' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/myFriends'))
    expect(store.getState().session).toMatchObject({ loggedIn: true, authKey: 'tok' })
    await waitFor(() => expect(cachedUser(store)).toMatchObject({ username: 'marta', digitalCredit: 2500 }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My Friends' })).toBeInTheDocument()
  })

  it('shows the server message as a warning when the password is wrong', async () => {
    server.use(onPost('/login', () => refusal(400, 'BadRequest', 'The e-mail or password is incorrect.')))
    const { user } = renderApp('/login', { session: visitorSession })
    await user.type(await screen.findByLabelText('Email'), 'marta@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByText('The e-mail or password is incorrect.')).toBeInTheDocument()
  })

  it('says when the login cancelled the deletion of the account', async () => {
    server.use(
      onPost('/login', { ...loginResult, accountDeletionCancelled: true }),
      onGet('/getUser', makeUser()),
      onGet('/checkNewNotifications', true),
      onGet('/feed/getMemoryFeed', { memories: [], nextCursor: null }),
      onGet('/memory/getOnThisDay', { today: '2026-11-28', memories: [] }),
      // The feed links the names of friends.
      onGet('/friends/getMyFriends', []),
    )
    const { user, router } = renderApp('/login', { session: visitorSession })
    await user.type(await screen.findByLabelText('Email'), 'marta@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByText(ACCOUNT_TEXTS.deletionCancelled)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'))
  })
})
