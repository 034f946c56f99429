import type { Kysely, Transaction } from 'kysely'

import { CONTENT_REQUESTS_PAGE_SIZE, type ConsoleContentRequest, type ContentRequestPage } from '@shared/console'
import { CONSOLE_REFUSALS, CONTENT_REQUEST_REPLY_NOTIFICATION } from '@shared/consoleTexts'
import type { ContentRequestType } from '@shared/constants'
import type { RequestNewContentBody } from '@shared/content'
import { TEXTS } from '@shared/texts'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { decodeCursor, encodeCursor } from '../../lib/keysetCursor'
import { newId } from '../../lib/random'
import { notificationLinks, notify } from '../notifications/service'

import {
  type ContentRequestRow,
  findContentRequest,
  findContentRequests,
  insertContentRequest,
  setContentRequestDone,
  setContentRequestReply,
} from './queries'

/** Stores a request for new content, status new; operators work through them in the console. */
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

function requestOf(row: ContentRequestRow): ConsoleContentRequest {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    requestType: row.request_type as ContentRequestType,
    requestContent: row.request_content,
    createdAt: row.created_at,
    status: row.status,
    reply: row.reply,
    repliedAt: row.replied_at,
    doneAt: row.done_at,
  }
}

/** The console's list of content requests, oldest first, optionally of one status. */
export async function listContentRequests(
  db: Kysely<Database>,
  query: { status?: 'new' | 'answered' | 'done'; cursor?: string },
): Promise<ContentRequestPage> {
  const rows = await findContentRequests(db, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
    limit: CONTENT_REQUESTS_PAGE_SIZE + 1,
  })
  const page = rows.slice(0, CONTENT_REQUESTS_PAGE_SIZE)
  const last = page.at(-1)
  return {
    requests: page.map(requestOf),
    nextCursor:
      rows.length > CONTENT_REQUESTS_PAGE_SIZE && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  }
}

async function requestIn(trx: Transaction<Database>, requestId: string): Promise<ContentRequestRow> {
  const row = await findContentRequest(trx, requestId)
  if (!row) throw new AppError('NotFound', CONSOLE_REFUSALS.noSuchRequest)
  return row
}

/**
 * An operator's reply to a request: stored on it (status answered) and sent to the traveller as a notification that
 * opens Request New Content, in the caller's transaction. A done request takes no reply.
 */
export async function replyToContentRequest(
  trx: Transaction<Database>,
  requestId: string,
  reply: string,
): Promise<ConsoleContentRequest> {
  const text = reply.trim()
  if (!text) throw new AppError('BadRequest', TEXTS.fillAllFields)
  const before = await requestIn(trx, requestId)
  if (!(await setContentRequestReply(trx, requestId, text, nowIso())))
    throw new AppError('Conflict', CONSOLE_REFUSALS.requestDone)
  await notify(
    trx,
    before.user_id,
    CONTENT_REQUEST_REPLY_NOTIFICATION.title,
    CONTENT_REQUEST_REPLY_NOTIFICATION.content(before.request_type, text),
    notificationLinks.requestNewContent,
  )
  return requestOf(await requestIn(trx, requestId))
}

/** Closes a request, in the caller's transaction; a request already done is refused (409), so two operators cannot both. */
export async function markContentRequestDone(
  trx: Transaction<Database>,
  requestId: string,
): Promise<ConsoleContentRequest> {
  await requestIn(trx, requestId)
  if (!(await setContentRequestDone(trx, requestId, nowIso())))
    throw new AppError('Conflict', CONSOLE_REFUSALS.requestDone)
  return requestOf(await requestIn(trx, requestId))
}
