import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

import type { GetPath, GetResponses, PostPath, PostResponses } from '@shared/calls'
import type { Envelope, ErrorCode } from '@shared/envelope'

export const API = 'http://localhost/api'

export const server = setupServer()

/** A successful envelope, as the API server sends it. */
export function ok<T>(data: T, authorized = true): Envelope<T> {
  return { metadata: { status: true, errorCode: null, message: '', authorized }, data }
}

/** A refusal envelope with its HTTP status. */
export function refusal(status: number, errorCode: ErrorCode, message: string, authorized = false) {
  return HttpResponse.json(
    { metadata: { status: false, errorCode, message, authorized }, data: null } as JsonBodyType,
    { status },
  )
}

/** A fake answer: the call's data, or a whole response (a refusal, say), worked out from the request if need be. */
type Answer<Data> = Data | Response | ((request: Request, body: unknown) => Data | Response | Promise<Data | Response>)

async function answer<Data>(value: Answer<Data>, request: Request, authorized: boolean) {
  const body = request.headers.get('content-type')?.includes('json') ? await request.clone().json() : null
  const data = typeof value === 'function' ? await (value as (r: Request, b: unknown) => unknown)(request, body) : value
  return data instanceof Response ? data : HttpResponse.json(ok(data, authorized) as JsonBodyType)
}

/** Answers a GET call with data of the type the contract gives it (src/shared/calls.ts). */
export function onGet<P extends GetPath>(path: P, data: Answer<GetResponses[P]>, authorized = true) {
  return http.get(`${API}${path}`, ({ request }) => answer(data, request, authorized))
}

/** Answers a POST call with data of the type the contract gives it; a function gets the request and its JSON body. */
export function onPost<P extends PostPath>(path: P, data: Answer<PostResponses[P]>, authorized = true) {
  return http.post(`${API}${path}`, ({ request }) => answer(data, request, authorized))
}

export { http, HttpResponse }
