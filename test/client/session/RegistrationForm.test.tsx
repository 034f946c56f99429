import { screen, waitFor } from '@testing-library/react'

import { TOAST_DURATION_MS } from '@shared/constants'
import { REGISTRATION_CACHE_KEY, RegistrationForm } from '@client/components/RegistrationForm'
import { useRegisterMutation } from '@client/features/session/api'
import { STORAGE_KEYS } from '@client/lib/storage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderApp, renderWithProviders, visitorSession } from '@test/helpers/render'

const registered = {
  username: 'marta',
  authKey: 'fresh-token',
  email: 'marta@example.com',
  digitalCredit: 0,
  physicalCredit: 0,
  avatarId: 1,
  invitationReward: false,
  friendCode: 'QRS234',
}

/** The form wired to the session feature's register call, as the home and free-draw screens wire it. */
function SignUpForm() {
  const [register, { isLoading }] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  return <RegistrationForm idPrefix="t" onRegister={(body) => register(body).unwrap()} registering={isLoading} />
}

describe('RegistrationForm', () => {
  it('shows the field errors and the warning and sends nothing when the form is invalid', async () => {
    let sent = false
    server.use(onPost('/register', () => ((sent = true), registered)))
    const { user } = renderWithProviders(<SignUpForm />, { session: visitorSession })

    await user.type(screen.getByLabelText('Email'), 'marta@nowhere')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid password.')).toBeInTheDocument()
    expect(await screen.findByText('Please fill out the registration form.')).toBeInTheDocument()
    expect(sent).toBe(false)
  })

  it('registers with the name before the @, the friend code and the stored referral, then welcomes the user', async () => {
    window.localStorage.setItem(STORAGE_KEYS.referralCode, 'spring-newsletter')
    let body: Record<string, unknown> = {}
    server.use(
      onPost('/register', (_request, sent) => {
        body = sent as Record<string, unknown>
        return { ...registered, invitationReward: true }
      }),
      // The logged-in header loads the user and starts the notification poll; the welcome page lists the gifts.
      onGet('/getUser', makeUser()),
      onGet('/checkNewNotifications', false),
      onGet('/payment/getMyCreditCertificates', []),
    )
    const { user, router } = renderApp('/?r=abc234', { session: visitorSession })

    const email = present((await screen.findAllByLabelText('Email'))[0], 'an Email field')
    const password = present(screen.getAllByLabelText('Password')[0], 'a Password field')
    expect(screen.getAllByLabelText('Friend code (optional)')[0]).toHaveValue('ABC234')
    await user.type(email, 'marta@example.com')
    await user.type(password, 'a long password')
    await user.click(present(screen.getAllByRole('button', { name: 'Sign Up' })[0], 'a Sign Up button'))

    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'))
    expect(router.state.location.search).toBe('?invited=1')
    expect(body).toEqual({
      email: 'marta@example.com',
      name: 'marta',
      password: 'a long password',
      friendCode: 'ABC234',
      ref: 'spring-newsletter',
    })
    expect(await screen.findByText('Welcome to Wandercards, marta!')).toBeInTheDocument()
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token')
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBeNull()
    expect(window.localStorage.getItem('tutorial_myCollection')).toBe('true')
    expect(window.localStorage.getItem('tutorial_digitalCardDraw')).toBe('true')
  })

  it('keeps what the user typed and shows the server message when the e-mail is taken', async () => {
    server.use(
      onPost('/register', () =>
        refusal(409, 'Conflict', 'An account with this e-mail already exists. Please log in instead.'),
      ),
    )
    const { user } = renderWithProviders(<SignUpForm />, { session: visitorSession })

    await user.type(screen.getByLabelText('Email'), 'marta@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))

    expect(
      await screen.findByText('An account with this e-mail already exists. Please log in instead.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('marta@example.com')
  })

  it('dismisses the warning of a failed try once the sign-up succeeds, so it does not follow the user to /welcome', async () => {
    server.use(
      onPost('/register', () => registered),
      onGet('/getUser', makeUser()),
      onGet('/checkNewNotifications', false),
      onGet('/payment/getMyCreditCertificates', []),
    )
    const { user, router } = renderApp('/', { session: visitorSession })

    const email = present((await screen.findAllByLabelText('Email'))[0], 'an Email field')
    const password = present(screen.getAllByLabelText('Password')[0], 'a Password field')
    const signUp = present(screen.getAllByRole('button', { name: 'Sign Up' })[0], 'a Sign Up button')
    await user.type(password, 'pw')
    await user.type(email, 'marta@example')
    await user.click(signUp)
    expect(await screen.findByText('Please fill out the registration form.')).toBeInTheDocument()

    await user.type(email, '.com')
    const retried = Date.now()
    await user.click(signUp)

    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'))
    expect(await screen.findByText('Welcome to Wandercards, marta!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Please fill out the registration form.')).not.toBeInTheDocument())
    // Gone because it was dismissed, not because its 5 s ran out.
    expect(Date.now() - retried).toBeLessThan(TOAST_DURATION_MS / 2)
  })
})
