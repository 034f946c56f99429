import type { Migration } from 'kysely'

import * as usersSessionsNotifications from './2026_11_21_0900_users_sessions_notifications'
import * as catalogue from './2026_11_21_0910_catalogue'
import * as social from './2026_11_21_0920_social'
import * as wallet from './2026_11_21_0930_wallet'
import * as acquire from './2026_11_21_0940_acquire'
import * as memories from './2026_11_21_0950_memories'
import * as usernameCaseInsensitive from './2026_11_22_0100_username_case_insensitive'
import * as memoryPictureSizes from './2026_11_22_2000_memory_picture_sizes'
import * as referralRewardHold from './2026_11_22_2200_referral_reward_hold'
import * as notificationLinks from './2026_11_23_0130_notification_links'
import * as drawPity from './2026_11_23_0300_draw_pity'
import * as spendingLimits from './2026_11_25_1000_spending_limits'
import * as cardGifts from './2026_11_25_1010_card_gifts'
import * as accountDeletions from './2026_11_25_1100_account_deletions'
import * as travel from './2026_11_25_1200_travel'
import * as collectionGroups from './2026_11_25_1300_collection_groups'
import * as usernameSkeletons from './2026_11_26_1000_username_skeletons'
import * as mailOutboxPasswordResets from './2026_11_27_0900_mail_outbox_password_resets'
import * as emailVerifications from './2026_11_27_1100_email_verifications'
import * as emailChanges from './2026_11_27_1130_email_changes'
import * as mailOwed from './2026_11_27_1200_mail_owed'
import * as blocks from './2026_11_28_0900_blocks'
import * as moderation from './2026_11_28_1000_moderation'
import * as operators from './2026_11_28_1100_operators'
import * as paymentReversals from './2026_11_28_1200_payment_reversals'
import * as photoImports from './2026_11_28_1300_photo_imports'
import * as yearRecapShares from './2026_11_28_1400_year_recap_shares'
import * as trips from './2026_11_28_1500_trips'
import * as copiesOneOwnerIndex from './2026_11_28_1600_copies_one_owner_index'
import * as memoriesSharedFeedIndex from './2026_11_29_1800_memories_shared_feed_index'

/** Every migration, in order. Listed explicitly so they load the same under tsx, jest and bundlers. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0900_users_sessions_notifications': usersSessionsNotifications,
  '2026_11_21_0910_catalogue': catalogue,
  '2026_11_21_0920_social': social,
  '2026_11_21_0930_wallet': wallet,
  '2026_11_21_0940_acquire': acquire,
  '2026_11_21_0950_memories': memories,
  '2026_11_22_0100_username_case_insensitive': usernameCaseInsensitive,
  '2026_11_22_2000_memory_picture_sizes': memoryPictureSizes,
  '2026_11_22_2200_referral_reward_hold': referralRewardHold,
  '2026_11_23_0130_notification_links': notificationLinks,
  '2026_11_23_0300_draw_pity': drawPity,
  '2026_11_25_1000_spending_limits': spendingLimits,
  '2026_11_25_1010_card_gifts': cardGifts,
  '2026_11_25_1100_account_deletions': accountDeletions,
  '2026_11_25_1200_travel': travel,
  '2026_11_25_1300_collection_groups': collectionGroups,
  '2026_11_26_1000_username_skeletons': usernameSkeletons,
  '2026_11_27_0900_mail_outbox_password_resets': mailOutboxPasswordResets,
  '2026_11_27_1100_email_verifications': emailVerifications,
  '2026_11_27_1130_email_changes': emailChanges,
  '2026_11_27_1200_mail_owed': mailOwed,
  '2026_11_28_0900_blocks': blocks,
  '2026_11_28_1000_moderation': moderation,
  '2026_11_28_1100_operators': operators,
  '2026_11_28_1200_payment_reversals': paymentReversals,
  '2026_11_28_1300_photo_imports': photoImports,
  '2026_11_28_1400_year_recap_shares': yearRecapShares,
  '2026_11_28_1500_trips': trips,
  '2026_11_28_1600_copies_one_owner_index': copiesOneOwnerIndex,
  '2026_11_29_1800_memories_shared_feed_index': memoriesSharedFeedIndex,
}
