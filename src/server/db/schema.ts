import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * One interface per table, mirroring db/migrations. Portable types only:
 * text ids made by the app, integer credits and cents, ISO-8601 text timestamps, 0/1 integers for flags.
 */
export interface Database {
  users: UsersTable
  sessions: SessionsTable
  notifications: NotificationsTable
  collections: CollectionsTable
  card_sets: CardSetsTable
  cards: CardsTable
  catalogue_versions: CatalogueVersionsTable
  user_cards: UserCardsTable
  been_there: BeenThereTable
  friendships: FriendshipsTable
  content_requests: ContentRequestsTable
  credit_ledger: CreditLedgerTable
  credit_products: CreditProductsTable
  credit_certificates: CreditCertificatesTable
  payments: PaymentsTable
  payment_events: PaymentEventsTable
  payment_disputes: PaymentDisputesTable
  spending_limits: SpendingLimitsTable
  spending_holds: SpendingHoldsTable
  test_payment_intents: TestPaymentIntentsTable
  referral_rewards: ReferralRewardsTable
  referral_reward_months: ReferralRewardMonthsTable
  draw_transactions: DrawTransactionsTable
  draw_items: DrawItemsTable
  card_gifts: CardGiftsTable
  card_gift_days: CardGiftDaysTable
  memories: MemoriesTable
  memory_pictures: MemoryPicturesTable
  memory_tags: MemoryTagsTable
  memory_likes: MemoryLikesTable
  memory_comments: MemoryCommentsTable
  account_deletions: AccountDeletionsTable
  physical_card_requests: PhysicalCardRequestsTable
  mail_digest_subscriptions: MailDigestSubscriptionsTable
  place_verifications: PlaceVerificationsTable
  want_to_go: WantToGoTable
  mail_outbox: MailOutboxTable
  password_resets: PasswordResetsTable
  email_changes: EmailChangesTable
  email_verifications: EmailVerificationsTable
  blocks: BlocksTable
  mutes: MutesTable
  reports: ReportsTable
  moderation_items: ModerationItemsTable
  moderation_warnings: ModerationWarningsTable
  suspensions: SuspensionsTable
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  operator_actions: OperatorActionsTable
}

export interface UsersTable {
  id: string
  email: string
  username: string
  /**
   * The username's confusable skeleton (`lib/usernames.ts`), unique: no two accounts' names look the same. Null only
   * for a tombstone, which claims no name.
   */
  username_skeleton: string | null
  password_hash: string
  friend_code: string
  avatar_id: number
  digital_credit: number
  physical_credit: number
  experience: number
  /** Cards of paid draws since the last Epic or better (the draw guarantee's counter). */
  draws_since_epic: Generated<number>
  /** Where the user came from (`ref`), kept for attribution when it is not a friend code. */
  referral_source: string | null
  invited_by: string | null
  created_at: string
  /**
   * Set only on the anonymised tombstone of a deleted account, which keeps its ledger rows and payments for
   * accounting; its e-mail, username and friend code are placeholders and it has no password.
   */
  closed_at: Generated<string | null>
  /** When the account proved it reads its address (docs/product.md#verified-e-mail); null until then. */
  email_verified_at: Generated<string | null>
  /**
   * Credit a refund or a lost dispute took back that the balance no longer held (docs/product.md#refunds-and-disputes);
   * spending is refused while either is above zero, and credit that comes in settles it first.
   */
  digital_credit_owed: Generated<number>
  physical_credit_owed: Generated<number>
  /** When the traveller confirmed being 18 or older, asked before the first paid draw; null until then. */
  adult_confirmed_at: Generated<string | null>
}

export interface SessionsTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string
  user_id: string
  created_at: string
  expires_at: string
  revoked_at: string | null
}

export interface NotificationsTable {
  id: string
  user_id: string
  title: string
  content: string
  created_at: string
  read_at: string | null
  /** The path of the app the notification opens; null on notifications sent before links existed. */
  link: string | null
  /** The traveller whose act caused it (a like, a comment, a tag, a friendship, a gift); null when nobody's. */
  actor_id: string | null
}

