import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint';
import { SSR_STATE_ID } from './serverState';

function serverRendered() {
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = SSR_STATE_ID;
  document.body.append(state);
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('afterFirstPaint', () => {
  afterEach(() => {
    document.getElementById(SSR_STATE_ID)?.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts a page rendered in the browser at once', async () => {
    vi.useFakeTimers();
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('starts a server-rendered page after its first frame, not before', async () => {
    vi.useFakeTimers();
    serverRendered();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const started = afterFirstPaint();
    expect(await settled(started)).toBe(false);
    frames.shift()!(0);
    expect(await settled(started)).toBe(true);
  });

  it('starts a server-rendered page in a hidden tab at once, and when its tab is hidden while it waits', async () => {
    vi.useFakeTimers();
    serverRendered();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const waiting = afterFirstPaint();
    expect(await settled(waiting)).toBe(false);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(waiting)).toBe(true);
    expect(await settled(afterFirstPaint())).toBe(true);
  });
});
