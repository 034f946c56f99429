import type { Insertable, Kysely, Transaction } from 'kysely'

import type { Database, OperatorActionsTable, OperatorsTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'username']).where('email', '=', email).executeTakeFirst()
}

export function findOperator(db: Db, userId: string) {
  return db.selectFrom('operators').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Answers false when the account already is an operator. */
export async function insertOperator(db: Db, operator: Insertable<OperatorsTable>): Promise<boolean> {
  const result = await db
    .insertInto('operators')
    .values(operator)
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Answers false when the account was no operator. Its second-factor marks go with it (ON DELETE CASCADE). */
export async function deleteOperator(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('operators').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export function listOperators(db: Db) {
  return db
    .selectFrom('operators')
    .innerJoin('users', 'users.id', 'operators.user_id')
    .select([
      'users.email',
      'users.username',
      'operators.user_id',
      'operators.granted_at',
      'operators.granted_by',
      'operators.totp_enrolled_at',
    ])
    .orderBy('operators.granted_at')
    .orderBy('operators.user_id')
    .execute()
}

export async function anyOperator(db: Db): Promise<boolean> {
  const row = await db.selectFrom('operators').select('user_id').limit(1).executeTakeFirst()
  return row !== undefined
}

/**
 * The operator behind a live session, and when that session passed the second factor (null: not yet); undefined when
 * the session's user is no operator.
 */
export function findOperatorSession(db: Db, tokenHash: string, at: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('operators', 'operators.user_id', 'sessions.user_id')
    .leftJoin('operator_sessions', 'operator_sessions.token_hash', 'sessions.token_hash')
    .select(['operators.user_id', 'operators.totp_enrolled_at', 'operator_sessions.verified_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', at)
    .executeTakeFirst()
}

/** Proposes a secret while the operator is not enrolled yet; answers false once enrolled. */
export async function setProposedSecret(db: Db, userId: string, sealed: string): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_secret_encrypted: sealed, totp_last_step: null })
    .where('user_id', '=', userId)
    .where('totp_enrolled_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Takes a code's time-step, once: a step no later than the last one accepted is refused (a replayed code, or an older
 * one). With `enrolAt`, enrols the operator at the same time, when not enrolled yet. A conditional update, so two
 * requests with the same code cannot both pass.
 */
export async function acceptStep(
  db: Db,
  userId: string,
  step: number,
  sealed: string,
  enrolAt: string | null,
): Promise<boolean> {
  let update = db
    .updateTable('operators')
    .set(enrolAt ? { totp_last_step: step, totp_enrolled_at: enrolAt } : { totp_last_step: step })
    .where('user_id', '=', userId)
    // The secret the code was checked against is still the one stored (no new proposal in between).
    .where('totp_secret_encrypted', '=', sealed)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
  update = enrolAt ? update.where('totp_enrolled_at', 'is', null) : update.where('totp_enrolled_at', 'is not', null)
  const result = await update.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function markSessionVerified(db: Db, tokenHash: string, userId: string, at: string): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({ token_hash: tokenHash, user_id: userId, verified_at: at })
    .onConflict((conflict) => conflict.column('token_hash').doUpdateSet({ verified_at: at }))
    .execute()
}

export async function deleteOperatorSessionsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('user_id', '=', userId).execute()
}

export async function insertOperatorAction(db: Db, action: OperatorActionsTable): Promise<void> {
  await db.insertInto('operator_actions').values(action).execute()
}

export function findOperatorAccount(db: Db, userId: string) {
  return db
    .selectFrom('operators')
    .innerJoin('users', 'users.id', 'operators.user_id')
    .select([
      'operators.user_id',
      'users.email',
      'operators.totp_secret_encrypted',
      'operators.totp_enrolled_at',
      'operators.totp_last_step',
    ])
    .where('operators.user_id', '=', userId)
    .executeTakeFirst()
}

export interface AuditLogQuery {
  operatorUserId?: string
  action?: string
  targetType?: string
  targetId?: string
  /** ISO times: from included, until excluded. */
  from?: string
  until?: string
  /** Newest first, starting strictly after this key. */
  after?: { createdAt: string; id: string }
  limit: number
}

/** The audit log, newest first, with the operator's and a target user's username where the accounts still exist. */
export function findOperatorActions(db: Db, query: AuditLogQuery) {
  let select = db
    .selectFrom('operator_actions')
    .leftJoin('users as operator', 'operator.id', 'operator_actions.operator_user_id')
    .leftJoin('users as target', (join) =>
      join.onRef('target.id', '=', 'operator_actions.target_id').on('operator_actions.target_type', '=', 'user'),
    )
    .select([
      'operator_actions.id',
      'operator_actions.operator_user_id',
      'operator_actions.action',
      'operator_actions.target_type',
      'operator_actions.target_id',
      'operator_actions.reason',
      'operator_actions.details',
      'operator_actions.created_at',
      'operator.username as operator_username',
      'target.username as target_username',
    ])
  if (query.operatorUserId) select = select.where('operator_actions.operator_user_id', '=', query.operatorUserId)
  if (query.action) select = select.where('operator_actions.action', '=', query.action)
  if (query.targetType) select = select.where('operator_actions.target_type', '=', query.targetType)
  if (query.targetId) select = select.where('operator_actions.target_id', '=', query.targetId)
  if (query.from) select = select.where('operator_actions.created_at', '>=', query.from)
  if (query.until) select = select.where('operator_actions.created_at', '<', query.until)
  const after = query.after
  if (after)
    select = select.where((eb) =>
      eb.or([
        eb('operator_actions.created_at', '<', after.createdAt),
        eb.and([eb('operator_actions.created_at', '=', after.createdAt), eb('operator_actions.id', '<', after.id)]),
      ]),
    )
  return select
    .orderBy('operator_actions.created_at', 'desc')
    .orderBy('operator_actions.id', 'desc')
    .limit(query.limit)
    .execute()
}

/** Everyone who ever acted in the log, with their username where the account still exists. */
export function findActingOperators(db: Db) {
  return db
    .selectFrom('operator_actions')
    .leftJoin('users', 'users.id', 'operator_actions.operator_user_id')
    .select(['operator_actions.operator_user_id', 'users.username'])
    .where('operator_actions.operator_user_id', 'is not', null)
    .groupBy(['operator_actions.operator_user_id', 'users.username'])
    .orderBy('users.username')
    .execute()
}
