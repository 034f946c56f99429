import { configure, screen, waitFor } from '@testing-library/react'

import { PASSWORD_RESET_TEXTS } from '@shared/session'
import { redactSecrets } from '@client/lib/qaReplay/devTools'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderApp, visitorSession } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })

const TOKEN = 'tLinkToken_0123456789abcdefghijklmnopqrstuv'
const NEW_PASSWORD = 'a quiet train to Kyoto'

const resetResult = {
  authKey: 'new-session',
  username: 'marta',
  email: 'marta@example.com',
  avatarId: 3,
  digitalCredit: 2500,
  physicalCredit: 0,
  friendCode: 'ABC234',
  accountDeletionCancelled: false,
}

describe('ResetPasswordPage', () => {
  it('sets the new password with the link’s token, logs the traveller in and leaves no secret for DevTools', async () => {
    let sent: unknown = null
    // The store as it stood while the call was under way: its arguments and the location's fragment were in it.
    let whileSending: unknown = null
    server.use(
      onPost('/resetPassword', (_request, body) => {
        sent = body
        whileSending = store.getState()
        return resetResult
      }),
      onGet('/getUser', makeUser({ username: 'marta' })),
      onGet('/checkNewNotifications', false),
      onGet('/feed/getMemoryFeed', { memories: [], nextCursor: null }),
      onGet('/memory/getOnThisDay', { today: '2026-11-28', memories: [] }),
      // The feed links the names of friends.
      onGet('/friends/getMyFriends', []),
    )
    const { user, router, store } = renderApp(`/resetPassword#token=${TOKEN}`, { session: visitorSession })
    const field = await screen.findByLabelText(/^New password/)
    expect(field).toHaveAttribute('type', 'password')
    expect(field).toHaveAttribute('autocomplete', 'new-password')
    await user.type(field, `${NEW_PASSWORD}{Enter}`)

    await waitFor(() => expect(store.getState().session).toMatchObject({ loggedIn: true, authKey: 'new-session' }))
    expect(sent).toEqual({ token: TOKEN, newPassword: NEW_PASSWORD })
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'))
    expect(await screen.findByText(PASSWORD_RESET_TEXTS.done)).toBeInTheDocument()

    // The token sat in the location's fragment and in the call's arguments; a DevTools recording holds neither.
    expect(JSON.stringify(whileSending)).toContain(TOKEN)
    expect(JSON.stringify(redactSecrets(whileSending))).not.toContain(TOKEN)
    // The call's action carries both as its arguments (RTK Query's meta.arg.originalArgs).
    const pending = { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: sent } } }
    expect(JSON.stringify(pending)).toContain(NEW_PASSWORD)
    const recordedAction = JSON.stringify(redactSecrets(pending))
    expect(recordedAction).not.toContain(TOKEN)
    expect(recordedAction).not.toContain(NEW_PASSWORD)
    expect(redactSecrets({ location: { pathname: '/resetPassword', search: '', hash: `#token=${TOKEN}` } })).toEqual({
      location: { pathname: '/resetPassword', search: '', hash: '#token=%5Bredacted%5D' },
    })
  })

  it('shows the password on request, from the keyboard', async () => {
    const { user } = renderApp(`/resetPassword#token=${TOKEN}`, { session: visitorSession })
    const field = await screen.findByLabelText(/^New password/)
    await user.type(field, 'secret words')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Show new password' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(field).toHaveAttribute('type', 'text')
    expect(screen.getByRole('button', { name: 'Hide new password' })).toBeInTheDocument()
  })

  it('shows a refused password in place, and offers a new link when the link is no use', async () => {
    server.use(onPost('/resetPassword', () => refusal(400, 'BadRequest', PASSWORD_RESET_TEXTS.tooCommon)))
    const { user, store } = renderApp(`/resetPassword#token=${TOKEN}`, { session: visitorSession })
    await user.type(await screen.findByLabelText(/^New password/), 'password1')
    await user.click(screen.getByRole('button', { name: 'Set New Password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_TEXTS.tooCommon)
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument()

    server.use(onPost('/resetPassword', () => refusal(400, 'BadRequest', PASSWORD_RESET_TEXTS.linkExpired)))
    await user.type(screen.getByLabelText(/^New password/), ' and more')
    await user.click(screen.getByRole('button', { name: 'Set New Password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_TEXTS.linkExpired)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotPassword')
    expect(store.getState().session.loggedIn).toBe(false)
  })

  it('explains a link without its token', async () => {
    renderApp('/resetPassword', { session: visitorSession })
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_TEXTS.linkMissing)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotPassword')
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument()
  })
})
