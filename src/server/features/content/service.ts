import type { Kysely } from 'kysely'

import type { RequestNewContentBody } from '@shared/content'
import { TEXTS } from '@shared/texts'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

import { insertContentRequest } from './queries'

/** Stores a request for new content; the team reads them from the content_requests table. */
export async function requestNewContent(
  db: Kysely<Database>,
  userId: string,
  body: RequestNewContentBody,
): Promise<null> {
  const requestContent = body.requestContent.trim()
  if (!requestContent) throw new AppError('BadRequest', TEXTS.fillAllFields)
  await insertContentRequest(db, {
    id: newId(),
    user_id: userId,
    request_type: body.requestType,
    request_content: requestContent,
    created_at: nowIso(),
  })
  return null
}