export interface CollectionsTable {
  id: string
  name: string
  description: string
  sort_order: number
  /** Where /cardCollections lists it: cities | regions | continents. */
  group_id: Generated<string>
  /** Printed on its cards before their number ("EUR 041/053"). */
  code: Generated<string>
}

export interface CardSetsTable {
  id: string
  collection_id: string
  name: string
  /** country | state | city */
  kind: string
  description: string
  /** ISO 3166-1 alpha-2 of the place or of the country it lies in. */
  country_code: string | null
  /**
   * JSON with the facts the art and the share pages use (region, capital, subdivision code, …); `shape` is the place's
   * own outline, `within` the outline of the country it lies in (src/server/db/seed/catalogue/types.ts).
   */
  facts: string
  latitude: number | null
  longitude: number | null
  sort_order: number
}

export interface CardsTable {
  id: string
  card_set_id: string
  rarity: number
}

export interface CatalogueVersionsTable {
  version: number
  applied_at: string
}

export interface UserCardsTable {
  id: string
  user_id: string
  card_id: string
  /** pick | draw | free_draw | transfer | gift */
  acquisition: string
  /** The draw, pick, transfer or gift that gave this copy to its owner. */
  transaction_id: string | null
  created_at: string
}

export interface BeenThereTable {
  user_id: string
  card_set_id: string
  created_at: string
}

export interface FriendshipsTable {
  user_id: string
  friend_id: string
  created_at: string
}

export interface ContentRequestsTable {
  id: string
  user_id: string
  request_type: string
  request_content: string
  created_at: string
  /** new → answered (a reply was sent to the traveller) → done; the console works through them. */
  status: Generated<ContentRequestStatus>
  reply: string | null
  replied_at: string | null
  done_at: string | null
}

export type ContentRequestStatus = 'new' | 'answered' | 'done'

export interface CreditLedgerTable {
  id: string
  user_id: string
  /** digital | physical */
  currency: string
  /** Signed: a credit is positive, a debit negative. */
  amount: number
  /** What moved the credit: purchase, certificate, referral, pick, draw, recycle, memory_transfer … */
  reason: string
  /** The id of the thing that moved it; (user, currency, reason, reference) is unique. */
  reference: string
  created_at: string
}

export interface CreditProductsTable {
  id: number
  /** 1 physical credit, 2 digital credit. */
  product_type: number
  credit_value: number
  list_price_cents: number
  actual_price_cents: number
  sort_order: number
  active: number
}

export interface CreditCertificatesTable {
  id: string
  user_id: string
  /** digital | physical */
  currency: string
  credit_value: number
  redeem_code: string
  /** welcome | invitation | draw */
  source: string
  /** With source, unique: a user id for welcome and invitation, a transaction id for draws. */
  source_ref: string
  created_at: string
  redeemed_at: string | null
}

export interface PaymentsTable {
  id: string
  user_id: string
  credit_product_id: number
  /** stripe | test */
  provider: string
  provider_payment_id: string
  amount_cents: number
  currency: string
  credit_value: number
  /** 1 physical, 2 digital, copied from the product at purchase time. */
  product_type: number
  created_at: string
  fulfilled_at: string | null
  /** The re-check at fulfilment refused it: it would have passed the buyer's spending limit. Never credited. */
  refused_at: string | null
  /** When the provider gave a refused payment's money back; null while the refund is still owed. */
  refunded_at: string | null
  /** The largest refunded total the provider has reported for this payment, in cents. */
  refunded_cents: Generated<number>
  /** Credit taken back so far for the payment's refunds (in proportion to the refunded share). */
  refund_credit_taken: Generated<number>
}

