import type Redis from 'ioredis'

/** What the auth hook needs of a live session. */
export interface CachedSession {
  userId: string
  /** When the session itself expires (ms since the epoch); a cached entry never outlives it. */
  expiresAtMs: number
}

/**
 * Carries "this session ended" to every instance's cache. The in-process bus reaches only this instance; a shared
 * bus (e.g. Redis pub/sub) implements the same two methods so a logout on one instance empties every cache.
 */
export interface SessionInvalidationBus {
  publish(tokenHash: string): void
  subscribe(listener: (tokenHash: string) => void): void
}

export function inProcessInvalidationBus(): SessionInvalidationBus {
  const listeners: ((tokenHash: string) => void)[] = []
  return {
    publish: (tokenHash) => listeners.forEach((listener) => listener(tokenHash)),
    subscribe: (listener) => void listeners.push(listener),
  }
}

/** The channel every instance of the site listens on for ended sessions. */
export const SESSION_ENDED_CHANNEL = 'wandercards:session-ended'

/**
 * Redis pub/sub: a logout on any instance reaches every instance's cache. Delivered here at once as well, so a logout
 * empties this instance's cache even while Redis is unreachable; the others then forget it within the cache time.
 */
export async function redisInvalidationBus(
  redis: Redis,
  onError: (error: unknown) => void,
): Promise<SessionInvalidationBus & { close(): Promise<void> }> {
  const local = inProcessInvalidationBus()
  // A connection in subscriber mode can do nothing else, so listening takes a connection of its own. Its subscription
  // waits for a connection however long Redis is down (and is renewed at each reconnection): no queue, no timeout
  // would drop it.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    commandTimeout: undefined,
    maxRetriesPerRequest: null,
  })
  subscriber.on('error', onError)
  subscriber.on('message', (channel: string, tokenHash: string) => {
    if (channel === SESSION_ENDED_CHANNEL) local.publish(tokenHash)
  })
  // Waited for until it is made or the first connection fails; while Redis is down it is made when Redis is back.
  const subscribed = subscriber.subscribe(SESSION_ENDED_CHANNEL).catch(onError)
  let timer: NodeJS.Timeout | undefined
  const unreachable = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 2000)
    subscriber.once('error', () => resolve())
  })
  await Promise.race([subscribed, unreachable])
  clearTimeout(timer)
  return {
    publish: (tokenHash) => {
      local.publish(tokenHash)
      redis.publish(SESSION_ENDED_CHANNEL, tokenHash).catch(onError)
    },
    subscribe: (listener) => local.subscribe(listener),
    close: async () => {
      // Nothing to flush on a listening connection; quit would wait for a subscription still queued.
      subscriber.disconnect()
    },
  }
}

interface Entry extends CachedSession {
  cachedUntilMs: number
}

/**
 * Live sessions by token hash, each kept for a few seconds, so a burst of calls reads the sessions table once.
 * Only sessions that were found are kept: an unknown token is looked up every time, and cannot fill the cache.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs: number,
    private readonly bus: SessionInvalidationBus = inProcessInvalidationBus(),
    private readonly maxEntries = 10_000,
  ) {
    bus.subscribe((tokenHash) => this.entries.delete(tokenHash))
  }

  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash)
    if (!entry) return undefined
    if (nowMs >= entry.cachedUntilMs || nowMs >= entry.expiresAtMs) {
      this.entries.delete(tokenHash)
      return undefined
    }
    return entry
  }

  set(tokenHash: string, session: CachedSession, nowMs: number): void {
    if (this.ttlMs <= 0) return
    // Oldest first: a Map iterates in insertion order, so the first key is the entry cached longest ago.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(tokenHash, { ...session, cachedUntilMs: nowMs + this.ttlMs })
  }

  /** The session ended (logout): forget it here and on every instance the bus reaches. */
  invalidate(tokenHash: string): void {
    this.bus.publish(tokenHash)
  }
}
