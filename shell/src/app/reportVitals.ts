/**
 * Real visitors' web vitals (issue 45): the LCP, INP and CLS of each page view, measured by the
 * web-vitals library and sent to the backend's POST /vitals/v1 with navigator.sendBeacon when the
 * page is hidden (left, closed, another tab or app), which counts them per route on its metrics
 * port. The route is the pattern of the page the visit landed on (the page the LCP is of; INP and
 * CLS cover the visit's client-side moves too), never the path: no ids, no search, nothing
 * about who is visiting. web-vitals is loaded once the page has rendered, out of the way of its
 * first paint and hydration: its observers read the entries buffered until then.
 */
import { matchPath } from 'shared/router';
import { VITALS_ROUTES, type VitalsMetric, type VitalsRoute } from 'shared/rules';
import { remoteRoutes } from './routes';

/** The route pattern of `pathname` as the reports name it ('other' for the 404 page). */
export function vitalsRouteOf(pathname: string): VitalsRoute {
  const known = (route: string): route is VitalsRoute => (VITALS_ROUTES as readonly string[]).includes(route);
  if (pathname === '/' || pathname === '/comingsoon') return pathname;
  const route = remoteRoutes.find(({ path }) => matchPath(path, pathname) !== null)?.path;
  return route !== undefined && known(route) ? route : 'other';
}

let started = false;

/** Starts measuring this page view and reporting it to `backendUrl`, once per page load. */
export async function reportVitals(backendUrl: string, pathname: string): Promise<void> {
  if (started || typeof navigator.sendBeacon !== 'function') return;
  started = true;
  const route = vitalsRouteOf(pathname);
  const endpoint = `${backendUrl}/vitals/v1`;
  const queue = new Map<VitalsMetric, number>();
  const { onCLS, onINP, onLCP } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  const add = ({ name, value }: { name: VitalsMetric; value: number }) => void queue.set(name, value);
  onLCP(add);
  onINP(add);
  onCLS(add);
  // After web-vitals' own listeners (capture phase, registered above), which report on hidden.
  const flush = () => {
    if (queue.size === 0) return;
    const metrics = [...queue].map(([name, value]) => ({ name, value }));
    queue.clear();
    // A string goes as text/plain: no preflight, and a beacon outlives the page.
    navigator.sendBeacon(endpoint, JSON.stringify({ route, metrics }));
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  // Measuring from here on: tests wait for this mark.
  document.documentElement.dataset.vitals = 'measuring';
}
