import type { Generated, Selectable } from 'kysely'

/**
 * Memories and their pictures, tags, likes and comments. Composed into `Database` by ../schema.ts.
 */

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
  /** The memory draft an imported photo is in (docs/product.md#memories-from-photos). */
  draft_id: Generated<string | null>
  /** 1 for a photo uploaded through the photo import: it waits for its memory 30 days instead of one. */
  imported: Generated<number>
}

/** A visit found in imported photos, waiting to become a memory; its dates are its photos'. */
export interface MemoryDraftsTable {
  id: string
  user_id: string
  card_set_id: string
  created_at: string
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

export type Memory = Selectable<MemoriesTable>

/** A journey of memories (docs/product.md#trips); visibility 1 Private, 2 Friends, 3 Public. */
export interface TripsTable {
  id: string
  owner_id: string
  title: string
  visibility: number
  created_at: string
  updated_at: string
}

/** A friend invited to a trip ('invited') or travelling in it ('accepted'). */
export interface TripMembersTable {
  trip_id: string
  user_id: string
  status: 'invited' | 'accepted'
  invited_at: string
  answered_at: string | null
}

/** A memory in a trip; a memory is in one trip at most. */
export interface TripMemoriesTable {
  memory_id: string
  trip_id: string
  added_at: string
}
