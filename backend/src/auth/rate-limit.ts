// Limits on password checks, sign-ups and mail, counted in a store every backend process shares
// (limit-store.ts: the database, or Redis with REDIS_URL), so that several processes on one
// database still allow each limit once.
//
// Password checks (sign-in, sign-up of an existing email, emailed codes): a check reserves a slot
// in each of its buckets *before* bcrypt runs, in one atomic step of the store, so concurrent
// guesses (in any process) cannot all pass the check and be counted afterwards; a successful
// check gives its slots back, so only failures count (people behind one address, and the
// end-to-end suites, sign in many times from it).
// Buckets, LIMIT failures per WINDOW_MS each:
//  - per client address, whatever the email: one address cannot spray guesses over accounts;
//  - per account, whatever the address: many addresses cannot guess one account's password;
//  - per (account, address) pair once that address has signed in to that account (in the last
//    TRUST_MS): a returning user uses only this bucket, so an attacker elsewhere, or behind the
//    same address (shared NAT) guessing other accounts, cannot lock them out, while guesses
//    against that account from that address stay limited. GoTrue limits per address only; the
//    account bucket is ours.
// Lockouts end by themselves when the failures age out of the window (never permanent).
import type { LimitStore, Release } from './limit-store.ts';

export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;
export const SIGN_UP_WINDOW_MS = 5 * 60 * 1000;
/** How long an (account, address) pair stays trusted after its last successful sign-in. */
export const TRUST_MS = 30 * 24 * 3600 * 1000;

/** Sliding-window counters named `name` in the store; a slot is taken before the work it limits and may be given back. */
export class WindowCounter {
  constructor(
    private readonly store: LimitStore,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Takes one slot in every bucket of `keys`, or none when any is full (then undefined). */
  reserve(keys: string[]): Promise<Release | undefined> {
    return this.store.reserve(
      keys.map((key) => `${this.name}:${key}`),
      this.limit,
      this.windowMs,
    );
  }
}

/** The password-check limiter described above. */
export class SignInLimiter {
  constructor(
    private readonly store: LimitStore,
    readonly limit: number,
    readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  /** A slot for one password check, or undefined when the caller must be told 429. */
  async reserve(account: string, ip: string): Promise<((succeeded: boolean) => Promise<void>) | undefined> {
    const email = account.toLowerCase();
    const pair = `${email}\n${ip}`;
    const release = await this.store.reserve([`sign-in:ip:${ip}`, `sign-in:account:${email}`], this.limit, this.windowMs, {
      pair,
      bucket: `sign-in:pair:${pair}`,
    });
    if (!release) return undefined;
    return async (succeeded) => {
      if (!succeeded) return;
      await release();
      await this.store.trust(pair, TRUST_MS);
    };
  }
}
