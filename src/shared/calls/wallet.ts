import type { Call } from './call'

// Credit: products, payments, certificates, referral rewards and the spending limit (docs/product.md#calls-wallet).

export const getCreditProducts = { method: 'GET', path: '/payment/getCreditProducts' } as const satisfies Call
export const getMyCreditCertificates = {
  method: 'GET',
  path: '/payment/getMyCreditCertificates',
} as const satisfies Call
export const getReferralRewards = { method: 'GET', path: '/getReferralRewards' } as const satisfies Call
export const getSpendingLimit = { method: 'GET', path: '/payment/getSpendingLimit' } as const satisfies Call
export const setSpendingLimit = { method: 'POST', path: '/payment/setSpendingLimit' } as const satisfies Call
export const createPaymentIntent = { method: 'POST', path: '/payment/createPaymentIntent' } as const satisfies Call
export const verifyPaymentIntent = { method: 'POST', path: '/payment/verifyPaymentIntent' } as const satisfies Call
export const redeemCreditCertificate = {
  method: 'POST',
  path: '/payment/redeemCreditCertificate',
} as const satisfies Call
/** Registered only while payments run in test mode (PAYMENT_PROVIDER=test). */
export const confirmTestModePayment = {
  method: 'POST',
  path: '/payment/testMode/confirmPayment',
} as const satisfies Call
