import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { newId } from '../../lib/random'

import { insertOperatorAction } from './queries'

export interface OperatorAction {
  /** The operator who acted; null for the server command (granting or revoking the role). */
  operatorUserId: string | null
  /** What was done, as `<area>.<verb>`: `credit.grant`, `report.dismiss`, `operator.grant`. */
  action: string
  /** What it was done to: `user`, `memory`, `comment`, `contentRequest`, `payment`, `operator`. */
  targetType: string
  targetId: string
  /** Why, as the operator wrote it; '' for what needs none (the operator's own second factor). */
  reason: string
  /** What else tells the action apart (amounts, the before and after): ids and numbers, never names or addresses. */
  details?: Record<string, unknown>
}

/**
 * Writes one row of the audit log (docs/security.md#operators). Call it inside the transaction of the action it
 * records, so the action and its record are kept or lost together. The log is append-only: nothing updates or deletes
 * its rows, and the database's triggers refuse both.
 */
export async function recordOperatorAction(trx: Transaction<Database>, action: OperatorAction): Promise<string> {
  const id = newId()
  await insertOperatorAction(trx, {
    id,
    operator_user_id: action.operatorUserId,
    action: action.action,
    target_type: action.targetType,
    target_id: action.targetId,
    reason: action.reason,
    details: JSON.stringify(action.details ?? {}),
    created_at: nowIso(),
  })
  return id
}
