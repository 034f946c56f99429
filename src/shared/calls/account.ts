import type { Call } from './call'

// My Account's calls: the profile, the password, the e-mail address, the data export and deletion (docs/product.md#calls-session).

export const getAvatarList = { method: 'GET', url: '/getAvatarList' } as const satisfies Call
export const updateProfile = { method: 'POST', url: '/account/updateProfile' } as const satisfies Call
export const changePassword = { method: 'POST', url: '/account/changePassword' } as const satisfies Call
export const requestEmailChange = { method: 'POST', url: '/account/requestEmailChange' } as const satisfies Call
export const confirmEmailChange = { method: 'POST', url: '/account/confirmEmailChange' } as const satisfies Call
export const undoEmailChange = { method: 'POST', url: '/account/undoEmailChange' } as const satisfies Call
export const requestAccountDeletion = { method: 'POST', url: '/account/requestDeletion' } as const satisfies Call
/** Answers a ZIP, not the envelope (docs/export-format.md); refusals before it starts are the envelope. */
export const exportMyData = { method: 'GET', url: '/account/exportMyData' } as const satisfies Call
