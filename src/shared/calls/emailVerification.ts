import type { Call } from './call'

// Confirming the e-mail address (docs/product.md#calls-session).

export const verifyEmail = { method: 'POST', url: '/verifyEmail' } as const satisfies Call
export const resendVerificationEmail = { method: 'POST', url: '/resendVerificationEmail' } as const satisfies Call
