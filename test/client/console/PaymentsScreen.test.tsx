import { screen, waitFor, within } from '@testing-library/react'

import type { ConsolePayment, ConsolePayments } from '@shared/consolePayments'
import { CONSOLE_PAYMENT_TEXTS } from '@shared/consolePayments'
import { PaymentsScreen } from '@client/features/console/PaymentsScreen'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

jest.setTimeout(30_000)

const paid: ConsolePayment = {
  providerPaymentId: 'pi_test_paid',
  provider: 'test',
  userId: 'u1',
  username: 'rover',
  email: 'rover@example.com',
  amountCents: 199,
  currency: 'usd',
  credit: 10_000,
  creditKind: 'digital',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:00:05.000Z',
  status: 'paid',
  refundedCents: 0,
  creditReversed: 0,
  buyerOwes: 0,
  events: [],
  refundable: true,
}

const disputed: ConsolePayment = {
  ...paid,
  providerPaymentId: 'pi_test_disputed',
  status: 'disputed',
  creditReversed: 10_000,
  buyerOwes: 1_500,
  refundable: false,
  events: [
    {
      eventId: 'evt_1',
      type: 'charge.dispute.created',
      providerPaymentId: 'pi_test_disputed',
      amountCents: 199,
      status: 'needs_response',
      creditTaken: 8_500,
      creditOwed: 1_500,
      creditRestored: 0,
      outcome: 'reversed',
      receivedAt: '2026-11-21T09:00:00.000Z',
    },
  ],
}

describe('PaymentsScreen', () => {
  it('lists purchases with their disputes and ledger effect, searches by traveller, and refunds with a reason', async () => {
    const searches: string[] = []
    const refunds: unknown[] = []
    server.use(
      onGet('/operator/payments', (request): ConsolePayments => {
        searches.push(new URL(request.url).search)
        return { payments: [paid, disputed], recentEvents: disputed.events }
      }),
      onPost('/operator/payments/refund', (_request, body) => {
        refunds.push(body)
        return { payment: { ...paid, status: 'refunded', refundable: false } }
      }),
    )
    const { user } = renderWithProviders(<PaymentsScreen />)

    const table = await screen.findByRole('table', { name: 'Purchases' })
    const disputedRow = within(table).getByRole('row', { name: 'pi_test_disputed' })
    expect(disputedRow).toHaveTextContent('Disputed')
    expect(disputedRow).toHaveTextContent('Dispute opened (needs_response)')
    expect(disputedRow).toHaveTextContent('−10,000 credit (1,500 owed)')
    expect(disputedRow).toHaveTextContent('Buyer owes 1,500 credit')
    expect(within(disputedRow).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Recent refunds and disputes' })).toHaveTextContent('pi_test_disputed')

    await user.type(screen.getByLabelText('Traveller (e-mail, username or friend code)'), 'rover@example.com')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches).toContain('?traveller=rover%40example.com'))

    const paidRow = within(await screen.findByRole('table', { name: 'Purchases' })).getByRole('row', {
      name: 'pi_test_paid',
    })
    await user.click(within(paidRow).getByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund this purchase' })
    const submit = within(dialog).getByRole('button', { name: 'Refund' })
    expect(submit).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/Reason/), 'Charged twice')
    await user.click(submit)
    expect(await screen.findByText(CONSOLE_PAYMENT_TEXTS.refunded)).toBeInTheDocument()
    expect(refunds).toEqual([{ providerPaymentId: 'pi_test_paid', reason: 'Charged twice' }])
  })
})
