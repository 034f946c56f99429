import type { Call } from './call'

// Credit: products, payments, certificates, referral rewards and the spending limit (docs/product.md#calls-wallet).

export const getCreditProducts = { method: 'GET', url: '/payment/getCreditProducts' } as const satisfies Call
export const getMyCreditCertificates = {
  method: 'GET',
  url: '/payment/getMyCreditCertificates',
} as const satisfies Call
export const getReferralRewards = { method: 'GET', url: '/getReferralRewards' } as const satisfies Call
export const getSpendingLimit = { method: 'GET', url: '/payment/getSpendingLimit' } as const satisfies Call
export const setSpendingLimit = { method: 'POST', url: '/payment/setSpendingLimit' } as const satisfies Call
export const createPaymentIntent = { method: 'POST', url: '/payment/createPaymentIntent' } as const satisfies Call
export const verifyPaymentIntent = { method: 'POST', url: '/payment/verifyPaymentIntent' } as const satisfies Call
export const redeemCreditCertificate = {
  method: 'POST',
  url: '/payment/redeemCreditCertificate',
} as const satisfies Call
/** Registered only while payments run in test mode (PAYMENT_PROVIDER=test). */
export const confirmTestModePayment = {
  method: 'POST',
  url: '/payment/testMode/confirmPayment',
} as const satisfies Call
