interface ConsoleErrorExpectation {
  pattern: string | RegExp
  seen: boolean
  matches: (message: string) => boolean
}

/** The console errors the running test announced; the client setup checks them after each test. */
export const expectedConsoleErrors: ConsoleErrorExpectation[] = []

/**
 * Announces a console.error the running test causes on purpose (a render error caught by an error boundary, say).
 * Matching errors are allowed; the test fails if none comes, and any other console.error still fails it. `seen` tells
 * whether one has come yet.
 */
export function expectConsoleError(pattern: string | RegExp): { readonly seen: boolean } {
  const expectation: ConsoleErrorExpectation = {
    pattern,
    seen: false,
    matches(message) {
      const hit = typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message)
      if (hit) expectation.seen = true
      return hit
    },
  }
  expectedConsoleErrors.push(expectation)
  return expectation
}

/** Forgets the running test's expectations and returns those never met. */
export function takeUnmetConsoleErrorExpectations(): string[] {
  const unmet = expectedConsoleErrors.filter((expected) => !expected.seen).map((expected) => String(expected.pattern))
  expectedConsoleErrors.length = 0
  return unmet
}
