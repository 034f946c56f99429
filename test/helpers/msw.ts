import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

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

export function onGet(path: string, data: unknown, authorized = true) {
  return http.get(`${API}${path}`, () => HttpResponse.json(ok(data, authorized) as JsonBodyType))
}

export function onPost<T>(path: string, data: T | ((body: unknown) => T), authorized = true) {
  return http.post(`${API}${path}`, async ({ request }) => {
    const body = request.headers.get('content-type')?.includes('json') ? await request.json() : null
    const value = typeof data === 'function' ? (data as (body: unknown) => T)(body) : data
    return HttpResponse.json(ok(value, authorized) as JsonBodyType)
  })
}

export { http, HttpResponse }
