import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint';
import { SSR_STATE_ID } from './serverState';

/** jsdom has no paint timing: a stand-in PerformanceObserver whose paint the test reports. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static instances: FakePaintObserver[] = [];
  observing = false;
  constructor(private readonly callback: () => void) {
    FakePaintObserver.instances.push(this);
  }
  observe() {
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  paint() {
    if (this.observing) this.callback();
  }
}

function serverRendered() {
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = SSR_STATE_ID;
  document.body.append(state);
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('afterFirstPaint', () => {
  beforeEach(() => {
    FakePaintObserver.instances = [];
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });
  afterEach(() => {
    document.getElementById(SSR_STATE_ID)?.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts a page rendered in the browser at once', async () => {
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('starts a server-rendered page once it has painted, not before', async () => {
    serverRendered();
    const started = afterFirstPaint();
    expect(await settled(started)).toBe(false);
    FakePaintObserver.instances[0]!.paint();
    expect(await settled(started)).toBe(true);
    expect(FakePaintObserver.instances[0]!.observing).toBe(false);
  });

  it('starts a server-rendered page in a hidden tab at once, and when its tab is hidden while it waits', async () => {
    serverRendered();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const waiting = afterFirstPaint();
    expect(await settled(waiting)).toBe(false);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(waiting)).toBe(true);
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('starts at once in a browser that does not report paints', async () => {
    serverRendered();
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(await settled(afterFirstPaint())).toBe(true);
  });
});
