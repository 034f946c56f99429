import { configure, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { ACCOUNT_CHANGE_TEXTS } from '@shared/accountChange'
import { PASSWORD_RESET_TEXTS } from '@shared/session'
import { MyAccountPage } from '@client/features/account/MyAccountPage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderApp, renderWithProviders, visitorSession } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })
// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(30_000)

const CURRENT = 'correct horse battery'
const NEW_PASSWORD = 'a slow boat to Lisbon'
const TOKEN = 'tLinkToken_0123456789abcdefghijklmnopqrstuv'

function renderAccount() {
  return renderWithProviders(
    <Routes>
      <Route path="/myAccount" element={<MyAccountPage />} />
    </Routes>,
    { route: '/myAccount' },
  )
}

/** A promise the test settles, for a form's loading state. */
function later<T>() {
  let settle: (value: T) => void = () => undefined
  const promise = new Promise<T>((resolve) => {
    settle = resolve
  })
  return { promise, settle }
}

describe('My Account: Password and e-mail', () => {
  beforeEach(() =>
    server.use(onGet('/checkNewNotifications', false), onGet('/getUser', makeUser({ email: 'marta@example.com' }))),
  )

  it('changes the password with the current one, showing a refusal in place and the wait on the button', async () => {
    const sent: unknown[] = []
    const answer = later<null>()
    server.use(
      onPost('/account/changePassword', (_request, body) => {
        sent.push(body)
        if (sent.length === 1) return refusal(400, 'BadRequest', ACCOUNT_CHANGE_TEXTS.wrongPassword, true)
        return answer.promise
      }),
    )
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Change Password' }))
    const form = screen.getByRole('form', { name: 'Change password' })
    const current = within(form).getByLabelText(/^Current password/)
    const next = within(form).getByLabelText(/^New password/)
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(next).toHaveAttribute('autocomplete', 'new-password')
    const submit = within(form).getByRole('button', { name: 'Change Password' })
    expect(submit).toBeDisabled()

    await user.type(current, 'not my password')
    await user.type(next, NEW_PASSWORD)
    await user.click(submit)
    expect(await within(form).findByRole('alert')).toHaveTextContent(ACCOUNT_CHANGE_TEXTS.wrongPassword)
    // The form keeps what was typed; editing clears the refusal.
    expect(next).toHaveValue(NEW_PASSWORD)
    await user.clear(current)
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()

    await user.type(current, CURRENT)
    await user.click(submit)
    await waitFor(() => expect(submit).toBeDisabled())
    answer.settle(null)
    expect(await screen.findByText(ACCOUNT_CHANGE_TEXTS.passwordChanged)).toBeInTheDocument()
    expect(sent).toEqual([
      { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
      { currentPassword: CURRENT, newPassword: NEW_PASSWORD },
    ])
    // Done: the form closes and the section offers both changes again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Change E-mail' })).toBeInTheDocument()
  })

  it('shows the server’s password rules refusal as it is', async () => {
    server.use(onPost('/account/changePassword', () => refusal(400, 'BadRequest', PASSWORD_RESET_TEXTS.tooShort, true)))
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Change Password' }))
    const form = screen.getByRole('form', { name: 'Change password' })
    await user.type(within(form).getByLabelText(/^Current password/), CURRENT)
    await user.type(within(form).getByLabelText(/^New password/), 'short{Enter}')
    expect(await within(form).findByRole('alert')).toHaveTextContent(PASSWORD_RESET_TEXTS.tooShort)
  })

  it('sends a confirmation link to a new address, and says another account’s address is taken', async () => {
    const sent: unknown[] = []
    server.use(
      onPost('/account/requestEmailChange', (_request, body) => {
        sent.push(body)
        if (sent.length === 1) return refusal(409, 'Conflict', ACCOUNT_CHANGE_TEXTS.emailTaken, true)
        return { pendingEmail: 'marta@new.example', expiresAt: '2026-11-28T10:00:00.000Z' }
      }),
    )
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Change E-mail' }))
    const form = screen.getByRole('form', { name: 'Change e-mail' })
    expect(within(form).getByText(/Your account uses marta@example.com/)).toBeInTheDocument()
    const address = within(form).getByLabelText(/^New e-mail address/)
    await user.type(address, 'lena@example.com')
    await user.type(within(form).getByLabelText(/^Current password/), CURRENT)
    await user.click(within(form).getByRole('button', { name: 'Send Confirmation Link' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(ACCOUNT_CHANGE_TEXTS.emailTaken)

    await user.clear(address)
    await user.type(address, ' Marta@New.example {Enter}')
    expect(await screen.findByText(ACCOUNT_CHANGE_TEXTS.linkSent('marta@new.example'))).toBeInTheDocument()
    expect(sent).toEqual([
      { newEmail: 'lena@example.com', password: CURRENT },
      { newEmail: 'Marta@New.example', password: CURRENT },
    ])
    expect(screen.queryByRole('form', { name: 'Change e-mail' })).not.toBeInTheDocument()
    // The address shown stays the current one until the link is opened.
    expect(screen.getByText('marta@example.com')).toBeInTheDocument()
  })
})

describe('the pages of the e-mailed links', () => {
  beforeEach(() => server.use(onGet('/checkNewNotifications', false)))

  it('confirms a new address with the link’s token on a press, then says which address the account uses', async () => {
    let sent: unknown = null
    server.use(
      onPost('/account/confirmEmailChange', (_request, body) => {
        sent = body
        return { email: 'marta@new.example' }
      }),
    )
    const { user } = renderApp(`/confirmEmailChange#token=${TOKEN}`, { session: visitorSession })
    // Opening the page alone changes nothing: a mail scanner that opens links confirms nothing.
    await user.click(await screen.findByRole('button', { name: 'Confirm New Address' }))
    const done = await screen.findByRole('status', { name: '' })
    expect(done).toHaveTextContent(ACCOUNT_CHANGE_TEXTS.confirmed('marta@new.example'))
    expect(sent).toEqual({ token: TOKEN })
    expect(within(done).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
  })

  it('says why a confirmation link is no use', async () => {
    server.use(
      onPost('/account/confirmEmailChange', () => refusal(400, 'BadRequest', ACCOUNT_CHANGE_TEXTS.confirmLinkUsed)),
    )
    const { user } = renderApp(`/confirmEmailChange#token=${TOKEN}`, { session: visitorSession })
    await user.click(await screen.findByRole('button', { name: 'Confirm New Address' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_CHANGE_TEXTS.confirmLinkUsed)
  })

  it('asks for a token when the link lost it', async () => {
    renderApp('/undoEmailChange', { session: visitorSession })
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_CHANGE_TEXTS.linkMissing)
  })

  it('undoes a change with a new password, then offers to log in', async () => {
    const sent: unknown[] = []
    server.use(
      onPost('/account/undoEmailChange', (_request, body) => {
        sent.push(body)
        if (sent.length === 1) return refusal(400, 'BadRequest', PASSWORD_RESET_TEXTS.tooCommon)
        return { email: 'marta@example.com' }
      }),
    )
    const { user } = renderApp(`/undoEmailChange#token=${TOKEN}`, { session: visitorSession })
    const field = await screen.findByLabelText(/^New password/)
    expect(field).toHaveAttribute('autocomplete', 'new-password')
    await user.type(field, 'password{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_TEXTS.tooCommon)
    await user.clear(field)
    await user.type(field, `${NEW_PASSWORD}{Enter}`)
    const done = await screen.findByRole('status', { name: '' })
    expect(done).toHaveTextContent(ACCOUNT_CHANGE_TEXTS.undone('marta@example.com'))
    expect(sent).toEqual([
      { token: TOKEN, newPassword: 'password' },
      { token: TOKEN, newPassword: NEW_PASSWORD },
    ])
    expect(within(done).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
  })
})
