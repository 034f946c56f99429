import type { Call } from './call'

// Signing up, logging in and out, the password reset and the e-mail check (docs/product.md#calls-session).

export const register = { method: 'POST', path: '/register' } as const satisfies Call
export const login = { method: 'POST', path: '/login' } as const satisfies Call
export const logout = { method: 'POST', path: '/logout' } as const satisfies Call
export const requestPasswordReset = { method: 'POST', path: '/requestPasswordReset' } as const satisfies Call
export const resetPassword = { method: 'POST', path: '/resetPassword' } as const satisfies Call
export const verifyEmail = { method: 'POST', path: '/verifyEmail' } as const satisfies Call
export const resendVerificationEmail = { method: 'POST', path: '/resendVerificationEmail' } as const satisfies Call
export const getUser = { method: 'GET', path: '/getUser' } as const satisfies Call
export const getAvatarList = { method: 'GET', path: '/getAvatarList' } as const satisfies Call
