import net from 'node:net'

import { Type } from 'typebox'

import { SettingsError } from './settings'

/**
 * The proxies in front of the app whose `X-Forwarded-For`, `-Proto` and `-Host` the app believes: none (`false`), a
 * number of hops counted from the app, or the proxies' own addresses and CIDR blocks. The client address is the first
 * one, read from the right, that is not a trusted proxy: a balancer that appends to what the client wrote
 * (`$proxy_add_x_forwarded_for`) leaves the client's own entries to the left of it, never read.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] }

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR blocks. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** The proxy setting as written in the environment (README's settings table); off when unset. */
export const TrustProxySettingsSchema = Type.Object({
  TRUST_PROXY: Type.String({
    minLength: 1,
    description:
      'off, the number of proxies in front of the app (e.g. 1), or their comma-separated addresses or CIDR blocks ' +
      '(e.g. 10.0.0.0/8)',
  }),
})

/**
 * TRUST_PROXY: `off` (also `false`, `0`), a hop count, or addresses and CIDR blocks. A bare `on` is refused: it used to
 * mean "believe every X-Forwarded-For entry", which lets a client choose the address its rate limits count against,
 * and no single meaning is right both behind one balancer and behind a CDN and a balancer.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const setting = value.trim().toLowerCase()
  if (['off', 'false', '0'].includes(setting)) return false
  if (setting === 'on' || setting === 'true') {
    throw new SettingsError(
      `Setting TRUST_PROXY=${value} no longer says which proxies to believe: a client could then choose the address ` +
        'its rate limits count against. Set TRUST_PROXY to the addresses or CIDR blocks of the balancers that connect ' +
        'to the app (e.g. TRUST_PROXY=10.0.0.0/8, or 127.0.0.1 for nginx on the same machine), or to the number of ' +
        'proxies in front of it (TRUST_PROXY=1 for one nginx or one cloud balancer), or TRUST_PROXY=off.',
    )
  }
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting)
    if (hops > 10) throw new SettingsError(`Setting TRUST_PROXY=${value} is invalid: expected at most 10 proxies.`)
    return { hops }
  }
  const addresses = setting.split(',').map((entry) => entry.trim())
  for (const address of addresses) {
    if (!isAddressOrBlock(address)) {
      throw new SettingsError(
        `Setting TRUST_PROXY=${JSON.stringify(value)} is invalid: "${address}" is not an IP address or CIDR block. ` +
          'Expected off, a number of proxies (e.g. 1), or comma-separated addresses or CIDR blocks (e.g. ' +
          '10.0.0.0/8,192.168.1.4).',
      )
    }
  }
  return { addresses }
}

function isAddressOrBlock(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = net.isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}
