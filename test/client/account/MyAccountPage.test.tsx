import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import type { User } from '@shared/session'
import { MyAccountPage } from '@client/features/account/MyAccountPage'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { cachedUser, renderWithProviders } from '@test/helpers/render'

const marta: User = {
  userId: 'u-marta',
  avatarId: 2,
  username: 'marta',
  email: 'marta@example.com',
  digitalCredit: 12_500,
  physicalCredit: 300,
  userLevel: 2,
  userExp: 137,
  expForCurrentLevel: 100,
  expToLevelUp: 200,
  friendCode: 'ABC234',
  createdAt: '2026-01-15T09:30:00.000Z',
  userCardStats: { collectionCount: 2, cardCount: 9, rarityStats: [4, 3, 1, 1, 0] },
  memoryCount: 5,
  friendCount: 3,
  emailVerified: true,
}

function renderAccount() {
  return renderWithProviders(
    <Routes>
      <Route path="/myAccount" element={<MyAccountPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route: '/myAccount' },
  )
}

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

describe('MyAccountPage', () => {
  // A loaded user starts the notification poll.
  beforeEach(() => server.use(onGet('/checkNewNotifications', false)))

  it('shows a loading screen until the user data arrives, then the profile', async () => {
    server.use(onGet('/getUser', marta))
    renderAccount()
    expect(screen.getByRole('status')).toBeInTheDocument()

    expect(await screen.findByRole('heading', { name: 'marta' })).toBeInTheDocument()
    expect(screen.getByText('marta@example.com')).toBeInTheDocument()
    expect(screen.getByText('Level 2')).toBeInTheDocument()
    expect(screen.getByText('37 / 200 EXP · 18.50%')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Level 2 progress' })).toHaveAttribute('aria-valuetext', '18.50%')
    expect(screen.getByText('Member since 2026-01-15')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Acquire Cards' })).toHaveAttribute('href', '/acquireCards')
    expect(screen.getByRole('link', { name: /My Memories/ })).toHaveAttribute('href', '/myMemories')
    expect(screen.getByRole('link', { name: /My Friends/ })).toHaveAttribute('href', '/myFriends')
    expect(screen.getByRole('link', { name: /My Wallet/ })).toHaveAttribute('href', '/myWallet')
    expect(screen.getByRole('link', { name: /Request new content/ })).toHaveAttribute('href', '/requestNewContent')
    expect(screen.getByText(/10,000 digital credit for every friend who joins/)).toBeInTheDocument()
    expect(screen.getByLabelText('Share link')).toHaveValue('http://localhost/s/user?shareId=ABC234')
  })

  it('copies the friend code from its tile', async () => {
    server.use(onGet('/getUser', marta))
    const { user } = renderAccount()
    const writeText = jest.spyOn(navigator.clipboard, 'writeText')
    await user.click(await screen.findByRole('button', { name: /Your friend code/ }))
    expect(await screen.findByText('Friend code copied to clipboard.')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith('ABC234')
  })

  it('logs out and goes home', async () => {
    let loggedOut = false
    server.use(
      // As the server does: without a token there is no user.
      onGet('/getUser', (request) =>
        request.headers.get('X-Auth-Key')
          ? marta
          : refusal(403, 'LoginRequired', 'Please log in to perform this action.'),
      ),
      onPost(
        '/logout',
        () => {
          loggedOut = true
          return null
        },
        false,
      ),
    )
    const { user, store } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Log Out' }))
    expect(await screen.findByText('Home page')).toBeInTheDocument()
    expect(loggedOut).toBe(true)
    expect(store.getState().session).toMatchObject({ loggedIn: false, authKey: null })
    await waitFor(() => expect(cachedUser(store)).toBeUndefined())
  })

  it('loads the avatars when edit mode first opens and saves the profile', async () => {
    let avatarListCalls = 0
    let sentBody: unknown = null
    let current = marta
    server.use(
      onGet('/getUser', () => current),
      onGet('/getAvatarList', () => {
        avatarListCalls += 1
        return [1, 2, 3, 4, 5, 6, 7, 8]
      }),
      onPost('/account/updateProfile', (_request, body) => {
        sentBody = body
        current = { ...current, username: 'Marta Travels', avatarId: 5 }
        return { username: 'Marta Travels', avatarId: 5 }
      }),
    )
    const { user, store } = renderAccount()
    await screen.findByRole('button', { name: 'Edit Profile' })
    expect(avatarListCalls).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }))
    expect(await screen.findAllByRole('radio')).toHaveLength(8)
    expect(avatarListCalls).toBe(1)

    const picker = screen.getByRole('radiogroup', { name: 'Avatar' })
    expect(within(picker).getAllByRole('radio')).toHaveLength(8)
    expect(within(picker).getAllByRole('img', { name: 'Locked avatar' })).toHaveLength(13)
    expect(within(picker).getByRole('radio', { name: 'Avatar 2' })).toHaveAttribute('aria-checked', 'true')

    await user.click(within(picker).getByRole('radio', { name: 'Avatar 5' }))
    const name = screen.getByLabelText(/Username/)
    // Nothing cuts the name as it is typed; a too-long one says so (below).
    expect(name).not.toHaveAttribute('maxLength')
    await user.clear(name)
    await user.type(name, 'Marta Travels')
    await user.click(screen.getByRole('button', { name: 'Save Edit' }))

    expect(await screen.findByText('Your profile is updated successfully.')).toBeInTheDocument()
    expect(sentBody).toEqual({ newUsername: 'Marta Travels', newAvatarId: 5 })
    expect(await screen.findByRole('heading', { name: 'Marta Travels' })).toBeInTheDocument()
    expect(cachedUser(store)).toMatchObject({ username: 'Marta Travels', avatarId: 5 })
  })

  it('returns to view mode on Cancel without saving', async () => {
    server.use(onGet('/getUser', marta), onGet('/getAvatarList', [1, 2, 3]))
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
  })

  it('stays in edit mode and shows the reason when the name is taken', async () => {
    server.use(
      onGet('/getUser', marta),
      onGet('/getAvatarList', [1, 2, 3]),
      onPost('/account/updateProfile', () => refusal(409, 'Conflict', 'The username lena is already taken.', true)),
    )
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const name = screen.getByLabelText(/Username/)
    await user.clear(name)
    await user.type(name, 'lena')
    await user.click(screen.getByRole('button', { name: 'Save Edit' }))
    expect(await screen.findByText('The username lena is already taken.')).toBeInTheDocument()
    expect(screen.getByLabelText(/Username/)).toHaveValue('lena')
  })

  it('keeps a 30-character username as typed and says it is too long, instead of cutting it to 20', async () => {
    let sent = false
    server.use(
      onGet('/getUser', marta),
      onGet('/getAvatarList', [1, 2, 3]),
      onPost('/account/updateProfile', () => ((sent = true), { username: 'x', avatarId: 2 })),
    )
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const name = screen.getByLabelText(/Username/)
    await user.clear(name)
    await user.click(name)
    await user.paste('Marta_the_wandering_traveller!')

    expect(name).toHaveValue('Marta_the_wandering_traveller!')
    expect(name).toHaveAccessibleDescription('At most 20 characters.')
    expect(name).toBeInvalid()
    expect(screen.getByRole('button', { name: 'Save Edit' })).toBeDisabled()

    await user.type(name, '{Backspace}'.repeat(10))
    expect(name).toHaveAccessibleDescription('20/20')
    expect(screen.getByRole('button', { name: 'Save Edit' })).toBeEnabled()
    expect(sent).toBe(false)
  })

  it('drops the token when the account fetch answers with nothing', async () => {
    server.use(onGet('/getUser', null))
    const { store } = renderAccount()
    await waitFor(() => expect(store.getState().session).toMatchObject({ loggedIn: false, authKey: null }))
  })
})
