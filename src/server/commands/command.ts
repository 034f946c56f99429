import { SettingsError } from '../config/settings'

/** The command was called wrongly; its message is the usage. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * Runs an operator's command and exits: 0 when it succeeded, 2 for a wrong call, 1 otherwise. Refusals the operator
 * can act on (a bad setting, a database newer than this build, a non-empty target) print their message alone, which
 * says what to do; anything else is a bug and prints its stack.
 */
export function runCommand(
  name: string,
  command: () => Promise<void>,
  refusals: (new (...args: never[]) => Error)[] = [],
): void {
  command().then(
    () => process.exit(),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(error.message)
        process.exit(2)
      }
      if (error instanceof SettingsError || refusals.some((refusal) => error instanceof refusal))
        console.error(`${name}: ${(error as Error).message}`)
      else console.error(error)
      process.exit(1)
    },
  )
}
