import type { Call } from './call'

// A traveller's report (docs/product.md#reports-and-moderation).

export const reportItem = { method: 'POST', url: '/moderation/report' } as const satisfies Call
