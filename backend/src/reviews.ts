// Reviews published by their window ending (supabase/migrations/20261128000600_reviews.sql) are
// added to their listing's figures by count_published_reviews(); hosted projects run it with
// pg_cron, the local backend on this timer. A database without the function (a test fixture
// schema) is left alone.
import type { Db } from './db/index.ts';

const EVERY_MS = 60_000;

/** Counts now and every minute; the returned function stops the timer and waits for a count under way. */
export function startReviewCounter(db: Db, log: (...args: unknown[]) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const count = async () => {
    try {
      const { rows } = await db.query<{ ok: boolean }>(
        `select to_regprocedure('public.count_published_reviews()') is not null as ok`,
      );
      if (rows[0]!.ok) await db.query('select public.count_published_reviews()');
    } catch (error) {
      log('counting published reviews failed:', error);
    }
  };
  const tick = () => {
    running = running.then(count);
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
