import crypto from 'node:crypto'

/** An integer in [0, max). Draws go through here so tests can inject a source; production uses crypto.randomInt. */
export type RandomInt = (max: number) => number

export const cryptoRandomInt: RandomInt = (max) => crypto.randomInt(max)

export function newId(): string {
  return crypto.randomUUID()
}

/** A code of `length` characters from `alphabet`, uniformly chosen with crypto.randomInt. */
export function randomCode(alphabet: string, length: number): string {
  let code = ''
  for (let i = 0; i < length; i += 1) code += alphabet.charAt(crypto.randomInt(alphabet.length))
  return code
}
