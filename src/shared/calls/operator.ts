import type { Call } from './call'

// The console's calls (docs/security.md#operators): answered as unknown routes to anyone but an operator, and left
// out of the public OpenAPI document: the calls of this area are the operator calls.

export const getSecondFactor = { method: 'GET', url: '/operator/secondFactor' } as const satisfies Call
export const enrolSecondFactor = { method: 'POST', url: '/operator/secondFactor/enrol' } as const satisfies Call
export const verifySecondFactor = { method: 'POST', url: '/operator/secondFactor/verify' } as const satisfies Call
export const getAuditLog = { method: 'GET', url: '/operator/auditLog' } as const satisfies Call
/** Answers CSV text, not the envelope; refusals are the envelope. */
export const exportAuditLog = { method: 'GET', url: '/operator/auditLog/export' } as const satisfies Call
export const searchTravellers = { method: 'GET', url: '/operator/travellers/search' } as const satisfies Call
export const getTraveller = { method: 'GET', url: '/operator/travellers/traveller' } as const satisfies Call
export const adjustCredit = { method: 'POST', url: '/operator/travellers/adjustCredit' } as const satisfies Call
export const endSessions = { method: 'POST', url: '/operator/travellers/endSessions' } as const satisfies Call
export const sendPasswordReset = {
  method: 'POST',
  url: '/operator/travellers/sendPasswordReset',
} as const satisfies Call
export const getContentRequests = { method: 'GET', url: '/operator/contentRequests' } as const satisfies Call
export const replyToContentRequest = { method: 'POST', url: '/operator/contentRequests/reply' } as const satisfies Call
export const markContentRequestDone = {
  method: 'POST',
  url: '/operator/contentRequests/markDone',
} as const satisfies Call
export const getModerationQueue = { method: 'GET', url: '/operator/moderation/queue' } as const satisfies Call
export const actOnQueueItem = { method: 'POST', url: '/operator/moderation/act' } as const satisfies Call
export const unsuspend = { method: 'POST', url: '/operator/moderation/unsuspend' } as const satisfies Call
export const getConsolePayments = { method: 'GET', url: '/operator/payments' } as const satisfies Call
export const refundPurchase = { method: 'POST', url: '/operator/payments/refund' } as const satisfies Call
