import type {
  AccountDeletionsTable,
  EmailChangesTable,
  EmailVerificationsTable,
  PasswordResetsTable,
  SessionsTable,
  UsersTable,
} from './schema/accounts'
import type {
  BeenThereTable,
  CardSetsTable,
  CardsTable,
  CatalogueVersionsTable,
  CollectionsTable,
  PlaceVerificationsTable,
  WantToGoTable,
  YearRecapSharesTable,
} from './schema/catalogue'
import type {
  CardGiftDaysTable,
  CardGiftsTable,
  DrawItemsTable,
  DrawTransactionsTable,
  UserCardsTable,
} from './schema/copies'
import type { MailDigestSubscriptionsTable, MailOutboxTable, PhysicalCardRequestsTable } from './schema/mail'
import type {
  MemoriesTable,
  MemoryCommentsTable,
  MemoryDraftsTable,
  MemoryLikesTable,
  MemoryPicturesTable,
  MemoryTagsTable,
  TripMembersTable,
  TripMemoriesTable,
  TripsTable,
} from './schema/memories'
import type {
  ContentRequestsTable,
  ModerationItemsTable,
  ModerationWarningsTable,
  OperatorActionsTable,
  OperatorSessionsTable,
  OperatorsTable,
  ReportsTable,
  SuspensionsTable,
} from './schema/moderation'
import type { BlocksTable, FriendshipsTable, MutesTable, NotificationsTable } from './schema/social'
import type {
  CreditCertificatesTable,
  CreditLedgerTable,
  CreditProductsTable,
  PaymentDisputesTable,
  PaymentEventsTable,
  PaymentsTable,
  ReferralRewardMonthsTable,
  ReferralRewardsTable,
  SpendingHoldsTable,
  SpendingLimitsTable,
  TestPaymentIntentsTable,
} from './schema/wallet'

/**
 * One interface per table, mirroring db/migrations. Portable types only:
 * text ids made by the app, integer credits and cents, ISO-8601 text timestamps, 0/1 integers for flags.
 * The tables are kept by area in schema/; this file composes them into the database Kysely is typed with.
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
  memory_drafts: MemoryDraftsTable
  trips: TripsTable
  trip_members: TripMembersTable
  trip_memories: TripMemoriesTable
  memory_tags: MemoryTagsTable
  memory_likes: MemoryLikesTable
  memory_comments: MemoryCommentsTable
  account_deletions: AccountDeletionsTable
  physical_card_requests: PhysicalCardRequestsTable
  mail_digest_subscriptions: MailDigestSubscriptionsTable
  place_verifications: PlaceVerificationsTable
  want_to_go: WantToGoTable
  year_recap_shares: YearRecapSharesTable
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

// The one import path for every table type, whichever area file declares it.
export type * from './schema/accounts'
export type * from './schema/catalogue'
export type * from './schema/copies'
export type * from './schema/memories'
export type * from './schema/wallet'
export type * from './schema/social'
export type * from './schema/mail'
export type * from './schema/moderation'
