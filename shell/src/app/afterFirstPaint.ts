/**
 * A server-rendered page is painted before the app starts: hydration's scripts would otherwise
 * run first whenever they arrive before the first frame, and the page the server sent would stay
 * invisible until they finished (on a slow phone, seconds). A hidden tab paints no frames, so
 * there the app starts at once, as it does on a page rendered in the browser.
 */
import { SSR_STATE_ID } from './serverState';

export function afterFirstPaint(doc: Document = document): Promise<void> {
  if (!doc.getElementById(SSR_STATE_ID) || doc.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const start = () => {
      doc.removeEventListener('visibilitychange', start);
      resolve();
    };
    doc.addEventListener('visibilitychange', start);
    // The callback runs before the frame is painted; the task after it, once it is.
    requestAnimationFrame(() => setTimeout(start, 0));
  });
}
