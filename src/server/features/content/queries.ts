import type { Insertable, Kysely, Transaction } from 'kysely'

import type { ContentRequestsTable, Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function insertContentRequest(db: Db, request: Insertable<ContentRequestsTable>): Promise<void> {
  await db.insertInto('content_requests').values(request).execute()
}
