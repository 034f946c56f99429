import { onGet, onPost } from './msw'

/** A traveller's login answer in client tests; its authKey is one of the secrets a recording must not hold. */
export const loginResult = {
  authKey: 'secret-token',
  username: 'marta',
  email: 'marta@example.com',
  avatarId: 3,
  digitalCredit: 2500,
  physicalCredit: 40,
  friendCode: 'ABC234',
  accountDeletionCancelled: false,
}

/** The secrets a session that logs in, registers, pays by card and redeems a code handles. */
export const sessionSecrets = {
  password: 'hunter2-Pa55word',
  otherPassword: 'another-Pa55word-9',
  authKey: loginResult.authKey,
  otherAuthKey: 'other-secret-token',
  clientSecret: 'pi_123_secret_456',
  cardNumber: '4242424242424242',
  expiry: '12/34',
  // Distinct enough not to turn up inside a timestamp.
  cvc: 'cvc-731',
  redeemCode: 'ABCD-EFGH-JKMN-PQRS',
}

/** The answers of such a session: each carries one of the secrets back, as the server does. */
export function secretSessionHandlers() {
  return [
    onPost('/login', loginResult),
    onPost('/register', { ...loginResult, authKey: sessionSecrets.otherAuthKey, invitationReward: false }),
    onGet('/checkNewNotifications', false),
    onGet('/payment/getMyCreditCertificates', [
      { creditCertificateId: 'cc1', creditValue: 1000, redeemCode: sessionSecrets.redeemCode, source: 'welcome' },
    ]),
    onPost('/payment/createPaymentIntent', {
      clientSecret: sessionSecrets.clientSecret,
      dpmCheckerLink: null,
      provider: 'test',
    }),
    onPost('/payment/testMode/confirmPayment', { paymentIntentId: 'pi_123', status: 'succeeded' }),
    onPost('/payment/redeemCreditCertificate', {
      result: true,
      creditValue: 1000,
      userData: { digitalCredit: 3500, physicalCredit: 40 },
    }),
  ]
}
