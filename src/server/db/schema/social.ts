/**
 * Between travellers: friendships, blocks, mutes and notifications. Composed into `Database` by ../schema.ts.
 */

export interface FriendshipsTable {
  user_id: string
  friend_id: string
  created_at: string
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
