import { sql, type Kysely, type Transaction } from 'kysely'

import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** Accounts whose e-mail, username or friend code is the text searched for, in any case. */
export async function findTravellerIds(db: Db, text: string): Promise<string[]> {
  const lower = text.trim().toLowerCase()
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, '=', lower),
        eb(sql<string>`lower(username)`, '=', lower),
        eb('friend_code', '=', text.trim().toUpperCase()),
      ]),
    )
    .limit(20)
    .execute()
  return rows.map((row) => row.id)
}

/** The newest purchases, of the given buyers or of everyone, with the buyer's name, address and what they owe. */
export async function listPaymentsWithBuyers(db: Db, userIds: string[] | undefined, limit: number) {
  let query = db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select([
      'users.username',
      'users.email',
      'users.closed_at',
      'users.digital_credit_owed',
      'users.physical_credit_owed',
    ])
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id')
    .limit(limit)
  if (userIds) query = query.where('payments.user_id', 'in', userIds)
  return query.execute()
}

export async function findPaymentWithBuyer(db: Db, providerPaymentId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select([
      'users.username',
      'users.email',
      'users.closed_at',
      'users.digital_credit_owed',
      'users.physical_credit_owed',
    ])
    .where('payments.provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst()
}

export async function listEventsOfPayments(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return []
  return db
    .selectFrom('payment_events')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('received_at')
    .orderBy('id')
    .execute()
}

export async function listRecentEvents(db: Db, limit: number) {
  return db.selectFrom('payment_events').selectAll().orderBy('received_at', 'desc').orderBy('id').limit(limit).execute()
}

export async function listDisputesOfPayments(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return []
  return db.selectFrom('payment_disputes').selectAll().where('payment_id', 'in', paymentIds).execute()
}
