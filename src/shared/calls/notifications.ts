import type { Call } from './call'

// Notifications (docs/product.md#calls-social).

export const checkNewNotifications = { method: 'GET', path: '/checkNewNotifications' } as const satisfies Call
export const getNotifications = { method: 'GET', path: '/getNotifications' } as const satisfies Call
export const readNotification = { method: 'POST', path: '/readNotification' } as const satisfies Call
export const readAllNotifications = { method: 'POST', path: '/readAllNotifications' } as const satisfies Call
