import type { Call } from './call'

// The e-mails a traveller chooses (docs/product.md#e-mails).

export const requestPhysicalCardsNotice = {
  method: 'POST',
  path: '/mail/requestPhysicalCardsNotice',
} as const satisfies Call
export const getEmailPreferences = { method: 'GET', path: '/mail/getEmailPreferences' } as const satisfies Call
export const setEmailPreferences = { method: 'POST', path: '/mail/setEmailPreferences' } as const satisfies Call
