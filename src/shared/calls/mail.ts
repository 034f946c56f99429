import type { Call } from './call'

// The e-mails a traveller chooses (docs/product.md#e-mails).

export const requestPhysicalCardsNotice = {
  method: 'POST',
  url: '/mail/requestPhysicalCardsNotice',
} as const satisfies Call
export const getEmailPreferences = { method: 'GET', url: '/mail/getEmailPreferences' } as const satisfies Call
export const setEmailPreferences = { method: 'POST', url: '/mail/setEmailPreferences' } as const satisfies Call