/** A refund or dispute event of the payment provider, recorded once per event id, with its effect on the ledger. */
export interface PaymentEventsTable {
  /** The provider's event id: a replay of the event finds it here and changes nothing. */
  id: string
  /** Null when the event names a payment this app does not know. */
  payment_id: string | null
  provider_payment_id: string | null
  /** charge.refunded, charge.dispute.created, charge.dispute.closed, charge.dispute.funds_withdrawn … */
  type: string
  /** The charge (refunds) or the dispute the event is about. */
  provider_object_id: string
  amount_cents: number
  /** The dispute's status as the event reported it; null for refunds. */
  status: string | null
  /** Credit taken from the balance, credit that became owed (already spent) and credit given back, each ≥ 0. */
  credit_taken: number
  credit_owed: number
  credit_restored: number
  /** What the event did: reversed, restored, noEffect, unknownPayment, notCredited, accountClosed. */
  outcome: string
  received_at: string
}

/** A dispute of a purchase, with the credit it holds back (taken when opened, given back when won). */
export interface PaymentDisputesTable {
  id: string
  payment_id: string
  /** The provider's status: needs_response, under_review, won, lost, warning_closed … */
  status: string
  amount_cents: number
  credit_held: number
  opened_at: string
  closed_at: string | null
}

/** A user's monthly spending limit on credit purchases, in US cents (docs/product.md#spending-limits). */
export interface SpendingLimitsTable {
  user_id: string
  /** The limit in force; null: none. */
  monthly_limit_cents: number | null
  /** A raise or removal waiting its 24 hours (null with pending_applies_at set: the limit goes). */
  pending_limit_cents: number | null
  /** Set while a change waits; it applies from this instant. */
  pending_applies_at: string | null
  updated_at: string
}

/** A purchase started and not yet paid: its price counts against the month until it expires. Id = the payment's id. */
export interface SpendingHoldsTable {
  id: string
  user_id: string
  amount_cents: number
  created_at: string
  expires_at: string
}

export interface TestPaymentIntentsTable {
  id: string
  client_secret: string
  amount_cents: number
  currency: string
  /** requires_payment_method | succeeded | canceled | refunded */
  status: string
  last_error: string | null
  card_last4: string | null
  metadata: string
  created_at: string
  updated_at: string
}

export interface ReferralRewardsTable {
  invitee_id: string
  inviter_id: string
  /** When the invited friend joined. */
  created_at: string
  status: 'pending' | 'paid' | 'overLimit'
  /**
   * When the reward was settled (paid, or over the monthly limit): when the friend confirmed their address, or at their
   * first card for accounts from before confirmation; null while pending.
   */
  settled_at: string | null
}

export interface ReferralRewardMonthsTable {
  inviter_id: string
  /** The calendar month in UTC, `YYYY-MM`. */
  month: string
  paid_count: number
}

export interface DrawTransactionsTable {
  id: string
  /** Null for a visitor's free draw until it is claimed. */
  user_id: string | null
  /** draw | draw10 | free | pick */
  kind: string
  price: number
  /** JSON of the Experience result shown with the draw. */
  exp_gain_result: string | null
  /** A free draw is claimed by the visitor who registers with it, once. */
  claimed_by: string | null
  created_at: string
}

export interface DrawItemsTable {
  transaction_id: string
  position: number
  card_id: string | null
  user_card_id: string | null
  is_new: number
}

/** A copy given to a friend; both see it in their draw history. Null users have left Wandercards. */
export interface CardGiftsTable {
  id: string
  giver_id: string | null
  receiver_id: string | null
  /** The copy that moved; null once the receiver recycled it. */
  user_card_id: string | null
  card_id: string
  /** 1 when the receiver had no copy of the card before. */
  is_new: number
  created_at: string
}

/** Gifts given per giver and UTC day (YYYY-MM-DD), counted against the daily limit. */
export interface CardGiftDaysTable {
  giver_id: string
  day: string
  gift_count: number
}

export interface MemoriesTable {
  id: string
  user_id: string
  user_card_id: string
  start_date: string | null
  end_date: string | null
  content: string
  /** 1 Private, 2 Friends, 3 Public */
  visibility: number
  created_at: string
  updated_at: string
  /** Set when an operator hid it (docs/product.md#reports-and-moderation): then only its author sees it. */
  hidden_at: Generated<string | null>
  /** Why it was hidden, as its author was told. */
  hidden_reason: Generated<string | null>
}

