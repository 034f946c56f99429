import type { ExportData } from '@shared/account'

import type { Database } from '../../db/schema'

/** A part of the export's data.json (docs/export-format.md). */
export type ExportSection = Exclude<keyof ExportData, 'formatVersion' | 'product' | 'exportedAt'>

/**
 * What the export and the deletion of an account do with a table's rows (docs/product.md#account-export,
 * docs/product.md#account-deletion).
 *
 * - `deletedWithUser`: the rows belong to a traveller; their `userColumns` reference `users.id` with ON DELETE CASCADE
 *   (or SET NULL for a mere link), so deleting the user's row deletes them, in one transaction.
 * - `keptAnonymised`: accounting records, handed to the account's anonymised tombstone before the user's row goes
 *   (wallet's closeCreditAccount).
 * - `notPersonal`: nobody's personal data (the catalogue, the products on sale).
 * - `keptAsAudit`: the operators' append-only audit log, which names accounts by bare ids without foreign keys: an
 *   erased account leaves its ids there, pointing at nothing (docs/security.md#operators).
 *
 * `exportedIn` names the part of data.json that holds the user's rows, or null with the reason they are left out.
 */
export type TableFate =
  | { fate: 'notPersonal'; why: string }
  | { fate: 'keptAsAudit'; why: string }
  | {
      fate: 'deletedWithUser' | 'keptAnonymised'
      userColumns: readonly string[]
      exportedIn: ExportSection | { notExported: string }
    }

/**
 * Every table of the schema, each with its fate: a new table does not compile until it has an entry here, and
 * test/server/account/accountData.test.ts checks the entries against the database's own foreign keys and against what
 * a deletion leaves behind.
 */
