import { Type } from 'typebox'

/** How the settings are written in the environment, shared by every concern's part of the settings schema. */

/** A start-up setting is wrong; the message names it and says what is expected. */
export class SettingsError extends Error {
  override name = 'SettingsError'
}

export const Switch = (description: string) =>
  Type.String({ pattern: '^(on|off|true|false|1|0)$', description: `${description}: on or off` })

export const HttpUrl = (description: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', description: `${description} (an http:// or https:// address)` })

export function isOn(value: string | undefined): boolean {
  return value === 'on' || value === 'true' || value === '1'
}
