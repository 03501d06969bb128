// An async boundary, so shared singletons are negotiated before any module uses them.
import { afterFirstPaint } from './app/afterFirstPaint';
import { yieldToMain } from './app/yieldToMain';

/**
 * The largest shared libraries the app starts with, asked for one per task before the app: for
 * each, the federation runtime picks the page's one copy and starts its download, work that for
 * every library the app imports at once is one long task on a phone. The app's own import then
 * finds them on their way. A failure is the app's to report (its import fails the same way).
 * Libraries with stylesheets are left to the app, which orders its stylesheets itself.
 */
const EARLY_SHARED: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('react-redux'),
  () => import('shared/store'),
];

void afterFirstPaint().then(async () => {
  for (const load of EARLY_SHARED) {
    load().catch(() => undefined);
    await yieldToMain();
  }
  await import('./bootstrap');
});
