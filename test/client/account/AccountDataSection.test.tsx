import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { ACCOUNT_TEXTS, EXPORT_ESTIMATE_HEADER } from '@shared/account'
import type { User } from '@shared/session'
import { MyAccountRoute } from '@client/app/routes/MyAccountRoute'
import { makeUser } from '@test/helpers/fixtures'
import { file, networkError, onFile, onGet, onPost, refusal, server } from '@test/helpers/msw'
import { present } from '@test/helpers/present'
import { renderWithProviders } from '@test/helpers/render'

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

const marta: User = makeUser({ username: 'marta', digitalCredit: 12_500, physicalCredit: 300 })
const EXPORT_PATH = '/account/exportMyData'
const FILE_NAME = 'wandercards-export-2026-11-25.zip'

function renderAccount() {
  return renderWithProviders(
    <Routes>
      <Route path="/myAccount" element={<MyAccountRoute />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route: '/myAccount' },
  )
}

/** An export answer whose body the test feeds piece by piece. */
function controlledExport(estimate: number) {
  let feed!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) })
  const handler = onFile(EXPORT_PATH, () =>
    file(body, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${FILE_NAME}"`,
      [EXPORT_ESTIMATE_HEADER]: String(estimate),
    }),
  )
  return { handler, send: (bytes: number) => feed.enqueue(new Uint8Array(bytes)), end: () => feed.close() }
}

let saved: Blob[] = []
let clicked: string[] = []
beforeEach(() => {
  server.use(
    onGet('/checkNewNotifications', false),
    onGet('/mail/getEmailPreferences', { notificationDigest: false }),
    onGet('/blocks/getBlockedTravellers', []),
    onGet('/blocks/getMutedTravellers', []),
    // As the server does: the traveller only with a session.
    onGet('/getUser', (request) =>
      request.headers.get('x-auth-key')
        ? marta
        : refusal(403, 'LoginRequired', 'Please log in to perform this action.'),
    ),
  )
  saved = []
  clicked = []
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob)
    return 'blob:export'
  }
  URL.revokeObjectURL = () => undefined
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download)
  })
})
afterEach(() => jest.restoreAllMocks())

describe('Download my data', () => {
  it('shows the progress against the estimate, then hands the whole ZIP to the browser', async () => {
    const download = controlledExport(4_000)
    server.use(download.handler)
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Download My Data' }))

    download.send(1_000)
    expect(await screen.findByText('1 KB of about 4 KB')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByRole('button', { name: 'Download My Data' })).toBeDisabled()

    download.send(3_500)
    // Past the estimate, the bar waits just short of the end until the last byte.
    expect(await screen.findByText('5 KB of about 5 KB')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '99')
    download.end()

    expect(await screen.findByText(ACCOUNT_TEXTS.exportSaved(FILE_NAME))).toBeInTheDocument()
    expect(clicked).toEqual([FILE_NAME])
    expect(present(saved[0]).size).toBe(4_500)
    expect(present(saved[0]).type).toBe('application/zip')
    expect(screen.getByRole('button', { name: 'Download My Data' })).toBeEnabled()
  })

  it('sends the session with the download', async () => {
    const headers: Headers[] = []
    server.use(
      onFile(EXPORT_PATH, (request) => {
        headers.push(request.headers)
        return file(new Uint8Array(10), { 'Content-Type': 'application/zip' })
      }),
    )
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Download My Data' }))
    expect(await screen.findByText(ACCOUNT_TEXTS.exportSaved('wandercards-export.zip'))).toBeInTheDocument()
    expect(headers[0]?.get('x-auth-key')).toBe('test-token')
    expect(headers[0]?.get('x-api-key')).toBeTruthy()
  })

  it('shows a refusal in place with Try Again, which downloads once it is allowed', async () => {
    let refused = true
    server.use(
      onFile(EXPORT_PATH, () => {
        if (refused) return refusal(429, 'TooManyRequests', 'Too many attempts. Please wait a minute and try again.')
        return file(new Uint8Array(10), { 'Content-Disposition': `attachment; filename="${FILE_NAME}"` })
      }),
    )
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Download My Data' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Too many attempts. Please wait a minute and try again.')
    refused = false
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText(ACCOUNT_TEXTS.exportSaved(FILE_NAME))).toBeInTheDocument()
  })

  it('says when the connection broke', async () => {
    server.use(onFile(EXPORT_PATH, networkError))
    const { user } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Download My Data' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.exportFailed)
    expect(saved).toEqual([])
  })

  it('ends a session the server no longer accepts, as any call does', async () => {
    server.use(
      onFile(EXPORT_PATH, () => refusal(401, 'Unauthorized', 'Your session has expired. Please log in again.')),
    )
    const { user, store } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Download My Data' }))
    expect(await screen.findByText('Invalid credentials. Please login again.')).toBeInTheDocument()
    await waitFor(() => expect(store.getState().session.loggedIn).toBe(false))
  })
})

describe('Delete my account', () => {
  it('asks for the username typed exactly, then logs out and says when the account goes', async () => {
    const sent: unknown[] = []
    server.use(
      onPost('/account/requestDeletion', (_request, body) => {
        sent.push(body)
        return { deletionDueAt: '2026-12-09T10:00:00.000Z' }
      }),
    )
    const { user, store } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Delete My Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    expect(dialog).toHaveTextContent('logging in cancels the deletion')
    expect(dialog).toHaveTextContent('12,500')
    const confirm = within(dialog).getByRole('button', { name: 'Delete My Account' })
    const field = within(dialog).getByRole('textbox', { name: 'Type your username to confirm' })
    expect(confirm).toBeDisabled()
    await user.type(field, 'Marta')
    expect(confirm).toBeDisabled()
    await user.clear(field)
    await user.type(field, 'marta')
    expect(confirm).toBeEnabled()
    await user.click(confirm)

    expect(await screen.findByText('Home page')).toBeInTheDocument()
    // The toast keeps the date in a piece of its own (on one line); the message reads whole.
    const date = await screen.findByText('2026-12-09')
    expect(date.parentElement).toHaveTextContent(ACCOUNT_TEXTS.deletionScheduled('2026-12-09'))
    expect(sent).toEqual([{ username: 'marta' }])
    expect(store.getState().session).toMatchObject({ loggedIn: false, authKey: null, endedBy: 'logout' })
  })

  it('keeps the dialog as typed when the server refuses, and Cancel closes it', async () => {
    server.use(
      onPost('/account/requestDeletion', () =>
        refusal(
          400,
          'BadRequest',
          'The username you typed does not match yours. Type it exactly as shown to confirm.',
          true,
        ),
      ),
    )
    const { user, store } = renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Delete My Account' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox'), 'marta')
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }))
    expect(
      await screen.findByText('The username you typed does not match yours. Type it exactly as shown to confirm.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox')).toHaveValue('marta')
    expect(store.getState().session.loggedIn).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
