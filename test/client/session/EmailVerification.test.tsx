import { configure, screen, waitFor, within } from '@testing-library/react'

import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'
import { redactSecrets } from '@client/lib/qaReplay/devTools'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderApp, visitorSession } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })

const TOKEN = 'vLinkToken_0123456789abcdefghijklmnopqrstuv'

/** The calls of the logged-in shell and the feed (where / leads a logged-in traveller). */
function shellCalls(emailVerified: boolean) {
  let user = makeUser({ emailVerified })
  server.use(
    onGet('/getUser', () => user),
    onGet('/checkNewNotifications', false),
    onGet('/feed/getMemoryFeed', { memories: [], nextCursor: null }),
    onGet('/memory/getOnThisDay', { today: '2026-11-28', memories: [] }),
    onGet('/friends/getMyFriends', []),
  )
  return { confirm: () => (user = makeUser({ emailVerified: true })) }
}

describe('the banner of an unconfirmed address', () => {
  it('offers Resend above the screen, says where the new link went, and leaves once the address is confirmed', async () => {
    shellCalls(false)
    let resends = 0
    server.use(
      onPost('/resendVerificationEmail', () => {
        resends += 1
        return { email: 'marta@example.com' }
      }),
    )
    const { user } = renderApp('/feed')
    expect(await screen.findByText(EMAIL_VERIFICATION_TEXTS.banner('marta@example.com'))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: EMAIL_VERIFICATION_TEXTS.resend }))
    expect(await screen.findByText(EMAIL_VERIFICATION_TEXTS.resent('marta@example.com'))).toBeInTheDocument()
    expect(resends).toBe(1)
    // Sent: no second button to press again at once.
    expect(screen.queryByRole('button', { name: EMAIL_VERIFICATION_TEXTS.resend })).not.toBeInTheDocument()
  })

  it('shows the server’s refusal of a Resend flood through the shared handling, as a warning', async () => {
    shellCalls(false)
    const tooMany = 'Too many attempts. Please wait an hour and try again.'
    server.use(onPost('/resendVerificationEmail', () => refusal(429, 'TooManyRequests', tooMany)))
    const { user } = renderApp('/feed')
    await user.click(await screen.findByRole('button', { name: EMAIL_VERIFICATION_TEXTS.resend }))
    expect(await screen.findByText(tooMany)).toBeInTheDocument()
    expect(screen.getByText(EMAIL_VERIFICATION_TEXTS.banner('marta@example.com'))).toBeInTheDocument()
  })

  it('is not there for a confirmed address', async () => {
    shellCalls(true)
    renderApp('/feed')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: EMAIL_VERIFICATION_TEXTS.resend })).not.toBeInTheDocument()
  })
})

describe('VerifyEmailPage', () => {
  it('confirms with the link’s token as it opens, logged in, and the banner goes; DevTools keeps no token', async () => {
    const calls = shellCalls(false)
    let sent: unknown = null
    let whileSending: unknown = null
    server.use(
      onPost('/verifyEmail', (_request, body) => {
        sent = body
        whileSending = store.getState()
        calls.confirm()
        return { email: 'marta@example.com' }
      }),
    )
    const { store } = renderApp(`/verifyEmail#token=${TOKEN}`)
    expect(await screen.findByText(EMAIL_VERIFICATION_TEXTS.done('marta@example.com'))).toBeInTheDocument()
    expect(sent).toEqual({ token: TOKEN })
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/')
    expect(JSON.stringify(whileSending)).toContain(TOKEN)
    expect(JSON.stringify(redactSecrets(whileSending))).not.toContain(TOKEN)
    // The account call is asked again and says confirmed: no banner.
    await waitFor(() =>
      expect(store.getState().api.queries['getUser(undefined)']?.data).toMatchObject({ emailVerified: true }),
    )
    expect(screen.queryByText(EMAIL_VERIFICATION_TEXTS.banner('marta@example.com'))).not.toBeInTheDocument()
  })

  it('shows why a link is refused, for a visitor, with the way to log in', async () => {
    server.use(onPost('/verifyEmail', () => refusal(400, 'BadRequest', EMAIL_VERIFICATION_TEXTS.linkExpired)))
    renderApp(`/verifyEmail#token=${TOKEN}`, { session: visitorSession })
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_VERIFICATION_TEXTS.linkExpired)
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
  })

  it('asks for the link when the page opens without one, calling nothing', async () => {
    renderApp('/verifyEmail', { session: visitorSession })
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_VERIFICATION_TEXTS.linkMissing)
  })
})
