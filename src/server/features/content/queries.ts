import type { Insertable, Kysely, Transaction } from 'kysely'

import type { ContentRequestsTable, Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function insertContentRequest(db: Db, request: Insertable<ContentRequestsTable>): Promise<void> {
  await db.insertInto('content_requests').values(request).execute()
}

export interface ContentRequestListQuery {
  status?: 'new' | 'answered' | 'done'
  after?: { createdAt: string; id: string }
  limit: number
}

/** A content request as the console shows it, with the traveller's username. */
function selectContentRequests(db: Db) {
  return db
    .selectFrom('content_requests')
    .innerJoin('users', 'users.id', 'content_requests.user_id')
    .select([
      'content_requests.id',
      'content_requests.user_id',
      'users.username',
      'content_requests.request_type',
      'content_requests.request_content',
      'content_requests.created_at',
      'content_requests.status',
      'content_requests.reply',
      'content_requests.replied_at',
      'content_requests.done_at',
    ])
}

/** Content requests, oldest first (the queue is worked from its oldest), with the traveller's username. */
export function findContentRequests(db: Db, query: ContentRequestListQuery) {
  let select = selectContentRequests(db)
  if (query.status) select = select.where('content_requests.status', '=', query.status)
  const after = query.after
  if (after)
    select = select.where((eb) =>
      eb.or([
        eb('content_requests.created_at', '>', after.createdAt),
        eb.and([eb('content_requests.created_at', '=', after.createdAt), eb('content_requests.id', '>', after.id)]),
      ]),
    )
  return select.orderBy('content_requests.created_at').orderBy('content_requests.id').limit(query.limit).execute()
}

export type ContentRequestRow = Awaited<ReturnType<typeof findContentRequests>>[number]

export function findContentRequest(db: Db, id: string) {
  return selectContentRequests(db).where('content_requests.id', '=', id).executeTakeFirst()
}

/** Records a reply unless the request is done; answers false when it was done (or is gone). */
export async function setContentRequestReply(db: Db, id: string, reply: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('content_requests')
    .set({ reply, replied_at: at, status: 'answered' })
    .where('id', '=', id)
    .where('status', '!=', 'done')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Marks a request done once; answers false when it already was (or is gone). */
export async function setContentRequestDone(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('content_requests')
    .set({ status: 'done', done_at: at })
    .where('id', '=', id)
    .where('status', '!=', 'done')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
