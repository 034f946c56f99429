import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

import type { FilePath, GetPath, GetResponses, PostPath, PostResponses } from '@shared/calls/schemas'
import type { Envelope, ErrorCode } from '@shared/envelope'

const API = 'http://localhost/api'

export const server = setupServer()

/** A successful envelope, as the API server sends it; only onGet and onPost build one, with the contract's data. */
function ok<Data>(data: Data, authorized: boolean): Envelope<Data> {
  return { metadata: { status: true, errorCode: null, message: '', authorized }, data }
}

/** A refusal envelope with its HTTP status. */
export function refusal(status: number, errorCode: ErrorCode, message: string, authorized = false) {
  return HttpResponse.json(
    { metadata: { status: false, errorCode, message, authorized }, data: null } as JsonBodyType,
    { status },
  )
}

/** A connection that fails without an answer, as fetch reports a network error. */
export function networkError(): Response {
  return HttpResponse.error()
}

/** An answer that never comes, for a screen's loading state. */
export function neverAnswered(): Promise<never> {
  return new Promise<never>(() => undefined)
}

/**
 * A fake answer: the call's data, or a function of the request and its JSON body that gives the data or a whole
 * response (a `refusal(...)`, a `networkError()`), possibly later (a promise the test settles, msw's `delay()`). A
 * response is only ever made by a function, since its body can be read once and a call may be made again.
 */
type Answer<Data> = Data | ((request: Request, body: unknown) => Data | Response | Promise<Data | Response>)

async function answer<Data>(value: Answer<Data>, request: Request, authorized: boolean) {
  if (typeof value !== 'function') return HttpResponse.json(ok(value, authorized) as JsonBodyType)
  const body = request.headers.get('content-type')?.includes('json') ? await request.clone().json() : null
  const data = await (value as (r: Request, b: unknown) => Data | Response | Promise<Data | Response>)(request, body)
  return data instanceof Response ? data : HttpResponse.json(ok(data, authorized) as JsonBodyType)
}

/** Answers a GET call with data of the type its response schema gives it in the call table (src/shared/calls). */
export function onGet<P extends GetPath>(path: P, data: Answer<GetResponses[P]>, authorized = true) {
  return http.get(`${API}${path}`, ({ request }) => answer(data, request, authorized))
}

/** Answers a POST call with data of the type the contract gives it; a function gets the request and its JSON body. */
export function onPost<P extends PostPath>(path: P, data: Answer<PostResponses[P]>, authorized = true) {
  return http.post(`${API}${path}`, ({ request }) => answer(data, request, authorized))
}

/** Calls whose success is a file rather than the envelope (the data export's ZIP); refusals are still `refusal(...)`. */
export type { FilePath }

/** Answers a file download: `respond` gives a `file(...)`, a `refusal(...)` or a `networkError()`. */
export function onFile(path: FilePath, respond: (request: Request) => Response | Promise<Response>) {
  return http.get(`${API}${path}`, ({ request }) => respond(request))
}

/** A file answer with its body (bytes or a stream the test feeds) and headers. */
export function file(body: BodyInit, headers: Record<string, string> = {}): Response {
  return new HttpResponse(body, { headers })
}
