/**
 * The calls index.html's inline script started while the page was parsed (public/earlyCalls.js): the session check and
 * the opened screen's first call, made with the stored session before the main bundle had arrived.
 */
interface EarlyCall {
  url: string
  authKey: string
  startedAt: number
  response: Promise<Response>
}

declare global {
  interface Window {
    wandercardsEarlyCalls?: EarlyCall[]
  }
}

/** An early answer is adopted only at start-up; a later request of the same call wants the data as it is now. */
const EARLY_CALL_LIFETIME_MS = 30_000

/**
 * The early answer to `request` if one was started for the same call with the same session, each answer adopted once.
 * Requests other than a GET are never answered early.
 */
export function takeEarlyResponse(request: Request): Promise<Response> | null {
  const calls = window.wandercardsEarlyCalls
  if (!calls || request.method !== 'GET') return null
  const authKey = request.headers.get('X-Auth-Key')
  const index = calls.findIndex((call) => call.url === request.url && call.authKey === authKey)
  if (index < 0) return null
  const [call] = calls.splice(index, 1)
  if (!call || Date.now() - call.startedAt > EARLY_CALL_LIFETIME_MS) return null
  return call.response
}

/** fetch for the API's requests: an early answer when there is one, else the network; a failed early call is made again. */
export async function fetchAdoptingEarlyCalls(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const early = input instanceof Request ? takeEarlyResponse(input) : null
  if (early) {
    try {
      return await early
    } catch {
      // The early call failed on the way (the connection dropped, say); the request is made as any other.
    }
  }
  return fetch(input, init)
}
