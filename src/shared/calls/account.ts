import type { Call } from './call'

// My Account's calls: the profile, the password, the e-mail address, the data export and deletion
// (docs/product.md#calls-session).

export const updateProfile = { method: 'POST', path: '/account/updateProfile' } as const satisfies Call
export const changePassword = { method: 'POST', path: '/account/changePassword' } as const satisfies Call
export const requestEmailChange = { method: 'POST', path: '/account/requestEmailChange' } as const satisfies Call
export const confirmEmailChange = { method: 'POST', path: '/account/confirmEmailChange' } as const satisfies Call
export const undoEmailChange = { method: 'POST', path: '/account/undoEmailChange' } as const satisfies Call
export const requestAccountDeletion = { method: 'POST', path: '/account/requestDeletion' } as const satisfies Call
/** Answers a ZIP, not the envelope (docs/export-format.md); refusals before it starts are the envelope. */
export const exportMyData = { method: 'GET', path: '/account/exportMyData' } as const satisfies Call
