// A mail queue kept in SQL and drained by every backend process on one database (message notices,
// booking notifications): woken by NOTIFY on its channel and by a poll (for what was due later, or
// queued while no process listened). Each drain takes rows until a batch comes back empty; the SQL
// side hands each row to one process (FOR UPDATE SKIP LOCKED). A drain asked for during another
// runs once more after it.
import type { BackendContext } from './context.ts';

const POLL_MS = 10_000;

export interface MailQueue {
  /** For the logs: '[name] ...'. */
  name: string;
  /** The NOTIFY channel the queue's SQL wakes its drainers with. */
  channel: string;
  /** The drain function's signature (to_regprocedure): without it (an older schema), nothing runs. */
  procedure: string;
  /** Takes one batch and sends it; how many rows it took (0: the queue is empty). */
  drainBatch(): Promise<number>;
}

export function queuedMailer(ctx: BackendContext, queue: MailQueue) {
  let stopped = false;
  let draining: Promise<void> | undefined;
  let again = false;
  let unlisten: (() => Promise<void>) | undefined;
  let poll: NodeJS.Timeout | undefined;

  async function drainOnce(): Promise<void> {
    for (;;) {
      const taken = await queue.drainBatch();
      if (taken === 0 || stopped) return;
    }
  }

  /** Drains now, or once more after the drain under way. */
  function drain(): void {
    if (draining) {
      again = true;
      return;
    }
    draining = drainOnce()
      .catch((error: Error) => {
        if (!stopped) console.error(`[${queue.name}] reading the mail queue failed:`, error.message);
      })
      .finally(() => {
        draining = undefined;
        if (again && !stopped) {
          again = false;
          drain();
        }
      });
  }

  return {
    async start(): Promise<void> {
      const { rows } = await ctx.db.query<{ present: boolean }>('select to_regprocedure($1) is not null as present', [queue.procedure]);
      if (!rows[0]?.present) return;
      unlisten = await ctx.db.listen(queue.channel, drain);
      poll = setInterval(drain, POLL_MS);
      poll.unref();
      drain();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      await unlisten?.();
      await draining;
    },
  };
}
