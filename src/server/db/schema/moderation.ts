import type { Generated } from 'kysely'

/**
 * Reports, the moderation queue, warnings and suspensions, content requests, and the operators with their
 * audit log. Composed into `Database` by ../schema.ts.
 */

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
