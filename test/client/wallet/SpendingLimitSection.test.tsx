import { configure, screen, waitFor, within } from '@testing-library/react'

import type { SetSpendingLimitBody, SpendingLimit } from '@shared/wallet'
import { SpendingLimitSection } from '@client/features/wallet/components/SpendingLimitSection'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { loggedInSession, renderWithProviders } from '@test/helpers/render'

configure({ asyncUtilTimeout: 5_000 })

const base: SpendingLimit = {
  monthlyLimit: null,
  pendingChange: null,
  month: '2026-11',
  spentThisMonth: 9.99,
  heldThisMonth: 0,
  leftThisMonth: null,
  monthEndsAt: '2026-12-01T00:00:00.000Z',
}

function render() {
  return renderWithProviders(<SpendingLimitSection />, { session: loggedInSession(), route: '/myWallet' })
}

describe('SpendingLimitSection', () => {
  it('shows what was spent this month and says when changes take effect', async () => {
    server.use(onGet('/payment/getSpendingLimit', base))
    render()
    expect(await screen.findByText('Spent in November 2026:')).toBeInTheDocument()
    expect(screen.getByText('$9.99')).toBeInTheDocument()
    expect(screen.getByText('None')).toBeInTheDocument()
    expect(
      screen.getByText(
        /Lowering your limit takes effect at once; raising or removing it takes effect 24 hours later\./,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove Limit' })).not.toBeInTheDocument()
  })

  it('sets a limit, which applies at once', async () => {
    const sent: SetSpendingLimitBody[] = []
    let state = base
    server.use(
      onGet('/payment/getSpendingLimit', () => state),
      onPost('/payment/setSpendingLimit', (_request, body) => {
        sent.push(body as SetSpendingLimitBody)
        state = { ...base, monthlyLimit: 25, leftThisMonth: 15.01 }
        return state
      }),
    )
    const { user } = render()
    await user.type(await screen.findByLabelText('Monthly limit in US dollars'), '25')
    await user.click(screen.getByRole('button', { name: 'Set Limit' }))
    expect(await screen.findByText('Your monthly limit is now $25.00.')).toBeInTheDocument()
    expect(sent).toEqual([{ monthlyLimit: 25 }])
    expect(await screen.findByText('Left until 2026-12-01:')).toBeInTheDocument()
    expect(screen.getByText('$15.01')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove Limit' })).toBeInTheDocument()
  })

  it('shows a raise waiting its 24 hours, and keeps the current limit on request', async () => {
    const limited = { ...base, monthlyLimit: 25, leftThisMonth: 15.01 }
    const sent: SetSpendingLimitBody[] = []
    let state: SpendingLimit = limited
    server.use(
      onGet('/payment/getSpendingLimit', () => state),
      onPost('/payment/setSpendingLimit', (_request, body) => {
        const { monthlyLimit } = body as SetSpendingLimitBody
        sent.push({ monthlyLimit })
        state =
          monthlyLimit === 100
            ? { ...limited, pendingChange: { monthlyLimit: 100, appliesAt: '2026-11-13T09:30:00.000Z' } }
            : limited
        return state
      }),
    )
    const { user } = render()
    await user.type(await screen.findByLabelText('Monthly limit in US dollars'), '100')
    await user.click(screen.getByRole('button', { name: 'Set Limit' }))
    // The toast keeps the date in a piece of its own (on one line); the message reads whole.
    const confirmation = 'Your new limit of $100.00 applies on 2026-11-13 at 09:30 UTC.'
    expect(
      await screen.findByText(
        (_text, element) =>
          element?.textContent === confirmation &&
          !Array.from(element.children).some((child) => child.textContent === confirmation),
      ),
    ).toBeInTheDocument()
    const notice = (await screen.findByText(/Your limit rises to \$100\.00 on 2026-11-13 at 09:30 UTC\./)).closest(
      '[role="alert"]',
    ) as HTMLElement
    expect(notice).toHaveTextContent('Until then $25.00 applies.')

    await user.click(within(notice).getByRole('button', { name: 'Keep $25.00' }))
    await waitFor(() => expect(screen.queryByText(/Your limit rises to/)).not.toBeInTheDocument())
    expect(sent).toEqual([{ monthlyLimit: 100 }, { monthlyLimit: 25 }])
  })

  it('refuses what is not a whole number of dollars, keeping what was typed', async () => {
    let calls = 0
    server.use(
      onGet('/payment/getSpendingLimit', base),
      onPost('/payment/setSpendingLimit', () => {
        calls += 1
        return base
      }),
    )
    const { user } = render()
    const field = await screen.findByLabelText('Monthly limit in US dollars')
    await user.type(field, '12.50')
    await user.click(screen.getByRole('button', { name: 'Set Limit' }))
    expect(screen.getByText('Enter a whole number of dollars from 0 to 10,000.')).toBeInTheDocument()
    expect(field).toHaveValue('12.50')
    expect(calls).toBe(0)
  })

  it('offers a retry when the limit cannot be loaded', async () => {
    let fail = true
    server.use(
      onGet('/payment/getSpendingLimit', () => (fail ? refusal(503, 'Unavailable', 'Down for a moment', true) : base)),
    )
    const { user } = render()
    expect(await screen.findByText('Your spending limit could not be loaded.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Spent in November 2026:')).toBeInTheDocument()
  })
})
