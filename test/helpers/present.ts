/**
 * `value`, or a failed test naming `what` when it is missing. For data a test has just created or fetched, where a
 * missing element means the behaviour under test is broken, and a clear failure beats a TypeError further on.
 */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} to be present`)
  return value
}
