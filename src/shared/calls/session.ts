import type { Call } from './call'

// Signing up, logging in and out, the password reset and the traveller: the calls the app's first load
// makes, kept apart from the rest of the account so that it carries no other (docs/product.md#calls-session).

export const register = { method: 'POST', url: '/register' } as const satisfies Call
export const login = { method: 'POST', url: '/login' } as const satisfies Call
export const logout = { method: 'POST', url: '/logout' } as const satisfies Call
export const requestPasswordReset = { method: 'POST', url: '/requestPasswordReset' } as const satisfies Call
export const resetPassword = { method: 'POST', url: '/resetPassword' } as const satisfies Call
export const getUser = { method: 'GET', url: '/getUser' } as const satisfies Call
