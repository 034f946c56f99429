import { configure, screen, waitFor, within } from '@testing-library/react'

import {
  PAYMENT_REVERSAL_TEXTS,
  type CreditCertificate,
  type CreditProduct,
  type SpendingLimit,
  type VerifyPaymentIntentResult,
} from '@shared/wallet'
import { makeCertificate, makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { cachedUser, loggedInSession, renderApp, visitorSession } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })

const user = makeUser({ physicalCredit: 3_000 })

const products: CreditProduct[] = [
  { creditProductId: 1, creditProductType: 2, creditProductValue: 10_000, listPrice: 1.99, actualPrice: 1.99 },
  { creditProductId: 2, creditProductType: 2, creditProductValue: 60_000, listPrice: 11.94, actualPrice: 9.99 },
  { creditProductId: 6, creditProductType: 1, creditProductValue: 20_000, listPrice: 19.96, actualPrice: 17.99 },
]

const welcome = makeCertificate()

const noLimit: SpendingLimit = {
  monthlyLimit: null,
  pendingChange: null,
  month: '2026-11',
  spentThisMonth: 0,
  heldThisMonth: 0,
  leftThisMonth: null,
  monthEndsAt: '2026-12-01T00:00:00.000Z',
}

/** The server's view of the balances; a redeem or purchase handler changes it, as the real server would. */
const account = { digitalCredit: user.digitalCredit }

function walletHandlers({ certificates = [] as CreditCertificate[][] } = {}) {
  let certificateCalls = 0
  account.digitalCredit = user.digitalCredit
  return [
    onGet('/getUser', () => ({ ...user, digitalCredit: account.digitalCredit })),
    onGet('/checkNewNotifications', false),
    onGet('/payment/getCreditProducts', products),
    onGet('/payment/getSpendingLimit', noLimit),
    onGet('/payment/getMyCreditCertificates', () => {
      const answer = certificates[Math.min(certificateCalls, certificates.length - 1)] ?? []
      certificateCalls += 1
      return answer
    }),
  ]
}

// The CPU is shared with other suites: give the lazily loaded screen and its dialogs time.
jest.setTimeout(20_000)

