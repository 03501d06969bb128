// What one backend process tells its operator: Prometheus metrics (GET /metrics on a port of its
// own, METRICS_HOST:METRICS_PORT, loopback by default: never the API's port, which anyone who
// reaches the site reaches) and JSON logs (pino on stdout), each request's line carrying the trace
// id the caller sent in `traceparent`.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type DestinationStream, type Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { VitalsMetric, VitalsRoute } from '../../shared/src/rules/vitals.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** W3C trace context: version-traceid-parentid-flags, the trace id not all zeros. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/**
 * The request's trace: the caller's trace id when it sent a valid `traceparent` (the shell's
 * server render does), else a new one; and this hop's own span id.
 */
export function traceOf(header: string | null | undefined): { traceId: string; spanId: string } {
  const match = header ? TRACEPARENT.exec(header.trim()) : null;
  const traceId = match && !/^0+$/.test(match[1]!) ? match[1]! : randomBytes(16).toString('hex');
  return { traceId, spanId: randomBytes(8).toString('hex') };
}

/** Latency buckets (seconds) from a cached read to a slow render. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Observe {
  registry: Registry;
  log: Logger;
  /** One answered request: its route (the matched prefix, never the raw path), method, status and time. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** Time a query waited for a connection of the named pool. */
  poolWait(pool: string, seconds: number): void;
  /** The image queue's depth (uploads' decodes and renders), read when scraped. */
  imageQueue(depth: () => { running: number; waiting: number }): void;
  /** One web vital of a real page view (vitals.ts): milliseconds for LCP and INP, a score for CLS. */
  vital(route: VitalsRoute, name: VitalsMetric, value: number): void;
}

/**
 * The web vitals' histograms, with buckets around their targets (issue 45: LCP 1.8 s, INP 200 ms,
 * CLS 0.02) and web.dev's good and poor thresholds (LCP 2.5 s and 4 s, INP 200 ms and 500 ms, CLS
 * 0.1 and 0.25).
 */
const VITALS = {
  LCP: { name: 'web_vitals_lcp_seconds', help: 'Largest contentful paint of real page views, by route', buckets: [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10, 20], scale: 1 / 1000 },
  INP: { name: 'web_vitals_inp_seconds', help: 'Interaction to next paint of real page views, by route', buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2, 5], scale: 1 / 1000 },
  CLS: { name: 'web_vitals_cls', help: 'Cumulative layout shift of real page views, by route', buckets: [0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1], scale: 1 },
} as const;

/**
 * Header and body fields that carry secrets. The request lines log neither headers nor bodies;
 * these paths keep a secret out should an error object carrying one be logged.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.apikey',
  'req.headers.cookie',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.apikey',
  '*.authorization',
];

export function createObserve(level: LogLevel, destination?: DestinationStream): Observe {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route prefix, method and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route prefix, method and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // The auth limiters, the image queue's per-client share and the realtime bounds answer 429.
  const limited = new Counter({ name: 'limiter_rejections_total', help: 'Requests refused by a limiter (429), by route prefix', labelNames: ['route'], registers: [registry] });
  const waits = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Time a query waited for a database connection, by pool',
    labelNames: ['pool'],
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
    registers: [registry],
  });
  const vitals = Object.fromEntries(
    Object.entries(VITALS).map(([metric, { scale, ...options }]) => [
      metric,
      { scale, histogram: new Histogram({ ...options, buckets: [...options.buckets], labelNames: ['route'], registers: [registry] }) },
    ]),
  ) as Record<VitalsMetric, { scale: number; histogram: Histogram<'route'> }>;
  const log = pino({ level, base: { service: 'backend', pid: process.pid }, redact: REDACT }, destination);
  return {
    registry,
    log,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
      if (status === 429) limited.inc({ route });
    },
    poolWait(pool, seconds) {
      waits.observe({ pool }, seconds);
    },
    vital(route, name, value) {
      const { scale, histogram } = vitals[name];
      histogram.observe({ route }, value * scale);
    },
    imageQueue(depth) {
      new Gauge({
        name: 'image_queue_jobs',
        help: "The image queue's jobs (uploads' decodes, photo renders), by state: running or waiting",
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const { running, waiting } = depth();
          this.set({ state: 'running' }, running);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    },
  };
}

/** The metrics listener: its URL, and how to close it. */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the registry's text on GET (and HEAD) /metrics at host:port (0: a free port), and 404
 * for anything else: the listener answers the operator's scraper and nobody else.
 */
export function serveMetrics(registry: Registry, host: string, port: number): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(error.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`metrics: cannot listen on ${host}:${port} (${error.code ?? error.message}); set METRICS_PORT to a free port`)),
    );
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shown}:${address.port}/metrics`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
