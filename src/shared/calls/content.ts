import type { Call } from './call'

// Requests for new cards or collections (docs/product.md#calls-social).

export const requestNewContent = { method: 'POST', url: '/system/requestNewContent' } as const satisfies Call
