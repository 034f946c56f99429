import { configure, screen, waitFor } from '@testing-library/react'

import { StripeCheckoutForm } from '@client/features/wallet/components/StripeCheckoutForm'
import { renderWithProviders } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })

const confirmPayment = jest.fn()

// Stripe.js runs in Stripe's frames; here the Payment Element is a stand-in that reports ready when asked.
jest.mock('@stripe/react-stripe-js', () => ({
  PaymentElement: ({ onReady }: { onReady: () => void }) => (
    <button type="button" onClick={onReady}>
      Payment Element ready
    </button>
  ),
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}))

describe('StripeCheckoutForm', () => {
  beforeEach(() => confirmPayment.mockReset())

  it('keeps Pay disabled until the Payment Element is ready', async () => {
    const { user } = renderWithProviders(<StripeCheckoutForm amount={9.99} />)
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Payment Element ready' }))
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled()
  })

  it('confirms with the wallet as return URL and shows the card error from Stripe', async () => {
    confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } })
    const { user } = renderWithProviders(<StripeCheckoutForm amount={9.99} />)
    await user.click(screen.getByRole('button', { name: 'Payment Element ready' }))
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }))
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
    expect(confirmPayment).toHaveBeenCalledWith({
      elements: {},
      confirmParams: { return_url: `${window.location.origin}/myWallet` },
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled())
  })

  it('disables Pay while the payment is submitting', async () => {
    let settle: (value: unknown) => void = () => undefined
    confirmPayment.mockReturnValue(new Promise((resolve) => (settle = resolve)))
    const { user } = renderWithProviders(<StripeCheckoutForm amount={9.99} />)
    await user.click(screen.getByRole('button', { name: 'Payment Element ready' }))
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }))
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeDisabled()
    settle({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } })
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument()
  })

  it('shows "An unexpected error occurred." for any other error', async () => {
    confirmPayment.mockResolvedValue({ error: { type: 'api_connection_error', message: 'Network down' } })
    const { user } = renderWithProviders(<StripeCheckoutForm amount={9.99} />)
    await user.click(screen.getByRole('button', { name: 'Payment Element ready' }))
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }))
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument()
  })
})
