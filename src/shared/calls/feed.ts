import type { Call } from './call'

// The friends' memory feed (docs/product.md#calls-memories).

export const getMemoryFeed = { method: 'GET', url: '/feed/getMemoryFeed' } as const satisfies Call
