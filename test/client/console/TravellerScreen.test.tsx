import { screen, within } from '@testing-library/react'

import type { TravellerDetail } from '@shared/console'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderApp } from '@test/helpers/render'

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

function detail(standing: TravellerDetail['standing']): TravellerDetail {
  return {
    userId: 'u1',
    username: 'marta',
    email: 'marta@example.com',
    emailConfirmed: true,
    friendCode: 'AB12CD',
    createdAt: '2026-11-01T10:00:00.000Z',
    balances: { digital: 120, physical: 0 },
    ledger: [],
    purchases: [],
    certificates: [],
    draws: [],
    sessions: [],
    standing,
  }
}

const NO_WARNINGS = { count: 0, newest: null }

describe("/console/travellers/{userId}: the traveller's standing", () => {
  beforeEach(() => {
    server.use(
      onGet('/getUser', makeUser()),
      onGet('/checkNewNotifications', false),
      onGet('/operator/secondFactor', { enrolled: true, verified: true }),
    )
  })

  it('shows a traveller in good standing without an Unsuspend action', async () => {
    server.use(onGet('/operator/travellers/traveller', detail({ suspension: null, warnings: NO_WARNINGS })))
    renderApp('/console/travellers/u1')
    const standing = await screen.findByRole('region', { name: 'Standing' })
    expect(within(standing).getByText('Not suspended.')).toBeInTheDocument()
    expect(within(standing).getByText('No warnings.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unsuspend' })).not.toBeInTheDocument()
  })

  it('shows a suspension for good and the warnings with the newest reason', async () => {
    server.use(
      onGet(
        '/operator/travellers/traveller',
        detail({
          suspension: { startsAt: '2026-11-20T10:00:00.000Z', endsAt: null, reason: 'Fraud' },
          warnings: { count: 1, newest: { reason: 'Spam', createdAt: '2026-11-18T10:00:00.000Z' } },
        }),
      ),
    )
    renderApp('/console/travellers/u1')
    const standing = await screen.findByRole('region', { name: 'Standing' })
    expect(within(standing).getByText('Suspended for good')).toBeInTheDocument()
    expect(within(standing).getByText('Suspended on 2026-11-20: Fraud')).toBeInTheDocument()
    expect(within(standing).getByText('1 warning · newest on 2026-11-18: Spam')).toBeInTheDocument()
  })

  it('lifts a suspension in force with a required reason, then shows the traveller as not suspended', async () => {
    let suspended = true
    const warnings = { count: 2, newest: { reason: 'Rude comment', createdAt: '2026-11-19T10:00:00.000Z' } }
    server.use(
      onGet('/operator/travellers/traveller', (request) => {
        expect(new URL(request.url).searchParams.get('userId')).toBe('u1')
        return detail({
          suspension: suspended
            ? { startsAt: '2026-11-25T10:00:00.000Z', endsAt: '2026-12-02T10:00:00.000Z', reason: 'Harassment' }
            : null,
          warnings,
        })
      }),
      onPost('/operator/moderation/unsuspend', (_request, body) => {
        expect(body).toEqual({ userId: 'u1', reason: 'Appeal accepted' })
        suspended = false
        return null
      }),
    )
    const { user } = renderApp('/console/travellers/u1')
    const standing = await screen.findByRole('region', { name: 'Standing' })
    expect(within(standing).getByText('Suspended until 2026-12-02')).toBeInTheDocument()
    expect(within(standing).getByText('Suspended on 2026-11-25: Harassment')).toBeInTheDocument()
    expect(within(standing).getByText('2 warnings · newest on 2026-11-19: Rude comment')).toBeInTheDocument()

    await user.click(within(standing).getByRole('button', { name: 'Unsuspend' }))
    const dialog = await screen.findByRole('dialog', { name: 'Unsuspend' })
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' })
    expect(confirm).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/Reason/), '   ')
    expect(confirm).toBeDisabled()
    await user.clear(within(dialog).getByLabelText(/Reason/))
    await user.type(within(dialog).getByLabelText(/Reason/), 'Appeal accepted')
    await user.click(confirm)

    expect(await screen.findByText('The suspension is lifted.')).toBeInTheDocument()
    expect(await within(standing).findByText('Not suspended.')).toBeInTheDocument()
    expect(within(standing).queryByRole('button', { name: 'Unsuspend' })).not.toBeInTheDocument()
    expect(within(standing).getByText('2 warnings · newest on 2026-11-19: Rude comment')).toBeInTheDocument()
  })
})
