import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'

import type {
  Database,
  ModerationItemType,
  ModerationWarningsTable,
  ReportsTable,
  SuspensionsTable,
} from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** A traveller who may be reported: an account that is not a deleted account's tombstone. */
export function findTraveller(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'created_at as createdAt'])
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
}

/** Adds the report once per reporter and item; answers false when this reporter had reported the item already. */
export async function insertReport(db: Db, report: ReportsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('reports')
    .values(report)
    .onConflict((oc) => oc.columns(['reporter_id', 'item_type', 'item_id']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

/**
 * The item's one queue entry: created by its first report, counted up by the next ones. A report of an item whose
 * entry was resolved (dismissed, or its author warned) opens it again with a new version.
 */
export async function upsertQueueItem(
  db: Db,
  item: { id: string; itemType: ModerationItemType; itemId: string; authorId: string; at: string },
): Promise<void> {
  await db
    .insertInto('moderation_items')
    .values({
      id: item.id,
      item_type: item.itemType,
      item_id: item.itemId,
      author_id: item.authorId,
      status: 'open',
      version: 1,
      report_count: 1,
      first_reported_at: item.at,
      last_reported_at: item.at,
      resolved_at: null,
      outcome: null,
      resolved_by: null,
    })
    .onConflict((oc) =>
      oc.columns(['item_type', 'item_id']).doUpdateSet({
        report_count: sql`moderation_items.report_count + 1`,
        last_reported_at: item.at,
        version: sql`CASE WHEN moderation_items.status = 'open' THEN moderation_items.version ELSE moderation_items.version + 1 END`,
        status: 'open',
        resolved_at: null,
        outcome: null,
        resolved_by: null,
      }),
    )
    .execute()
}

export function findQueueItem(db: Db, queueItemId: string) {
  return db
    .selectFrom('moderation_items')
    .select(['id', 'item_type as itemType', 'item_id as itemId', 'author_id as authorId', 'status', 'version'])
    .where('id', '=', queueItemId)
    .executeTakeFirst()
}

/** The open entries, oldest report first. */
export function listOpenQueueItems(db: Db, limit: number) {
  return db
    .selectFrom('moderation_items')
    .select([
      'id',
      'item_type as itemType',
      'item_id as itemId',
      'author_id as authorId',
      'version',
      'report_count as reportCount',
      'first_reported_at as firstReportedAt',
      'last_reported_at as lastReportedAt',
    ])
    .where('status', '=', 'open')
    .orderBy('first_reported_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** The open reports of the items, with their reporters' usernames, oldest first. */
export function listOpenReports(db: Db, items: { itemType: ModerationItemType; itemId: string }[]) {
  if (items.length === 0) return Promise.resolve([])
  return db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select([
      'reports.id',
      'reports.item_type as itemType',
      'reports.item_id as itemId',
      'reports.reason',
      'reports.note',
      'reports.created_at as createdAt',
      'users.username as reporterUsername',
    ])
    .where('reports.resolved_at', 'is', null)
    .where((eb) =>
      eb.or(
        items.map((item) =>
          eb.and([eb('reports.item_type', '=', item.itemType), eb('reports.item_id', '=', item.itemId)]),
        ),
      ),
    )
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .execute()
}

/**
 * Resolves the entry only while it is open at the version the moderator saw: of two concurrent actions on one item the
 * second updates nothing (on PostgreSQL it waits for the first's row lock, then finds the status changed).
 */
export async function resolveQueueItem(
  db: Db,
  queueItemId: string,
  version: number,
  resolution: { outcome: string; operatorId: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('moderation_items')
    .set({
      status: 'resolved',
      version: version + 1,
      outcome: resolution.outcome,
      resolved_by: resolution.operatorId,
      resolved_at: resolution.at,
    })
    .where('id', '=', queueItemId)
    .where('status', '=', 'open')
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Answers the item's open reports with the outcome; returns their reporters. */
export async function resolveReports(
  db: Db,
  item: { itemType: ModerationItemType; itemId: string },
  outcome: string,
  at: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('reports')
    .set({ resolved_at: at, outcome })
    .where('item_type', '=', item.itemType)
    .where('item_id', '=', item.itemId)
    .where('resolved_at', 'is', null)
    .returning('reporter_id')
    .execute()
  return rows.map((row) => row.reporter_id)
}

export async function insertWarning(db: Db, warning: ModerationWarningsTable): Promise<void> {
  await db.insertInto('moderation_warnings').values(warning).execute()
}

export async function countWarnings(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('moderation_warnings')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The traveller's newest warning, if any. */
export function findNewestWarning(db: Db, userId: string) {
  return db
    .selectFrom('moderation_warnings')
    .select(['reason', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function insertSuspension(db: Db, suspension: Insertable<SuspensionsTable>): Promise<void> {
  await db.insertInto('suspensions').values(suspension).execute()
}

/** Lifts every suspension of the traveller in force at `at`; answers how many. */
export async function liftSuspensions(db: Db, userId: string, operatorId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('suspensions')
    .set({ lifted_at: at, lifted_by: operatorId })
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
