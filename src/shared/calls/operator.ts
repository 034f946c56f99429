import type { Call } from './call'

// The console's calls (docs/security.md#operators): answered as unknown routes to anyone but an operator, and left
// out of the public OpenAPI document, so each is marked `operator: true`.

export const getSecondFactor = { method: 'GET', path: '/operator/secondFactor', operator: true } as const satisfies Call
export const enrolSecondFactor = {
  method: 'POST',
  path: '/operator/secondFactor/enrol',
  operator: true,
} as const satisfies Call
export const verifySecondFactor = {
  method: 'POST',
  path: '/operator/secondFactor/verify',
  operator: true,
} as const satisfies Call
export const getAuditLog = { method: 'GET', path: '/operator/auditLog', operator: true } as const satisfies Call
/** Answers CSV text, not the envelope; refusals are the envelope. */
export const exportAuditLog = {
  method: 'GET',
  path: '/operator/auditLog/export',
  operator: true,
} as const satisfies Call
export const searchTravellers = {
  method: 'GET',
  path: '/operator/travellers/search',
  operator: true,
} as const satisfies Call
export const getTraveller = {
  method: 'GET',
  path: '/operator/travellers/traveller',
  operator: true,
} as const satisfies Call
export const adjustCredit = {
  method: 'POST',
  path: '/operator/travellers/adjustCredit',
  operator: true,
} as const satisfies Call
export const endSessions = {
  method: 'POST',
  path: '/operator/travellers/endSessions',
  operator: true,
} as const satisfies Call
export const sendPasswordReset = {
  method: 'POST',
  path: '/operator/travellers/sendPasswordReset',
  operator: true,
} as const satisfies Call
export const getContentRequests = {
  method: 'GET',
  path: '/operator/contentRequests',
  operator: true,
} as const satisfies Call
export const replyToContentRequest = {
  method: 'POST',
  path: '/operator/contentRequests/reply',
  operator: true,
} as const satisfies Call
export const markContentRequestDone = {
  method: 'POST',
  path: '/operator/contentRequests/markDone',
  operator: true,
} as const satisfies Call
export const getModerationQueue = {
  method: 'GET',
  path: '/operator/moderation/queue',
  operator: true,
} as const satisfies Call
export const actOnQueueItem = {
  method: 'POST',
  path: '/operator/moderation/act',
  operator: true,
} as const satisfies Call
export const unsuspend = {
  method: 'POST',
  path: '/operator/moderation/unsuspend',
  operator: true,
} as const satisfies Call
export const getConsolePayments = { method: 'GET', path: '/operator/payments', operator: true } as const satisfies Call
export const refundPurchase = {
  method: 'POST',
  path: '/operator/payments/refund',
  operator: true,
} as const satisfies Call
