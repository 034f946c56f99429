import type { Call } from './call'

// The web app's crash report (docs/architecture.md#client-errors).

export const reportClientError = { method: 'POST', url: '/system/reportClientError' } as const satisfies Call
