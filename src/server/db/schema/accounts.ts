import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * The accounts: travellers, their sessions, the links that reset a password or confirm an address, and a
 * deletion in its grace period. Composed into `Database` by ../schema.ts.
 */

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

/** A traveller's request to delete their account, during its grace period (docs/product.md#account-deletion). */
export interface AccountDeletionsTable {
  user_id: string
  requested_at: string
  /** When the grace period ends; a login before then cancels the deletion (deletes the row). */
  due_at: string
  /** When the deletion job claimed it; from then on a login no longer cancels it. */
  started_at: string | null
}

export type User = Selectable<UsersTable>

export type NewUser = Insertable<UsersTable>

export type UserUpdate = Updateable<UsersTable>
