/**
 * The calls index.html's inline script started while the page was parsed (public/earlyCalls.js): the session check and
 * the opened screen's first call, made with the stored session before the main bundle had arrived.
 */
interface EarlyCall {
  url: string
  authKey: string
  response: Promise<Response>
}

declare global {
  interface Window {
    wandercardsEarlyCalls?: EarlyCall[]
  }
}

/** Early answers are adopted only while the page starts; a later request wants the data as it is then. */
const START_UP_MS = 30_000

/**
 * fetch for the API's requests: the early answer to the same GET with the same session, each adopted once, or else the
 * network. An early call that failed on the way is made again.
 */
export async function fetchAdoptingEarlyCalls(input: RequestInfo, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init)
  const calls = window.wandercardsEarlyCalls ?? []
  const authKey = request.headers.get('X-Auth-Key')
  const index = calls.findIndex((call) => call.url === request.url && call.authKey === authKey)
  if (index >= 0 && request.method === 'GET' && performance.now() < START_UP_MS) {
    const [call] = calls.splice(index, 1)
    try {
      if (call) return await call.response
    } catch {
      // The connection dropped, say; the request is made as any other.
    }
  }
  return fetch(request)
}
