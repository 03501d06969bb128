// Per-process bounds of the socket endpoint (settings in config.ts, REALTIME_*).

/** Open sockets per client address. */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Counts one more socket from `address`, or says no when it already has `max`. */
  acquire(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.max) return false;
    this.open.set(address, n + 1);
    return true;
  }

  release(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n <= 0) this.open.delete(address);
    else this.open.set(address, n);
  }
}

/** At most `perSecond` messages in any one-second window (fixed windows). */
export class RateWindow {
  private windowStart = 0;
  private count = 0;
  constructor(private readonly perSecond: number) {}

  allow(now = Date.now()): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.perSecond;
  }
}
