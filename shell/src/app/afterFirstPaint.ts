/**
 * A server-rendered page is painted before the app starts: hydration's scripts would otherwise
 * run first whenever they arrive before the first frame, and the page the server sent would stay
 * invisible until they finished (on a slow phone, seconds). The browser's paint timing says when
 * the page has painted (neither timers nor animation frames, which a paused test clock holds). A
 * hidden tab paints nothing, so there the app starts at once, as on a page rendered in the
 * browser or in a browser that does not report paints.
 */
import { SSR_STATE_ID } from './serverState';

export function afterFirstPaint(doc: Document = document): Promise<void> {
  const reportsPaints = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!doc.getElementById(SSR_STATE_ID) || doc.visibilityState === 'hidden' || !reportsPaints) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver(() => start());
    const start = () => {
      observer.disconnect();
      doc.removeEventListener('visibilitychange', start);
      resolve();
    };
    doc.addEventListener('visibilitychange', start);
    // buffered: a paint that happened before this script ran is reported too.
    observer.observe({ type: 'paint', buffered: true });
  });
}
