// @vitest-environment node
import { afterRunningTime } from './runningTime';

/** Keeps the process from running anything else for `ms`, as a busy machine does to it. */
function hold(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('afterRunningTime', () => {
  it('waits about the time asked for on an idle machine', async () => {
    const started = performance.now();
    await new Promise<void>((resolve) => afterRunningTime(100, resolve));
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('can be cancelled', async () => {
    let called = false;
    const cancel = afterRunningTime(30, () => (called = true));
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(called).toBe(false);
  });

  it('does not count a stretch in which the process did not run', async () => {
    const started = performance.now();
    const done = new Promise<number>((resolve) => afterRunningTime(100, () => resolve(performance.now())));
    hold(300);
    const afterHold = performance.now();
    // The 300 ms held count as one late tick: about 80 ms of running time are still to come.
    expect((await done) - afterHold).toBeGreaterThanOrEqual(60);
    expect(afterHold - started).toBeGreaterThanOrEqual(300);
  });
});
