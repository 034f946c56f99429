import { configure, screen, waitFor } from '@testing-library/react'

import { PASSWORD_RESET_TEXTS } from '@shared/session'
import { neverAnswered, onPost, refusal, server } from '@test/helpers/msw'
import { renderApp, visitorSession } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })

describe('ForgotPasswordPage', () => {
  it('is reached from the login page, whose fields and texts stay as they were', async () => {
    const { user, router } = renderApp('/login', { session: visitorSession })
    expect(await screen.findByLabelText('Email')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument()
  })

  it('sends the address from the keyboard, shows it is waiting, then says what happens next', async () => {
    let sent: unknown = null
    let release: (value: null) => void = () => undefined
    server.use(
      onPost('/requestPasswordReset', (_request, body) => {
        sent = body
        return new Promise<null>((resolve) => (release = resolve))
      }),
    )
    const { user } = renderApp('/forgotPassword', { session: visitorSession })
    const email = await screen.findByLabelText('Email')
    const button = screen.getByRole('button', { name: 'Send Link' })
    expect(button).toBeDisabled()
    await user.type(email, ' marta@example.com {Enter}')
    await waitFor(() => expect(sent).toEqual({ email: 'marta@example.com' }))
    expect(screen.getByRole('button', { name: 'Send Link' })).toBeDisabled()
    expect(screen.getByRole('progressbar')).toBeInTheDocument()
    release(null)
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_TEXTS.requested('marta@example.com'))
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Log In' })).toHaveAttribute('href', '/login')
  })

  it('says in place when the site sends no e-mail, or asks to wait after too many requests', async () => {
    server.use(onPost('/requestPasswordReset', () => refusal(503, 'Unavailable', PASSWORD_RESET_TEXTS.mailOff)))
    const { user } = renderApp('/forgotPassword', { session: visitorSession })
    await user.type(await screen.findByLabelText('Email'), 'marta@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_TEXTS.mailOff)

    server.use(
      onPost('/requestPasswordReset', () =>
        refusal(429, 'TooManyRequests', 'Too many attempts. Please wait a minute and try again.'),
      ),
    )
    await user.type(screen.getByLabelText('Email'), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send Link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.')
  })

  it('keeps waiting visibly while the server has not answered', async () => {
    server.use(onPost('/requestPasswordReset', () => neverAnswered()))
    const { user } = renderApp('/forgotPassword', { session: visitorSession })
    await user.type(await screen.findByLabelText('Email'), 'marta@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Link' }))
    expect(await screen.findByRole('progressbar')).toBeInTheDocument()
  })
})