describe('MyWalletPage', () => {
  beforeAll(async () => {
    // Load the route's chunk once so the first test does not pay for it inside findBy's wait.
    await import('@client/features/wallet/MyWalletPage')
  })

  it('shows balances, the products with the discount badge, and the empty certificate list', async () => {
    server.use(...walletHandlers())
    renderApp('/myWallet', { session: loggedInSession() })

    expect(await screen.findByRole('heading', { name: 'My Wallet' })).toBeInTheDocument()
    expect(screen.getByLabelText('Digital credit: 12,500 credit')).toBeInTheDocument()
    expect(await screen.findByLabelText('Physical credit: 3,000 credit')).toBeInTheDocument()

    const purchase = screen.getByRole('region', { name: 'Purchase Credit' })
    expect(
      await within(purchase).findByRole('button', { name: 'Buy 60,000 digital credit for $9.99' }),
    ).toBeInTheDocument()
    expect(within(purchase).getByText('16% OFF')).toBeInTheDocument()
    // 17.99 / 19.96 is 0.901: no badge.
    expect(within(purchase).getAllByText(/% OFF$/)).toHaveLength(1)
    expect(within(purchase).getByText('$1.99')).toBeInTheDocument()

    expect(await screen.findByText("You don't have any credit certificates available.")).toBeInTheDocument()
  })

  it('says the balance is negative while a refund or dispute left credit owed', async () => {
    server.use(onGet('/getUser', { ...user, digitalCredit: 0, digitalCreditOwed: 1_500 }), ...walletHandlers())
    renderApp('/myWallet', { session: loggedInSession() })

    expect(await screen.findByRole('heading', { name: 'My Wallet' })).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Digital credit: ${PAYMENT_REVERSAL_TEXTS.spendingBlocked(1_500)}`,
    )
  })

  it('lists the certificates a traveller already holds before anything to buy', async () => {
    server.use(...walletHandlers({ certificates: [[welcome]] }))
    renderApp('/myWallet', { session: loggedInSession() })
    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument()

    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(sections.indexOf('Credit Certificates')).toBeLessThan(sections.indexOf('Purchase Credit'))
    expect(sections.indexOf('Redeem Credit Certificate')).toBeLessThan(sections.indexOf('Purchase Credit'))
    expect(sections.indexOf('Purchase Credit')).toBeLessThan(sections.indexOf('Spending Limit'))
  })

  it('redeems a code: success modal with the value, input cleared, list reloaded', async () => {
    const redeemed: unknown[] = []
    server.use(
      ...walletHandlers({ certificates: [[welcome], []] }),
      onPost('/payment/redeemCreditCertificate', (_request, body) => {
        redeemed.push(body)
        account.digitalCredit = 22_500
        return { result: true, creditValue: 10_000, userData: { digitalCredit: 22_500, physicalCredit: 3_000 } }
      }),
    )
    const { user: actor, store } = renderApp('/myWallet', { session: loggedInSession() })
    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument()

    const input = screen.getByLabelText('Certificate code')
    await actor.type(input, 'abcd-efgh-jkmn-pqrs')
    const form = screen.getByRole('region', { name: 'Redeem Credit Certificate' })
    await actor.click(within(form).getByRole('button', { name: 'Redeem' }))

    const dialog = await screen.findByRole('dialog', { name: 'Certificate Redeemed' })
    expect(within(dialog).getByText('10,000')).toBeInTheDocument()
    expect(redeemed).toEqual([{ redeemCode: 'abcd-efgh-jkmn-pqrs' }])
    expect(input).toHaveValue('')
    await waitFor(() => expect(cachedUser(store)?.digitalCredit).toBe(22_500))
    expect(await screen.findByText("You don't have any credit certificates available.")).toBeInTheDocument()

    await actor.click(within(dialog).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('does nothing when the code is empty', async () => {
    let calls = 0
    server.use(
      ...walletHandlers(),
      onPost('/payment/redeemCreditCertificate', () => {
        calls += 1
        return refusal(500, 'Internal', 'An empty code must not be sent.', true)
      }),
    )
    const { user: actor } = renderApp('/myWallet', { session: loggedInSession() })
    const form = await screen.findByRole('region', { name: 'Redeem Credit Certificate' })
    await actor.type(within(form).getByLabelText('Certificate code'), '   ')
    await actor.click(within(form).getByRole('button', { name: 'Redeem' }))
    expect(calls).toBe(0)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("shows the server's warning for an invalid certificate", async () => {
    server.use(
      ...walletHandlers(),
      onPost('/payment/redeemCreditCertificate', () =>
        refusal(422, 'RuleViolation', 'The certificate is not valid.', true),
      ),
    )
    const { user: actor } = renderApp('/myWallet', { session: loggedInSession() })
    const form = await screen.findByRole('region', { name: 'Redeem Credit Certificate' })
    const input = within(form).getByLabelText('Certificate code')
    await actor.type(input, 'WRONG-CODE')
    await actor.click(within(form).getByRole('button', { name: 'Redeem' }))
    expect(await screen.findByText('The certificate is not valid.')).toBeInTheDocument()
    expect(input).toHaveValue('WRONG-CODE')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('tells a visitor the page is not public, with a Login button', async () => {
    renderApp('/myWallet', { session: visitorSession })
    expect(await screen.findByText('This page is not public accessible.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?from=%2FmyWallet')
  })

  it("takes the provider's return out of the address once it is being verified, and keeps the result shown", async () => {
    const verified: unknown[] = []
    server.use(
      ...walletHandlers(),
      onPost('/payment/verifyPaymentIntent', (_request, body) => {
        verified.push(body)
        return { paid: true, userData: { digitalCredit: 72_500, physicalCredit: 3_000 } }
      }),
    )
    const { router } = renderApp(
      '/myWallet?payment_intent=pi_321&payment_intent_client_secret=pi_321_secret_abc&redirect_status=succeeded',
      { session: loggedInSession() },
    )
    expect(await screen.findByText('Purchase successful!')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/myWallet')
    expect(screen.getByText('Purchase successful!')).toBeInTheDocument()
    expect(verified).toEqual([{ paymentIntentId: 'pi_321' }])
  })

  it('verifies the return from the provider, shows "Purchase successful!" and clears the query on close', async () => {
    const verified: unknown[] = []
    server.use(
      ...walletHandlers(),
      onPost('/payment/verifyPaymentIntent', (_request, body) => {
        verified.push(body)
        account.digitalCredit = 72_500
        return { paid: true, userData: { digitalCredit: 72_500, physicalCredit: 3_000 } }
      }),
    )
    const {
      user: actor,
      router,
      store,
    } = renderApp('/myWallet?payment_intent=pi_123&redirect_status=succeeded', { session: loggedInSession() })
    const alert = await screen.findByText('Purchase successful!')
    expect(verified).toEqual([{ paymentIntentId: 'pi_123' }])
    await waitFor(() => expect(cachedUser(store)?.digitalCredit).toBe(72_500))

    await actor.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByText('Purchase successful!')).not.toBeInTheDocument()
  })

  it('shows "Purchase failed!" when the payment is not paid', async () => {
    server.use(
      ...walletHandlers(),
      onPostVerify({ paid: false, userData: { digitalCredit: 12_500, physicalCredit: 3_000 } }),
    )
    renderApp('/myWallet?payment_intent=pi_456', { session: loggedInSession() })
    expect(await screen.findByText('Purchase failed!')).toBeInTheDocument()
  })

  it('says why when the spending limit refused the payment', async () => {
    server.use(
      ...walletHandlers(),
      onPostVerify({
        paid: false,
        refusedBySpendingLimit: true,
        userData: { digitalCredit: 12_500, physicalCredit: 3_000 },
      }),
    )
    renderApp('/myWallet?payment_intent=pi_457', { session: loggedInSession() })
    expect(
      await screen.findByText(
        'Purchase failed! This payment would have passed your monthly spending limit, so no credit was added and the payment is refunded.',
      ),
    ).toBeInTheDocument()
  })

  it('shows "Purchase failed!" when the payment cannot be verified', async () => {
    server.use(
      ...walletHandlers(),
      onPost('/payment/verifyPaymentIntent', () => refusal(404, 'NotFound', 'The payment was not found.', true)),
    )
    renderApp('/myWallet?payment_intent=pi_789', { session: loggedInSession() })
    expect(await screen.findByText('Purchase failed!')).toBeInTheDocument()
  })

  it('buys with the test-mode card form: a declined card shows the reason, a good card shows the result with a clean address', async () => {
    const intents: unknown[] = []
    server.use(
      ...walletHandlers(),
      onPost('/payment/createPaymentIntent', (_request, body) => {
        intents.push(body)
        return { clientSecret: 'pi_test_1_secret_x', dpmCheckerLink: null, provider: 'test' }
      }),
      onPost('/payment/testMode/confirmPayment', (_request, body) => {
        const { cardNumber } = body as { cardNumber: string }
        return cardNumber.startsWith('4000')
          ? {
              paymentIntentId: 'pi_test_1',
              status: 'requires_payment_method',
              error: { type: 'card_error', message: 'Your card was declined.' },
            }
          : { paymentIntentId: 'pi_test_1', status: 'succeeded' }
      }),
      onPostVerify({ paid: true, userData: { digitalCredit: 72_500, physicalCredit: 3_000 } }),
    )
    const { user: actor, router } = renderApp('/myWallet', { session: loggedInSession() })
    await actor.click(await screen.findByRole('button', { name: 'Buy 60,000 digital credit for $9.99' }))

    const dialog = await screen.findByRole('dialog', { name: 'Purchase Credit' })
    expect(await within(dialog).findByText('Test mode — no real money')).toBeInTheDocument()
    expect(intents).toEqual([{ selectedCreditProduct: 2 }])

    await actor.type(within(dialog).getByLabelText('Test card number'), '4000 0000 0000 0002')
    await actor.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40')
    await actor.type(within(dialog).getByLabelText('CVC'), '123')
    await actor.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }))
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument()

    const cardNumber = within(dialog).getByLabelText('Test card number')
    await actor.clear(cardNumber)
    await actor.type(cardNumber, '4242 4242 4242 4242')
    await actor.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }))

    expect(await screen.findByText('Purchase successful!')).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

function onPostVerify(data: VerifyPaymentIntentResult) {
  return onPost('/payment/verifyPaymentIntent', data)
}
