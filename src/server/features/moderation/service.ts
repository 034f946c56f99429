/**
 * The moderation feature's public entry (docs/product.md#reports-and-moderation): travellers' reports, the operators'
 * queue and actions. What moderation hides is left out of every read by db/moderationFilters.ts.
 */
export { reportItem } from './reports'
export { getModerationQueue } from './queue'
export { actOnQueueItem, unsuspend } from './actions'
export { standingOf } from './standing'
