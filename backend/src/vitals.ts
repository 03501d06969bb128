// POST /vitals/v1: the web vitals of a real page view (issue 45), as the site's pages send them
// with navigator.sendBeacon when they are hidden: {"route":"/house/:id","metrics":[{"name":"LCP",
// "value":1234}]} (shared/src/rules/vitals.ts). Counted in the Prometheus histograms per route
// that GET /metrics shows on the metrics port (observe.ts), and nowhere else: nothing is stored or
// logged of a report, whose route is a pattern from a fixed list and whose values are numbers.
// Bounded: VITALS_BODY_LIMIT bytes (413 past it), VITALS_RATE_LIMIT reports per client address and
// minute in the auth limiters' shared store (429), and a report that is not one counts nothing (400).
import { CLIENT_IP_HEADER } from './auth/body.ts';
import { LimitsUnavailable } from './auth/limit-store.ts';
import { WindowCounter } from './auth/rate-limit.ts';
import type { BackendContext } from './context.ts';
import { json } from './http/json.ts';
import { readVitalsReport, VITALS_BODY_LIMIT } from '../../shared/src/rules/vitals.ts';

export { VITALS_BODY_LIMIT };

const WINDOW_MS = 60_000;

const problem = (status: number, message: string) => json({ code: String(status), message, details: null, hint: null }, status);

const counters = new WeakMap<BackendContext, WindowCounter>();
function counterOf(ctx: BackendContext): WindowCounter {
  let counter = counters.get(ctx);
  if (!counter) {
    counter = new WindowCounter(ctx.limits, 'vitals', ctx.config.vitalsRateLimit, WINDOW_MS);
    counters.set(ctx, counter);
  }
  return counter;
}

export async function vitalsHandler(req: Request, ctx: BackendContext): Promise<Response> {
  if (new URL(req.url).pathname !== '/vitals/v1') return problem(404, 'No route for this path');
  if (req.method !== 'POST') return problem(405, 'Only POST reports web vitals');
  try {
    // Counted before the body is read: a flood of broken reports is limited as well.
    if (!(await counterOf(ctx).reserve([req.headers.get(CLIENT_IP_HEADER) || 'unknown']))) return problem(429, 'Too many reports');
  } catch (error) {
    if (error instanceof LimitsUnavailable) return problem(503, 'Reports cannot be counted at the moment');
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(await req.text());
  } catch {
    return problem(400, 'A report is JSON');
  }
  const report = readVitalsReport(body);
  if (!report) return problem(400, 'Not a web-vitals report');
  for (const { name, value } of report.metrics) ctx.observe.vital(report.route, name, value);
  return new Response(null, { status: 204 });
}
