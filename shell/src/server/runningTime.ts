/**
 * Time the server process actually had. On a busy machine the process may not run for a while;
 * a wall-clock timer then fires as soon as it runs again, before the work that was waiting (a
 * page's next slot) has had its turn. Counting in short ticks, a late tick counting as at most two,
 * gives that work the time it was meant to have.
 */
const TICK_MS = 10;

/** Calls `then` once the process has had about `ms` of running time from now; returns a cancel. */
export function afterRunningTime(ms: number, then: () => void): () => void {
  let left = ms;
  let last = performance.now();
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    const now = performance.now();
    left -= Math.min(now - last, 2 * TICK_MS);
    last = now;
    if (left <= 0) then();
    else timer = setTimeout(tick, TICK_MS).unref();
  };
  timer = setTimeout(tick, TICK_MS).unref();
  return () => clearTimeout(timer);
}
