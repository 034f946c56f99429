/**
 * E-mail: the outbox, digest subscriptions and the physical cards' announcement list. Composed into `Database` by ../schema.ts.
 */

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

/** A traveller who chose the daily digest e-mail (no row: off). */
export interface MailDigestSubscriptionsTable {
  user_id: string
  subscribed_at: string
  /** Notifications created after this moment go into the next digest. */
  covered_until: string
  /** The next digest is due from this moment: a day after the last one. */
  next_digest_at: string
}

/** A traveller's "Get Notified" for physical cards: one per account; the announcement is recorded once. */
export interface PhysicalCardRequestsTable {
  user_id: string
  requested_at: string
  /** When the announcement mail was recorded for this request; null until the operator sends it. */
  announced_at: string | null
}