export interface MemoryPicturesTable {
  file_name: string
  user_id: string
  memory_id: string | null
  position: number
  width: number
  height: number
  /** Bytes stored; 0 for pictures stored before sizes were kept. */
  byte_size: Generated<number>
  created_at: string
  /** The place the picture's location was checked against at upload (the memory's place then); null when unchecked. */
  visit_card_set_id: string | null
  /** What the check concluded (`VisitVerdict`); the position itself is never stored. */
  visit_verdict: string | null
  /** The day the picture was taken (YYYY-MM-DD, the camera's local date), when it says. */
  visit_taken_on: string | null
}

export interface MemoryTagsTable {
  memory_id: string
  user_id: string
}

export interface MemoryLikesTable {
  memory_id: string
  user_id: string
  created_at: string
}

export interface MemoryCommentsTable {
  id: string
  memory_id: string
  user_id: string
  reply_to_comment_id: string | null
  content: string
  created_at: string
  /** Set when an operator hid it (docs/product.md#reports-and-moderation): then only its author sees it. */
  hidden_at: Generated<string | null>
  /** Why it was hidden, as its author was told. */
  hidden_reason: Generated<string | null>
}

/** A traveller's request to delete their account, during its grace period (docs/product.md#account-deletion). */
export interface AccountDeletionsTable {
  user_id: string
  requested_at: string
  /** When the grace period ends; a login before then cancels the deletion (deletes the row). */
  due_at: string
  /** When the deletion job claimed it; from then on a login no longer cancels it. */
  started_at: string | null
}

/** A visit proven by a memory picture taken inside the place (docs/product.md#verified-visits); one per user and place. */
export interface PlaceVerificationsTable {
  user_id: string
  card_set_id: string
  /** The memory whose picture proved it; null once that memory is gone. */
  memory_id: string | null
  /** The day the picture was taken, when it says (YYYY-MM-DD). */
  taken_on: string | null
  verified_at: string
}

/** The bucket list: places a traveller wants to go to. */
export interface WantToGoTable {
  user_id: string
  card_set_id: string
  created_at: string
}

/** A message waiting to be sent, being sent, sent or given up (docs/product.md#e-mails). */
export interface MailOutboxTable {
  id: string
  /** Which template renders it (features/mail/templates.ts). */
  kind: string
  /** The account it is about; its pending mail goes with the account. */
  user_id: string | null
  recipient: string
  /** The template's values as JSON; emptied once sent, as it may carry a one-time link. */
  payload: string
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: string
  /** While 'sending': after this moment another run may take the message (its sender died). */
  lease_until: string | null
  /** The run that holds the lease; only it may mark the message sent or put it back. */
  claim_id: string | null
  last_error: string | null
  created_at: string
  sent_at: string | null
  /** Names a message that may exist only once (a payment's receipt, one day's digest); unique, null for the rest. */
  dedupe_key: string | null
}

/** A traveller's "Get Notified" for physical cards: one per account; the announcement is recorded once. */
export interface PhysicalCardRequestsTable {
  user_id: string
  requested_at: string
  /** When the announcement mail was recorded for this request; null until the operator sends it. */
  announced_at: string | null
}

/** A traveller who chose the daily digest e-mail (no row: off). */
export interface MailDigestSubscriptionsTable {
  user_id: string
  subscribed_at: string
  /** Notifications created after this moment go into the next digest. */
  covered_until: string
  /** The next digest is due from this moment: a day after the last one. */
  next_digest_at: string
}

/** A password reset link, kept by the SHA-256 of its token (docs/security.md#password-reset). */
export interface PasswordResetsTable {
  token_hash: string
  user_id: string
  created_at: string
  expires_at: string
  used_at: string | null
}

