// Per-process bounds of the socket endpoint (settings in config.ts, REALTIME_*): sockets per
// client address, messages per second per socket, sockets and subscriptions per user, and
// Realtime's statements on the database at once.

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

/**
 * Sockets and postgres_changes per user, over the channels joined as that user (a socket counts
 * once however many of its channels are). Users are named by the caller: a token's sub, or the
 * client address for anon.
 */
export class UserUsage<Socket> {
  private readonly users = new Map<string, { sockets: Map<Socket, number>; subscriptions: number }>();
  constructor(
    private readonly maxSockets: number,
    private readonly maxSubscriptions: number,
  ) {}

  /**
   * Why `user` may not join one more channel with `subscriptions` on `socket`; undefined when it
   * may. `countSockets` is false for a user named by its address, whose sockets that cap counts.
   */
  refusal(user: string, socket: Socket, subscriptions: number, countSockets: boolean): string | undefined {
    const usage = this.users.get(user);
    if (countSockets && !usage?.sockets.has(socket) && (usage?.sockets.size ?? 0) >= this.maxSockets) {
      return `Too many connections: at most ${this.maxSockets} per user`;
    }
    if ((usage?.subscriptions ?? 0) + subscriptions > this.maxSubscriptions) {
      return `Too many postgres_changes: at most ${this.maxSubscriptions} per user`;
    }
    return undefined;
  }

  add(user: string, socket: Socket, subscriptions: number): void {
    let usage = this.users.get(user);
    if (!usage) this.users.set(user, (usage = { sockets: new Map(), subscriptions: 0 }));
    usage.sockets.set(socket, (usage.sockets.get(socket) ?? 0) + 1);
    usage.subscriptions += subscriptions;
  }

  remove(user: string, socket: Socket, subscriptions: number): void {
    const usage = this.users.get(user);
    if (!usage) return;
    const channels = (usage.sockets.get(socket) ?? 1) - 1;
    if (channels <= 0) usage.sockets.delete(socket);
    else usage.sockets.set(socket, channels);
    usage.subscriptions -= subscriptions;
    if (usage.sockets.size === 0) this.users.delete(user);
  }
}

/**
 * Realtime's statements on the database at once (joins' checks, private channels' policies,
 * changes' RLS checks): past it they wait their turn here, not in the database's queue, so a flood
 * of joins or of distinct subscribers delays Realtime, never another client's REST request by
 * more than a few of them.
 */
export const QUERIES_AT_ONCE = 2;

/** Runs what it is given, at most `atOnce` at a time; the rest wait in order. */
export function limiter(atOnce: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    while (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
export type Limiter = ReturnType<typeof limiter>;

/** Runs what it is given one after another (in the order given); `onError` gets what one throws. */
export function serialQueue(onError: (error: Error) => void) {
  let queue: Promise<void> = Promise.resolve();
  return (fn: () => Promise<void> | void) => {
    queue = queue.then(fn).catch(onError);
  };
}
