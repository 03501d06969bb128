// Limits on password checks and sign-ups, kept in memory (each backend process counts on its own:
// good enough for one machine, a shared store would be needed for a fleet).
//
// Password checks (sign-in, and sign-up of an existing email): a check reserves a slot in each of
// its buckets *before* bcrypt runs, synchronously, so concurrent guesses cannot all pass the check
// and be counted afterwards; a successful check gives its slots back, so only failures count
// (the demo guest account is shared and end-to-end suites sign in many times from one address).
// Buckets, LIMIT failures per WINDOW_MS each:
//  - per client address, whatever the email: one address cannot spray guesses over accounts;
//  - per account, whatever the address: many addresses cannot guess one account's password;
//  - per (account, address) pair once that address has signed in to that account: a returning
//    user uses only this bucket, so an attacker elsewhere, or behind the same address (shared
//    NAT) guessing other accounts, cannot lock them out, while guesses against that account from
//    that address stay limited. GoTrue limits per address only; the account bucket is ours.
// Lockouts end by themselves when the failures age out of the window (never permanent).

export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;
export const SIGN_UP_WINDOW_MS = 5 * 60 * 1000;

/** Sliding-window counters; a slot is taken before the work it limits and may be given back. */
export class WindowCounter {
  readonly #times = new Map<string, number[]>();
  #sweptAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  #recent(key: string, now: number): number[] {
    const times = (this.#times.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length) this.#times.set(key, times);
    else this.#times.delete(key);
    return times;
  }

  /**
   * Takes one slot in every bucket of `keys`, or none when any is full (then returns undefined).
   * Synchronous: no other request runs between the check and the taking. The result gives the
   * slots back.
   */
  reserve(keys: string[], now = Date.now()): (() => void) | undefined {
    if (now - this.#sweptAt >= this.windowMs) {
      // Buckets nobody asks about again (one per guessed email) are dropped once per window.
      this.#sweptAt = now;
      for (const key of [...this.#times.keys()]) this.#recent(key, now);
    }
    if (keys.some((key) => this.#recent(key, now).length >= this.limit)) return undefined;
    for (const key of keys) {
      const times = this.#times.get(key);
      if (times) times.push(now);
      else this.#times.set(key, [now]);
    }
    return () => {
      for (const key of keys) {
        const times = this.#times.get(key);
        const at = times?.lastIndexOf(now) ?? -1;
        if (at >= 0) times!.splice(at, 1);
      }
    };
  }
}

const MAX_TRUSTED = 100_000;

/** The password-check limiter described above. */
export class SignInLimiter {
  readonly #failures: WindowCounter;
  /** "account\naddress" pairs that have signed in, oldest first (bounded). */
  readonly #trusted = new Set<string>();

  constructor(limit: number, windowMs = SIGN_IN_WINDOW_MS) {
    this.#failures = new WindowCounter(limit, windowMs);
  }

  #keys(account: string, ip: string): string[] {
    const pair = `${account.toLowerCase()}\n${ip}`;
    return this.#trusted.has(pair) ? [`pair:${pair}`] : [`ip:${ip}`, `account:${account.toLowerCase()}`];
  }

  /** A slot for one password check, or undefined when the caller must be told 429. */
  reserve(account: string, ip: string): ((succeeded: boolean) => void) | undefined {
    const release = this.#failures.reserve(this.#keys(account, ip));
    if (!release) return undefined;
    return (succeeded) => {
      if (!succeeded) return;
      release();
      const pair = `${account.toLowerCase()}\n${ip}`;
      this.#trusted.delete(pair);
      this.#trusted.add(pair);
      if (this.#trusted.size > MAX_TRUSTED) this.#trusted.delete(this.#trusted.values().next().value!);
    };
  }
}
