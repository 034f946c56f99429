import crypto from 'node:crypto'

import { v7 as uuidv7 } from 'uuid'

/** An integer in [0, max). Draws go through here so tests can inject a source; production uses crypto.randomInt. */
export type RandomInt = (max: number) => number

export const cryptoRandomInt: RandomInt = (max) => crypto.randomInt(max)

/**
 * A new row id: a UUID version 7, which starts with the millisecond it was made. Rows made together sort together, so
 * a commit's new rows share the last pages of each index instead of landing on random ones (docs/benchmarks.md, "Group
 * commit"). Each id carries 42 fresh random bits after a counter that starts at random each millisecond: knowing one
 * id does not give the next, so a link made of one (a shared draw, a trip) is not guessed.
 */
export function newId(): string {
  return uuidv7()
}

/** A code of `length` characters from `alphabet`, uniformly chosen with crypto.randomInt. */
export function randomCode(alphabet: string, length: number): string {
  let code = ''
  for (let i = 0; i < length; i += 1) code += alphabet.charAt(crypto.randomInt(alphabet.length))
  return code
}
