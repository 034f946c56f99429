import { configure, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'

import type { CreditProduct } from '@shared/wallet'
import { CheckoutDialog } from '@client/features/wallet/components/CheckoutDialog'
import { onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })

const getStripe = jest.fn((publishableKey: string) => Promise.resolve({ publishableKey }))

jest.mock('@client/lib/stripe', () => ({ getStripe: (key: string) => getStripe(key) }))
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ options, children }: { options: unknown; children: ReactNode }) => (
    <div data-testid="stripe-elements" data-options={JSON.stringify(options)}>
      {children}
    </div>
  ),
  PaymentElement: () => <div>Payment Element</div>,
  useStripe: () => null,
  useElements: () => null,
}))

const product: CreditProduct = {
  creditProductId: 3,
  creditProductType: 2,
  creditProductValue: 150_000,
  listPrice: 29.85,
  actualPrice: 19.99,
}

describe('CheckoutDialog', () => {
  it('creates the payment intent on open and mounts the Stripe Payment Element in the dark theme', async () => {
    const bodies: unknown[] = []
    server.use(
      onPost('/payment/createPaymentIntent', (_request, body) => {
        bodies.push(body)
        return { clientSecret: 'pi_1_secret_2', dpmCheckerLink: null, provider: 'stripe', publishableKey: 'pk_test_1' }
      }),
    )
    renderWithProviders(<CheckoutDialog product={product} onClose={jest.fn()} onTestPaymentSucceeded={jest.fn()} />)
    const dialog = await screen.findByRole('dialog', { name: 'Purchase Credit' })
    const elements = await within(dialog).findByTestId('stripe-elements')
    expect(JSON.parse(elements.dataset.options ?? '{}')).toEqual({
      clientSecret: 'pi_1_secret_2',
      appearance: { theme: 'night' },
    })
    expect(getStripe).toHaveBeenCalledWith('pk_test_1')
    expect(bodies).toEqual([{ selectedCreditProduct: 3 }])
    expect(within(dialog).getByRole('button', { name: 'Pay $19.99' })).toBeDisabled()
    expect(within(dialog).queryByText('Test mode — no real money')).not.toBeInTheDocument()
  })

  it('does not close on a click outside, only through Close', async () => {
    server.use(
      onPost('/payment/createPaymentIntent', {
        clientSecret: 'pi_test_1_secret_2',
        dpmCheckerLink: null,
        provider: 'test',
      }),
    )
    const onClose = jest.fn()
    const { user } = renderWithProviders(
      <CheckoutDialog product={product} onClose={onClose} onTestPaymentSucceeded={jest.fn()} />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Purchase Credit' })
    expect(await within(dialog).findByText('Test mode — no real money')).toBeInTheDocument()
    await user.click(document.querySelector('.MuiBackdrop-root') as HTMLElement)
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('shows why the payment could not be prepared', async () => {
    server.use(
      onPost('/payment/createPaymentIntent', () =>
        refusal(404, 'NotFound', 'This credit product is not available.', true),
      ),
    )
    renderWithProviders(<CheckoutDialog product={product} onClose={jest.fn()} onTestPaymentSucceeded={jest.fn()} />)
    const dialog = await screen.findByRole('dialog', { name: 'Purchase Credit' })
    expect(await within(dialog).findByText('This credit product is not available.')).toBeInTheDocument()
    expect(screen.getAllByText('This credit product is not available.')).toHaveLength(1)
  })
})