export const ACCOUNT_DATA: Record<keyof Database, TableFate> = {
  users: { fate: 'deletedWithUser', userColumns: ['id', 'invited_by'], exportedIn: 'account' },
  sessions: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'session tokens are stored as hashes and are no use to anyone' },
  },
  // actor_id is a link (SET NULL): an erased actor leaves the notification they caused with the one told.
  notifications: { fate: 'deletedWithUser', userColumns: ['user_id', 'actor_id'], exportedIn: 'notifications' },
  collections: { fate: 'notPersonal', why: 'the catalogue' },
  card_sets: { fate: 'notPersonal', why: 'the catalogue' },
  cards: { fate: 'notPersonal', why: 'the catalogue' },
  catalogue_versions: { fate: 'notPersonal', why: 'the catalogue' },
  user_cards: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'copies' },
  been_there: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'beenThere' },
  friendships: { fate: 'deletedWithUser', userColumns: ['user_id', 'friend_id'], exportedIn: 'friends' },
  content_requests: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'contentRequests' },
  credit_ledger: { fate: 'keptAnonymised', userColumns: ['user_id'], exportedIn: 'ledger' },
  credit_products: { fate: 'notPersonal', why: 'the credit packs on sale' },
  credit_certificates: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'certificates' },
  payments: { fate: 'keptAnonymised', userColumns: ['user_id'], exportedIn: 'payments' },
  payment_events: {
    fate: 'keptAnonymised',
    userColumns: [],
    exportedIn: { notExported: "the provider's refund and dispute events; the ledger lists the credit they moved" },
  },
  payment_disputes: {
    fate: 'keptAnonymised',
    userColumns: [],
    exportedIn: { notExported: 'disputes of purchases; the ledger lists the credit they moved' },
  },
  spending_limits: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'spendingLimit' },
  spending_holds: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'an hour-long hold of an unpaid purchase; payments lists the purchases themselves' },
  },
  test_payment_intents: {
    fate: 'notPersonal',
    why: "the test-mode provider's stand-in for Stripe's own records, which keep a payment's metadata the same way",
  },
  referral_rewards: {
    fate: 'deletedWithUser',
    userColumns: ['invitee_id', 'inviter_id'],
    exportedIn: 'referrals',
  },
  referral_reward_months: {
    fate: 'deletedWithUser',
    userColumns: ['inviter_id'],
    exportedIn: { notExported: 'a monthly count behind the referral limit; referrals lists the rewards themselves' },
  },
  draw_transactions: { fate: 'deletedWithUser', userColumns: ['user_id', 'claimed_by'], exportedIn: 'draws' },
  // No user column: its rows go with their draw (ON DELETE CASCADE from draw_transactions).
  draw_items: { fate: 'deletedWithUser', userColumns: [], exportedIn: 'draws' },
  // A gift stays in the friend's history with the deleted side set to null.
  card_gifts: { fate: 'deletedWithUser', userColumns: ['giver_id', 'receiver_id'], exportedIn: 'gifts' },
  card_gift_days: {
    fate: 'deletedWithUser',
    userColumns: ['giver_id'],
    exportedIn: { notExported: 'a daily count behind the gift limit; gifts lists the gifts themselves' },
  },
  memories: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'memories' },
  // The files in the blob store are deleted by memories' deletePictureFilesOfUser before the rows go (and the travel
  // map previews, which name the traveller and their places, by travel's deleteTravelMapPreviews).
  memory_pictures: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'memories' },
  trips: { fate: 'deletedWithUser', userColumns: ['owner_id'], exportedIn: 'trips' },
  trip_members: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'trips' },
  // No user column: a memory's row goes with the memory (ON DELETE CASCADE from memories).
  trip_memories: { fate: 'deletedWithUser', userColumns: [], exportedIn: 'trips' },
  memory_drafts: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'a visit found in photos not yet saved: its place only, gone within 30 days' },
  },
  memory_tags: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'taggedIn' },
  memory_likes: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'likesGiven' },
  // Other travellers' replies to the user's comments are kept by memories' keepRepliesToCommentsOf.
  memory_comments: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'commentsWritten' },
  place_verifications: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'verifiedVisits' },
  want_to_go: { fate: 'deletedWithUser', userColumns: ['user_id'], exportedIn: 'wantToGo' },
  year_recap_shares: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: {
      notExported: 'which years are shared by link; a recap is made from the copies, visits and memories exported',
    },
  },
  mail_outbox: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'messages on their way to the account; the mailbox keeps those that were sent' },
  },
  password_resets: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'reset links are stored as hashes and are no use to anyone' },
  },
  email_changes: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: {
      notExported: 'changes of address under way; their links are stored as hashes, and the address is in the profile',
    },
  },
  email_verifications: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'verification links are stored as hashes and are no use to anyone' },
  },
  blocks: {
    fate: 'deletedWithUser',
    userColumns: ['blocker_id', 'blocked_id'],
    exportedIn: { notExported: 'the travellers one blocked are listed in My Account; who blocked one is never shown' },
  },
  mutes: {
    fate: 'deletedWithUser',
    userColumns: ['muter_id', 'muted_id'],
    exportedIn: { notExported: 'the travellers one muted are listed in My Account; who muted one is never shown' },
  },
  physical_card_requests: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'a wish to hear about physical cards, shown by the e-mail that answers it' },
  },
  mail_digest_subscriptions: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'a setting shown on My Account, and the moment its next digest starts from' },
  },
  reports: {
    fate: 'deletedWithUser',
    userColumns: ['reporter_id'],
    exportedIn: { notExported: "reports the traveller made of others' items, read only by the moderators" },
  },
  // A reported traveller's queue entries go with them; an operator who leaves is set to null on what they resolved.
  moderation_items: {
    fate: 'deletedWithUser',
    userColumns: ['author_id', 'resolved_by'],
    exportedIn: { notExported: "the moderators' queue; the traveller was told of every action by a notification" },
  },
  moderation_warnings: {
    fate: 'deletedWithUser',
    userColumns: ['user_id', 'created_by'],
    exportedIn: { notExported: 'each warning reached the traveller as a notification, which the export holds' },
  },
  suspensions: {
    fate: 'deletedWithUser',
    userColumns: ['user_id', 'created_by', 'lifted_by'],
    exportedIn: { notExported: 'a suspension reached the traveller as a notification, which the export holds' },
  },
  account_deletions: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'the deletion request itself; an account waiting for deletion cannot log in to export' },
  },
  operators: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: 'the operator role and its encrypted second-factor secret, no use outside the server' },
  },
  operator_sessions: {
    fate: 'deletedWithUser',
    userColumns: ['user_id'],
    exportedIn: { notExported: "a mark on a session that passed the operator's second factor" },
  },
  operator_actions: {
    fate: 'keptAsAudit',
    why: 'what operators did and why, kept whole for accountability; it holds ids, never names or addresses',
  },
}