/** A change of an account's e-mail address: its links are kept as the SHA-256 of their tokens. */
export interface EmailChangesTable {
  id: string
  user_id: string
  old_email: string
  new_email: string
  token_hash: string
  created_at: string
  expires_at: string
  cancelled_at: string | null
  confirmed_at: string | null
  undo_token_hash: string | null
  undo_expires_at: string | null
  undone_at: string | null
}

/** A link that verifies an account's address, kept by the SHA-256 of its token (docs/security.md#e-mail-verification). */
export interface EmailVerificationsTable {
  token_hash: string
  user_id: string
  /** The address the link was sent to: it verifies nothing once the account uses another. */
  email: string
  created_at: string
  expires_at: string
  used_at: string | null
}

/** A traveller blocked by another; both stop seeing each other (docs/security.md#blocking). */
export interface BlocksTable {
  blocker_id: string
  blocked_id: string
  created_at: string
}

/** A traveller whose memories leave the muter's feed, and nothing else. */
export interface MutesTable {
  muter_id: string
  muted_id: string
  created_at: string
}

/** What a report or a queue entry is about: a memory, a comment or a traveller (their user id). */
export type ModerationItemType = 'memory' | 'comment' | 'traveller'

/** One traveller's report of one item; unique per reporter and item (docs/security.md#reports-and-moderation). */
export interface ReportsTable {
  id: string
  reporter_id: string
  item_type: ModerationItemType
  /** A memory id, a comment id or a user id, after `item_type`; no foreign key (the item may go meanwhile). */
  item_id: string
  /** spam | harassment | hateful | sexual | private_information | other */
  reason: string
  note: string | null
  created_at: string
  /** When an operator's action on the item answered this report; null while open. */
  resolved_at: string | null
  /** dismissed | hidden | warned | suspended */
  outcome: string | null
}

/** The moderation queue: one entry per reported item, however many reports it has. */
export interface ModerationItemsTable {
  id: string
  item_type: ModerationItemType
  item_id: string
  /** Who wrote the memory or comment, or the reported traveller. */
  author_id: string
  status: 'open' | 'resolved'
  /** Grows with every change; an action applies only at the version the operator saw. */
  version: number
  report_count: number
  first_reported_at: string
  last_reported_at: string
  resolved_at: string | null
  outcome: string | null
  resolved_by: string | null
}

export interface ModerationWarningsTable {
  id: string
  user_id: string
  reason: string
  item_type: ModerationItemType | null
  item_id: string | null
  created_by: string | null
  created_at: string
}

/** A traveller's suspension: until `ends_at` (null: for good) unless lifted earlier. */
export interface SuspensionsTable {
  id: string
  user_id: string
  starts_at: string
  ends_at: string | null
  reason: string
  created_by: string | null
  lifted_at: string | null
  lifted_by: string | null
}

/** An account given the operator role by the server command (docs/security.md#operators). */
export interface OperatorsTable {
  user_id: string
  granted_at: string
  /** Who or what granted the role, as the command was told (a note, not an account). */
  granted_by: string
  /** The TOTP secret, AES-256-GCM under OPERATOR_SECRET_KEY (features/operator/secretBox.ts); null before enrolment. */
  totp_secret_encrypted: string | null
  /** When the first code confirmed the secret; until then the secret is only proposed. */
  totp_enrolled_at: string | null
  /** The last TOTP time-step a code was accepted for: a code of that step or an earlier one is refused. */
  totp_last_step: number | null
}

/** A session that passed the operator's second factor. */
export interface OperatorSessionsTable {
  token_hash: string
  user_id: string
  verified_at: string
}

/** One operator action: append-only, refused UPDATE and DELETE by triggers; no foreign keys to accounts. */
export interface OperatorActionsTable {
  id: string
  /** Null for what the server command did (granting or revoking the role). */
  operator_user_id: string | null
  action: string
  target_type: string
  target_id: string
  reason: string
  /** JSON text. */
  details: string
  created_at: string
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type CardSet = Selectable<CardSetsTable>
export type UserCard = Selectable<UserCardsTable>
export type Memory = Selectable<MemoriesTable>
