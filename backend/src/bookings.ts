// The booking lifecycle's timed events (supabase/migrations/20261204000100_booking_lifecycle.sql):
// the test clock's permission, written into the database at start from TEST_CLOCK; and a timer
// that completes past stays (complete_due_stays), pays hosts their available stays
// (pay_out_available, 20261206000600_host_payouts.sql) and calls the release-holds edge function, which
// expires unanswered requests and gives their held cards back at the processor (the money is the
// functions' business: they hold the Stripe key). Hosted projects run the same two with pg_cron.
// A database without the lifecycle (a test fixture schema) is left alone.
import type { BackendContext } from './context.ts';
import type { Db } from './db/index.ts';

async function hasLifecycle(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`select to_regprocedure('public.complete_due_stays()') is not null as ok`);
  return rows[0]!.ok;
}

/** Allows the test clock (TEST_CLOCK=1) or turns it off and puts it back to now. */
export async function applyTestClockSetting(db: Db, allowed: boolean): Promise<void> {
  if (!(await hasLifecycle(db))) return;
  await db.query(
    `update private.test_clock set allowed = $1, clock_offset = case when $1 then clock_offset else interval '0' end`,
    [allowed],
  );
}

/** Runs now and every BOOKING_TIMER_SECONDS; the returned function stops it and waits for a run under way. */
export function startBookingTimer(ctx: BackendContext, log: (...args: unknown[]) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      if (!(await hasLifecycle(ctx.db))) return;
      await ctx.db.query('select public.complete_due_stays()');
      await ctx.db.query('select public.pay_out_available()');
      const key = ctx.keys.serviceRoleKey;
      const response = await fetch(`${ctx.publicUrl}/functions/v1/release-holds`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) log(`release-holds answered ${response.status}`);
    } catch (error) {
      log('the booking timer failed:', error);
    }
  };
  const tick = () => {
    running = running.then(run);
  };
  const timer = setInterval(tick, ctx.config.bookingTimerSeconds * 1000);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
