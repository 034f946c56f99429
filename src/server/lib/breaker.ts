/**
 * A circuit breaker for an outside service: after a failure, calls fail at once for `openMs` without asking the
 * service; then the next call tries it again (a success closes the breaker, a failure opens it again).
 */
export class Breaker {
  private openUntilMs = 0

  constructor(
    private readonly openMs: number,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  /** The service failed a moment ago: do not ask it now. */
  isOpen(): boolean {
    return this.nowMs() < this.openUntilMs
  }

  failed(): void {
    this.openUntilMs = this.nowMs() + this.openMs
  }

  succeeded(): void {
    this.openUntilMs = 0
  }
}
