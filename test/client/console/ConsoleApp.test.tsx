import { screen, within } from '@testing-library/react'

import type { AuditLogPage, SecondFactorStatus } from '@shared/operator'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderApp } from '@test/helpers/render'

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

const EMPTY_LOG: AuditLogPage = { entries: [], nextCursor: null, operators: [] }

function status(value: SecondFactorStatus) {
  return onGet('/operator/secondFactor', value)
}

describe('/console', () => {
  // The app's header around the console.
  beforeEach(() => {
    server.use(onGet('/getUser', makeUser()), onGet('/checkNewNotifications', false))
  })

  it('shows a traveller Page Not Found, as the server answers them as an unknown route', async () => {
    server.use(
      onGet('/operator/secondFactor', () =>
        refusal(404, 'NotFound', 'No such call: GET /api/operator/secondFactor', true),
      ),
    )
    renderApp('/console')
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.queryByText('No such call: GET /api/operator/secondFactor')).not.toBeInTheDocument()
  })

  it('sets up an authenticator app the first time: the QR code, the secret, then a code', async () => {
    let verified = false
    server.use(
      onGet('/operator/secondFactor', () => ({ enrolled: verified, verified })),
      onPost('/operator/secondFactor/enrol', {
        uri: 'otpauth://totp/Wandercards:op%40example.com?secret=JBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXP',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      onPost('/operator/secondFactor/verify', (_request, body) => {
        expect(body).toEqual({ code: '123456' })
        verified = true
        return { enrolled: true, verified: true }
      }),
      onGet('/operator/contentRequests', { requests: [], nextCursor: null }),
    )
    const { user } = renderApp('/console')
    expect(await screen.findByRole('heading', { name: 'Set Up Your Authenticator App' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Set Up Authenticator App' }))
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument()
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Code from your authenticator app/), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Console' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Console sections' })
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Home', 'Moderation', 'Content Requests', 'Travellers', 'Payments', 'Audit Log'])
  })

  it('asks an enrolled operator for a code in a new session', async () => {
    server.use(status({ enrolled: true, verified: false }))
    renderApp('/console/auditLog')
    expect(await screen.findByRole('heading', { name: 'Operator Sign-In' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Set Up Authenticator App' })).not.toBeInTheDocument()
  })

  it('shows an empty audit log as such, and a section the console does not have as such', async () => {
    server.use(status({ enrolled: true, verified: true }), onGet('/operator/auditLog', EMPTY_LOG))
    renderApp('/console/auditLog')
    expect(await screen.findByText('No operator action matches this filter.')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Audit Log' })).toHaveAttribute('aria-selected', 'true')
  })

  it('says so for a part of the console that does not exist', async () => {
    server.use(status({ enrolled: true, verified: true }))
    renderApp('/console/reports')
    expect(await screen.findByText('There is no such part of the console.')).toBeInTheDocument()
  })

  it('answers a traveller search with the matches, each opening the traveller', async () => {
    server.use(
      status({ enrolled: true, verified: true }),
      onGet('/operator/travellers/search', (request) => {
        expect(new URL(request.url).searchParams.get('q')).toBe('ab12cd')
        return [
          {
            userId: 'u1',
            username: 'marta',
            email: 'marta@example.com',
            friendCode: 'AB12CD',
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        ]
      }),
    )
    const { user } = renderApp('/console/travellers')
    await user.type(await screen.findByLabelText('E-mail, username or friend code'), 'ab12cd')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const link = await screen.findByRole('link', { name: /marta · marta@example.com/ })
    expect(link).toHaveAttribute('href', '/console/travellers/u1')
  })
})
