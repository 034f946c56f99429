import type { FetchArgs } from '@reduxjs/toolkit/query/react'

import type { Call } from '@shared/calls/call'

/**
 * The request of a call declared in the table (@shared/calls), from its entry: a GET sends `data` as its query string,
 * a POST as its JSON body. Screens import an area's entries (`@shared/calls/acquire`), never the whole table.
 */
export function callRequest(call: Call, data?: Record<string, unknown>): FetchArgs {
  return call.method === 'GET' ? { url: call.path, params: data } : { url: call.path, method: call.method, body: data }
}
