import { configure, screen, waitFor, within } from '@testing-library/react'

import type { CreditCertificate } from '@shared/wallet'
import { makeCertificate, makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { cachedUser, loggedInSession, renderApp } from '@test/helpers/render'

// The CPU is shared with other suites; findBy waits longer than its 1 s default.
configure({ asyncUtilTimeout: 5_000 })
jest.setTimeout(20_000)

const newTraveller = makeUser({ username: 'marta', digitalCredit: 0 })
const welcomeGift = makeCertificate({ creditCertificateId: 'w1', redeemCode: 'WELC-OMEG-IFTA-AAAA' })
const invitationGift: CreditCertificate = {
  ...welcomeGift,
  creditCertificateId: 'i1',
  redeemCode: 'INVI-TEDG-IFTB-BBBB',
  source: 'invitation',
}

/** A new traveller's account as the server keeps it: redeeming moves a certificate's credit into the balance. */
function newAccount(certificates: CreditCertificate[]) {
  const state = { digitalCredit: 0, certificates: [...certificates] }
  return {
    state,
    handlers: [
      onGet('/getUser', () => ({ ...newTraveller, digitalCredit: state.digitalCredit })),
      onGet('/checkNewNotifications', false),
      onGet('/payment/getMyCreditCertificates', () => state.certificates),
      onPost('/payment/redeemCreditCertificate', (_request, body) => {
        const { redeemCode } = body as { redeemCode: string }
        const certificate = state.certificates.find((c) => c.redeemCode === redeemCode)
        if (!certificate) return refusal(422, 'RuleViolation', 'The certificate is not valid.', true)
        state.certificates = state.certificates.filter((c) => c !== certificate)
        state.digitalCredit += certificate.creditValue
        return {
          result: true,
          creditValue: certificate.creditValue,
          userData: { digitalCredit: state.digitalCredit, physicalCredit: 0 },
        }
      }),
    ],
  }
}

describe('WelcomePage', () => {
  beforeAll(async () => {
    await import('@client/app/routes/WelcomeRoute')
  })

  it('lets a new traveller redeem the welcome gift where it is announced, then leads on to acquiring cards', async () => {
    const account = newAccount([welcomeGift])
    server.use(...account.handlers)
    const { user, store } = renderApp('/welcome', { session: loggedInSession() })

    expect(await screen.findByRole('heading', { name: 'Welcome, marta!' })).toBeInTheDocument()
    const gift = await screen.findByRole('region', { name: 'Your welcome gift' })
    await user.click(within(gift).getByRole('button', { name: 'Redeem Welcome gift' }))

    expect(await within(gift).findByText(/credit has been added to your wallet/)).toBeInTheDocument()
    await waitFor(() => expect(cachedUser(store)?.digitalCredit).toBe(10_000))
    expect(within(gift).queryByRole('button', { name: /^Redeem/ })).not.toBeInTheDocument()
    expect(within(gift).getByRole('link', { name: 'Acquire Cards' })).toHaveAttribute('href', '/acquireCards')
  })

  it('offers both gifts to an invited traveller, beside the invitation banner', async () => {
    server.use(...newAccount([welcomeGift, invitationGift]).handlers)
    renderApp('/welcome?invited=1', { session: loggedInSession() })

    expect(await screen.findByRole('link', { name: 'Redeem Now' })).toHaveAttribute('href', '/myWallet')
    const gift = await screen.findByRole('region', { name: 'Your welcome gift' })
    expect(within(gift).getByRole('button', { name: 'Redeem Welcome gift' })).toBeEnabled()
    expect(within(gift).getByRole('button', { name: 'Redeem Invitation gift' })).toBeEnabled()
  })

  it('shows no gift once it has been redeemed', async () => {
    server.use(...newAccount([]).handlers)
    renderApp('/welcome', { session: loggedInSession() })
    expect(await screen.findByRole('heading', { name: 'Welcome, marta!' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByLabelText('Loading your welcome gift')).not.toBeInTheDocument())
    expect(screen.queryByRole('region', { name: 'Your welcome gift' })).not.toBeInTheDocument()
  })
})
