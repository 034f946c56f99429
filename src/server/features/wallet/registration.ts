import type { Transaction } from 'kysely'

import { INVITATION_CERTIFICATE_CREDIT, REFERRAL_REWARD_CREDIT, WELCOME_CERTIFICATE_CREDIT } from '@shared/constants'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { notify } from '../notifications/service'

import { issueCertificate } from './certificates'
import { credit } from './ledger'

/**
 * Gifts of a registration, inside its transaction: the welcome certificate for everyone;
 * for an invited user the invitation certificate, and for the inviter the referral reward, once per invitee.
 */
export async function grantRegistrationGifts(
  trx: Transaction<Database>,
  newUser: { id: string; username: string },
  inviter: { id: string } | null,
): Promise<{ invitationReward: boolean }> {
  await issueCertificate(trx, {
    userId: newUser.id,
    creditValue: WELCOME_CERTIFICATE_CREDIT,
    source: 'welcome',
    sourceRef: newUser.id,
  })
  if (!inviter) return { invitationReward: false }

  await issueCertificate(trx, {
    userId: newUser.id,
    creditValue: INVITATION_CERTIFICATE_CREDIT,
    source: 'invitation',
    sourceRef: newUser.id,
  })
  const rewarded = await trx
    .insertInto('referral_rewards')
    .values({ invitee_id: newUser.id, inviter_id: inviter.id, created_at: nowIso() })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .executeTakeFirst()
  if (Number(rewarded.numInsertedOrUpdatedRows ?? 0) === 1) {
    await credit(trx, {
      userId: inviter.id,
      currency: 'digital',
      amount: REFERRAL_REWARD_CREDIT,
      reason: 'referral',
      reference: newUser.id,
    })
    await notify(
      trx,
      inviter.id,
      'Your friend joined Wandercards',
      `${newUser.username} joined with your friend code. You received ${REFERRAL_REWARD_CREDIT.toLocaleString('en-US')} digital credit.`,
    )
  }
  return { invitationReward: true }
}
