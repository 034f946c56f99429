import type { Kysely, Transaction } from 'kysely'

import { REFERRAL_REWARD_CREDIT, REFERRAL_REWARDS_PER_MONTH } from '@shared/constants'
import { REFERRALS_LISTED, type ReferralRewardsResult } from '@shared/wallet'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { notificationLinks, notify } from '../notifications/service'

import { credit } from './ledger'
import * as walletQueries from './queries'
import * as referralQueries from './referrals.queries'

const REWARD = REFERRAL_REWARD_CREDIT.toLocaleString('en-US')

/** The calendar month (UTC) of an ISO timestamp, which is what the monthly limit counts by. */
function monthOf(isoTimestamp: string): string {
  return isoTimestamp.slice(0, 7)
}

/**
 * Records the inviter's reward for a friend who just joined, held until that friend confirms their e-mail address, so
 * throwaway registrations earn nothing (docs/decisions.md, Accounts). One row per invitee: the key makes a second hold
 * a no-op.
 */
export async function holdReferralReward(
  trx: Transaction<Database>,
  invitee: { id: string; username: string },
  inviterId: string,
): Promise<void> {
  const held = await referralQueries.insertPendingReferralReward(trx, {
    inviteeId: invitee.id,
    inviterId,
    joinedAt: nowIso(),
  })
  if (!held) return
  await notify(
    trx,
    inviterId,
    'Your friend joined Wandercards',
    `${invitee.username} joined with your friend code. You receive ${REWARD} digital credit when they confirm their e-mail address.`,
    notificationLinks.friends,
  )
}

/**
 * What settles a held reward: the invitee confirming their address, in that confirmation's transaction; or, for an
 * account that counts as confirmed since before confirmation existed (its reward was held until a first card), its
 * first pick or paid draw.
 */
export type ReferralOccasion = 'emailConfirmed' | 'firstCard'

const OCCASION_TEXT: Record<ReferralOccasion, string> = {
  emailConfirmed: 'confirmed their e-mail address',
  firstCard: 'collected their first card',
}

/** Pays the reward held for this user's inviter once they confirm their address, in the confirmation's transaction. */
export async function releaseReferralRewardOnConfirmation(
  trx: Transaction<Database>,
  inviteeId: string,
): Promise<void> {
  const pending = await referralQueries.findPendingReferralInviter(trx, inviteeId)
  if (pending) await payReferralReward(trx, inviteeId, pending.inviter_id, 'emailConfirmed')
}

/**
 * Pays the reward held for this user's inviter at a first pick or paid draw, for an invitee whose address counts as
 * confirmed (a new account's reward waits for the confirmation). The pending reward's inviter and the address's state
 * come from the purchase's own update of the invitee's row (`debitPurchase`), which read them while holding that row.
 */
export async function releaseReferralRewardOnFirstCard(
  trx: Transaction<Database>,
  inviteeId: string,
  invitee: { pendingReferralInviterId: string | null; emailConfirmed: boolean },
): Promise<void> {
  if (invitee.pendingReferralInviterId === null || !invitee.emailConfirmed) return
  await payReferralReward(trx, inviteeId, invitee.pendingReferralInviterId, 'firstCard')
}

/**
 * Pays a held reward. The inviter's account row is locked before the reward's row, the lock order of every path to a
 * user's credit (docs/security.md#locks); then the first call claims the reward (a conditional update of the invitee's
 * pending row, so a stale read of it pays nothing); the ledger's key on (inviter, 'referral', invitee) credits it at
 * most once. The month's count is a conditional increment, so friends racing keep the inviter within the cap on both
 * databases; past it, the reward is settled as over the limit and nothing is paid.
 */
async function payReferralReward(
  trx: Transaction<Database>,
  inviteeId: string,
  pendingInviterId: string,
  occasion: ReferralOccasion,
): Promise<void> {
  // An inviter erased meanwhile took the reward with it (its rows go with the account).
  if (!(await walletQueries.lockCreditAccount(trx, pendingInviterId))) return
  const settledAt = nowIso()
  const claimed = await referralQueries.claimPendingReferralReward(trx, inviteeId, settledAt)
  if (!claimed) return
  const { inviter_id: inviterId, invitee_username: inviteeUsername } = claimed
  const withinLimit = await referralQueries.countReferralRewardInMonth(
    trx,
    inviterId,
    monthOf(settledAt),
    REFERRAL_REWARDS_PER_MONTH,
  )
  if (!withinLimit) {
    await referralQueries.markReferralRewardOverLimit(trx, inviteeId)
    await notify(
      trx,
      inviterId,
      'Monthly referral limit reached',
      `${inviteeUsername} ${OCCASION_TEXT[occasion]}. You have received the ${REFERRAL_REWARDS_PER_MONTH} referral rewards a month can bring, so no credit was added for them.`,
      notificationLinks.friends,
    )
    return
  }
  await credit(trx, {
    userId: inviterId,
    currency: 'digital',
    amount: REFERRAL_REWARD_CREDIT,
    reason: 'referral',
    reference: inviteeId,
  })
  await notify(
    trx,
    inviterId,
    'Your referral reward arrived',
    `${inviteeUsername} ${OCCASION_TEXT[occasion]}. You received ${REWARD} digital credit.`,
    notificationLinks.wallet,
  )
}

export async function getReferralRewards(db: Kysely<Database>, inviterId: string): Promise<ReferralRewardsResult> {
  const [referrals, paidThisMonth, pendingCount] = await Promise.all([
    referralQueries.listReferrals(db, inviterId, REFERRALS_LISTED),
    referralQueries.findReferralRewardsPaidInMonth(db, inviterId, monthOf(nowIso())),
    referralQueries.countPendingReferralRewards(db, inviterId),
  ])
  return {
    rewardCredit: REFERRAL_REWARD_CREDIT,
    monthlyLimit: REFERRAL_REWARDS_PER_MONTH,
    paidThisMonth,
    pendingCount,
    referrals: referrals.map((referral) => ({
      username: referral.username,
      avatarId: referral.avatar_id,
      joinedAt: referral.created_at,
      status: referral.status,
      settledAt: referral.settled_at,
    })),
  }
}
