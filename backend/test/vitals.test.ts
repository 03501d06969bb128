// POST /vitals/v1 (issue 45): real page views' web vitals, counted in Prometheus histograms per
// route on the metrics port; hostile reports count nothing, and each address is rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

// PostgreSQL too: the per-address limit is counted in the database, by concurrent reports.
describe.each(databases('concurrency'))('web-vitals reports on %s', (kind) => {
  const LIMIT = 8;
  let backend: TestBackend;
  let api: string;
  beforeAll(async () => {
    // The loopback peer is a trusted proxy, so each test reports from an address of its own (X-Forwarded-For).
    backend = await startTestBackend(kind, { env: { VITALS_RATE_LIMIT: String(LIMIT), TRUSTED_PROXIES: '127.0.0.1' } });
    api = backend.url.replace('localhost', '127.0.0.1');
  });
  afterAll(() => backend?.close());

  let nextAddress = 1;
  const newAddress = () => `203.0.113.${nextAddress++}`;

  // As navigator.sendBeacon sends a string: text/plain, with the page's origin.
  const report = (body: string, from: string, init: RequestInit = {}) =>
    fetch(`${api}/vitals/v1`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:3000', 'x-forwarded-for': from },
      ...init,
    });

  const metrics = async () => {
    const response = await fetch(backend.metricsUrl!);
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The histogram's lines for one route: bucket counts, sum and count. */
  const linesOf = (text: string, name: string, route: string) =>
    text.split('\n').filter((line) => line.startsWith(name) && line.includes(`route="${route}"`));

  it('counts a page view in each metric histogram of its route, in seconds (LCP, INP) and as a score (CLS)', async () => {
    const body = JSON.stringify({
      route: '/messages/:id',
      metrics: [
        { name: 'LCP', value: 1234.5 },
        { name: 'INP', value: 180 },
        { name: 'CLS', value: 0.015 },
      ],
    });
    const response = await report(body, newAddress());
    expect(response.status).toBe(204);
    const text = await metrics();
    expect(text).toContain('# TYPE web_vitals_lcp_seconds histogram');
    expect(linesOf(text, 'web_vitals_lcp_seconds', '/messages/:id')).toEqual(
      expect.arrayContaining([
        'web_vitals_lcp_seconds_bucket{le="1",route="/messages/:id"} 0',
        'web_vitals_lcp_seconds_bucket{le="1.5",route="/messages/:id"} 1',
        'web_vitals_lcp_seconds_sum{route="/messages/:id"} 1.2345',
        'web_vitals_lcp_seconds_count{route="/messages/:id"} 1',
      ]),
    );
    expect(linesOf(text, 'web_vitals_inp_seconds', '/messages/:id')).toEqual(
      expect.arrayContaining([
        'web_vitals_inp_seconds_bucket{le="0.15",route="/messages/:id"} 0',
        'web_vitals_inp_seconds_bucket{le="0.2",route="/messages/:id"} 1',
        'web_vitals_inp_seconds_count{route="/messages/:id"} 1',
      ]),
    );
    expect(linesOf(text, 'web_vitals_cls', '/messages/:id')).toEqual(
      expect.arrayContaining(['web_vitals_cls_bucket{le="0.01",route="/messages/:id"} 0', 'web_vitals_cls_bucket{le="0.02",route="/messages/:id"} 1']),
    );
    // One page view's metrics may come in more than one report (LCP first, the rest when hidden).
    expect((await report(JSON.stringify({ route: '/messages/:id', metrics: [{ name: 'CLS', value: 0 }] }), newAddress())).status).toBe(204);
    expect(await metrics()).toContain('web_vitals_cls_count{route="/messages/:id"} 2');
  });

  it('clamps values past the largest kept: a minute of LCP or INP, a CLS of 10', async () => {
    const body = JSON.stringify({
      route: '/hosting/earnings',
      metrics: [
        { name: 'LCP', value: 1e12 },
        { name: 'INP', value: 86_400_000 },
        { name: 'CLS', value: 1e6 },
      ],
    });
    expect((await report(body, newAddress())).status).toBe(204);
    const text = await metrics();
    expect(text).toContain('web_vitals_lcp_seconds_sum{route="/hosting/earnings"} 60');
    expect(text).toContain('web_vitals_inp_seconds_sum{route="/hosting/earnings"} 60');
    expect(text).toContain('web_vitals_cls_sum{route="/hosting/earnings"} 10');
  });

  it('counts nothing of a report that is not one, and answers each with 400, 405 or 413', async () => {
    const lcp = (value: unknown) => ({ name: 'LCP', value });
    const hostile: Array<[string, number]> = [
      ['', 400],
      ['not json', 400],
      ['null', 400],
      ['[]', 400],
      [JSON.stringify([{ route: '/trips', metrics: [lcp(1)] }]), 400],
      // A path, not a route pattern: it would carry ids (and a label per id).
      [JSON.stringify({ route: '/house/12', metrics: [lcp(1)] }), 400],
      [JSON.stringify({ route: '/../admin', metrics: [lcp(1)] }), 400],
      [JSON.stringify({ route: '/trips?email=a@b.c', metrics: [lcp(1)] }), 400],
      [JSON.stringify({ route: 'constructor', metrics: [lcp(1)] }), 400],
      // Anything besides the route and the numbers (someone's email, a user id) is refused, not dropped.
      [JSON.stringify({ route: '/trips', metrics: [lcp(1)], email: 'someone@example.com' }), 400],
      [JSON.stringify({ route: '/trips', metrics: [{ name: 'LCP', value: 1, id: 'v5-user-42' }] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [lcp(1), lcp(2)] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [lcp(1), { name: 'INP', value: 1 }, { name: 'CLS', value: 0 }, { name: 'TTFB', value: 1 }] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [{ name: 'FID', value: 1 }] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [{ name: '__proto__', value: 1 }] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [lcp(-1)] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [lcp('1200')] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [lcp(null)] }), 400],
      ['{"route":"/trips","metrics":[{"name":"LCP","value":1e400}]}', 400],
      [JSON.stringify({ route: '/trips', metrics: { LCP: 1 } }), 400],
      [JSON.stringify({ route: ['/trips'], metrics: [lcp(1)] }), 400],
      [JSON.stringify({ route: '/trips', metrics: [lcp(1)], padding: 'x'.repeat(2000) }), 413],
    ];
    for (const [body, status] of hostile) {
      const response = await report(body, newAddress());
      expect({ body: body.slice(0, 100), status: response.status }).toEqual({ body: body.slice(0, 100), status });
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${api}/vitals/v1`, { method, headers: { 'x-forwarded-for': newAddress() } });
      expect(response.status).toBe(405);
    }
    expect((await fetch(`${api}/vitals/v1/extra`, { method: 'POST', body: '{}' })).status).toBe(404);
    const text = await metrics();
    expect(linesOf(text, 'web_vitals_', '/trips')).toEqual([]);
    expect(text).not.toContain('/house/12');
    expect(text).not.toContain('example.com');
  });

  it('takes at most VITALS_RATE_LIMIT reports a minute from one address, also when they come at once', async () => {
    const from = newAddress();
    const body = JSON.stringify({ route: '/lp', metrics: [{ name: 'CLS', value: 0 }] });
    const answers = await Promise.all(Array.from({ length: LIMIT + 4 }, () => report(body, from)));
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(204), ...Array<number>(4).fill(429)]);
    expect(await metrics()).toContain(`web_vitals_cls_count{route="/lp"} ${LIMIT}`);
    // Broken reports count against the address too: a flood of them is limited as well.
    const other = newAddress();
    const broken = await Promise.all(Array.from({ length: LIMIT + 1 }, () => report('not json', other)));
    expect(broken.map((response) => response.status).sort()).toEqual([...Array<number>(LIMIT).fill(400), 429]);
    // Another address is not held up by them.
    expect((await report(body, newAddress())).status).toBe(204);
  });
});
