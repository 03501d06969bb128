// Per-IP limit on failed password sign-ins: after LIMIT failures within WINDOW_MS, password
// sign-ins from that address answer 429 over_request_rate_limit until the window moves on.
//
// Failures only, not every attempt: the demo guest account is shared and end-to-end suites sign
// in many times from one address; guessing passwords is what the limit is for. Kept in memory,
// so each backend process counts on its own (several processes behind one database each allow
// LIMIT): good enough for one machine, a shared store would be needed for a fleet.

export const SIGN_IN_LIMIT = Number(process.env.AUTH_SIGN_IN_RATE_LIMIT) || 30;
export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;

export class FailureLimiter {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly limit = SIGN_IN_LIMIT,
    readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  #recent(key: string, now: number): number[] {
    const times = (this.#failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length) this.#failures.set(key, times);
    else this.#failures.delete(key);
    return times;
  }

  /** True when `key` has used up its failures for the current window. */
  blocked(key: string, now = Date.now()): boolean {
    return this.#recent(key, now).length >= this.limit;
  }

  fail(key: string, now = Date.now()): void {
    this.#failures.set(key, [...this.#recent(key, now), now]);
  }
}
