import type { Transaction } from 'kysely'

import { INVITATION_CERTIFICATE_CREDIT, WELCOME_CERTIFICATE_CREDIT } from '@shared/constants'

import type { Database } from '../../db/schema'

import { issueCertificate } from './certificates'
import { holdReferralReward } from './referrals'

/**
 * Gifts of a registration, inside its transaction: the welcome certificate for everyone;
 * for an invited user the invitation certificate, and for the inviter the referral reward, held until the new user
 * confirms their e-mail address (wallet/referrals.ts).
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
  await holdReferralReward(trx, newUser, inviter.id)
  return { invitationReward: true }
}
