import type { Call } from './call'

// Notifications (docs/product.md#calls-social).

export const checkNewNotifications = { method: 'GET', url: '/checkNewNotifications' } as const satisfies Call
export const getNotifications = { method: 'GET', url: '/getNotifications' } as const satisfies Call
export const readNotification = { method: 'POST', url: '/readNotification' } as const satisfies Call
export const readAllNotifications = { method: 'POST', url: '/readAllNotifications' } as const satisfies Call
