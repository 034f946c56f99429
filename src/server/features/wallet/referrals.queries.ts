import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function insertPendingReferralReward(
  trx: Transaction<Database>,
  reward: { inviteeId: string; inviterId: string; joinedAt: string },
) {
  const inserted = await trx
    .insertInto('referral_rewards')
    .values({
      invitee_id: reward.inviteeId,
      inviter_id: reward.inviterId,
      created_at: reward.joinedAt,
      status: 'pending',
      settled_at: null,
    })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

/** The inviter of the invitee's reward while it is pending. */
export async function findPendingReferralInviter(db: Db, inviteeId: string) {
  return db
    .selectFrom('referral_rewards')
    .select('inviter_id')
    .where('invitee_id', '=', inviteeId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
}

/**
 * Settles the invitee's pending reward as paid and returns its inviter and the invitee's name; only the first caller
 * gets the row back, however many first picks race.
 */
export async function claimPendingReferralReward(trx: Transaction<Database>, inviteeId: string, settledAt: string) {
  const claimed = await trx
    .updateTable('referral_rewards')
    .set({ status: 'paid', settled_at: settledAt })
    .where('invitee_id', '=', inviteeId)
    .where('status', '=', 'pending')
    .returning('inviter_id')
    .executeTakeFirst()
  if (!claimed) return undefined
  const invitee = await trx.selectFrom('users').select('username').where('id', '=', inviteeId).executeTakeFirstOrThrow()
  return { inviter_id: claimed.inviter_id, invitee_username: invitee.username }
}

export async function markReferralRewardOverLimit(trx: Transaction<Database>, inviteeId: string) {
  await trx.updateTable('referral_rewards').set({ status: 'overLimit' }).where('invitee_id', '=', inviteeId).execute()
}

/** Counts one more paid reward for the inviter's month unless the month is full; false when it is. */
export async function countReferralRewardInMonth(
  trx: Transaction<Database>,
  inviterId: string,
  month: string,
  monthlyLimit: number,
): Promise<boolean> {
  await trx
    .insertInto('referral_reward_months')
    .values({ inviter_id: inviterId, month, paid_count: 0 })
    .onConflict((oc) => oc.columns(['inviter_id', 'month']).doNothing())
    .execute()
  const counted = await trx
    .updateTable('referral_reward_months')
    .set((eb) => ({ paid_count: eb('paid_count', '+', 1) }))
    .where('inviter_id', '=', inviterId)
    .where('month', '=', month)
    .where('paid_count', '<', monthlyLimit)
    .executeTakeFirst()
  return Number(counted.numUpdatedRows) === 1
}

export async function findReferralRewardsPaidInMonth(db: Db, inviterId: string, month: string) {
  const row = await db
    .selectFrom('referral_reward_months')
    .select('paid_count')
    .where('inviter_id', '=', inviterId)
    .where('month', '=', month)
    .executeTakeFirst()
  return row?.paid_count ?? 0
}

export async function countPendingReferralRewards(db: Db, inviterId: string) {
  const row = await db
    .selectFrom('referral_rewards')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('inviter_id', '=', inviterId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function listReferrals(db: Db, inviterId: string, limit: number) {
  return db
    .selectFrom('referral_rewards')
    .innerJoin('users', 'users.id', 'referral_rewards.invitee_id')
    .select([
      'users.username',
      'users.avatar_id',
      'referral_rewards.created_at',
      'referral_rewards.status',
      'referral_rewards.settled_at',
    ])
    .where('referral_rewards.inviter_id', '=', inviterId)
    .orderBy('referral_rewards.created_at', 'desc')
    .orderBy('referral_rewards.invitee_id')
    .limit(limit)
    .execute()
}
