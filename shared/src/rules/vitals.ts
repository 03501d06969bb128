/**
 * What a page view reports of its web vitals (issue 45): the browser sends one report per flush
 * (the shell's reportVitals), the backend checks it with readVitalsReport and counts it in
 * Prometheus histograms per route. A report names the route's pattern, never the path (no ids,
 * no search), and carries numbers only: nothing in it tells who sent it.
 */

/** The site's pages by route pattern (the shell's routes), and 'other' for the 404 page. */
export const VITALS_ROUTES = [
  '/',
  '/home',
  '/house/:id',
  '/:id/book',
  '/wishlist',
  '/trips',
  '/trips/:code',
  '/login',
  '/reset-password',
  '/account-settings',
  '/lp',
  '/hosting',
  '/hosting/new',
  '/hosting/:id/edit/:step',
  '/hosting/:id/calendar',
  '/hosting/earnings',
  '/messages',
  '/messages/:id',
  '/notifications',
  '/comingsoon',
  'other',
] as const;

export type VitalsRoute = (typeof VITALS_ROUTES)[number];

/** The metrics reported, as web-vitals names them: milliseconds for LCP and INP, a score for CLS. */
export const VITALS_METRICS = ['LCP', 'INP', 'CLS'] as const;

export type VitalsMetric = (typeof VITALS_METRICS)[number];

/** The largest value kept of each metric; a larger one counts as this (a tab left in the background, a broken clock). */
export const VITALS_MAX: Record<VitalsMetric, number> = { LCP: 60_000, INP: 60_000, CLS: 10 };

/** The largest report body the backend reads, in bytes (a full report is under 120). */
export const VITALS_BODY_LIMIT = 1024;

export interface VitalsReport {
  route: VitalsRoute;
  metrics: Array<{ name: VitalsMetric; value: number }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const hasOnlyKeys = (value: Record<string, unknown>, keys: readonly string[]) => Object.keys(value).every((key) => keys.includes(key));

/**
 * A report as the backend keeps it, or null when `body` is not one: an object with exactly a
 * known route and one to three different known metrics, each a finite value of at least 0
 * (clamped to VITALS_MAX). Nothing of a report that is not one is counted.
 */
export function readVitalsReport(body: unknown): VitalsReport | null {
  if (!isRecord(body) || !hasOnlyKeys(body, ['route', 'metrics'])) return null;
  const { route, metrics } = body;
  if (typeof route !== 'string' || !(VITALS_ROUTES as readonly string[]).includes(route)) return null;
  if (!Array.isArray(metrics) || metrics.length === 0 || metrics.length > VITALS_METRICS.length) return null;
  const read: VitalsReport['metrics'] = [];
  for (const metric of metrics) {
    if (!isRecord(metric) || !hasOnlyKeys(metric, ['name', 'value'])) return null;
    const { name, value } = metric;
    if (typeof name !== 'string' || !(VITALS_METRICS as readonly string[]).includes(name)) return null;
    if (read.some((seen) => seen.name === name)) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
    read.push({ name: name as VitalsMetric, value: Math.min(value, VITALS_MAX[name as VitalsMetric]) });
  }
  return { route: route as VitalsRoute, metrics: read };
}
