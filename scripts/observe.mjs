/**
 * What a site server process tells its operator: Prometheus metrics (GET /metrics on a port of
 * its own, METRICS_HOST:SITE_METRICS_PORT, loopback by default: never a port that serves the
 * site, which anyone reaches) and JSON logs (pino on stdout, LOG_LEVEL). Each request runs with a trace id (the
 * caller's `traceparent`, else a new one) that the shell's server render passes on, as a
 * `traceparent` header, to every backend call it makes, so one id finds the page's line here and
 * its reads' lines in the backend's logs. One per process: the fetch it wraps is the process's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import http from 'node:http';
import pino from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The caller's trace id when its traceparent is valid (and not all zeros), else a new one. */
export function traceIdOf(header) {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  return match && !/^0+$/.test(match[1]) ? match[1] : crypto.randomBytes(16).toString('hex');
}

const current = new AsyncLocalStorage();
let made;

/**
 * The process's observer, made on first use. `destination` (tests) replaces stdout for the logs.
 * @param {{ env?: NodeJS.ProcessEnv, destination?: import('pino').DestinationStream }} [options]
 */
export function siteObserve({ env = process.env, destination } = {}) {
  if (made) return made;
  const level = env.LOG_LEVEL?.trim() || 'info';
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got ${level}`);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['app', 'route', 'method', 'status'];
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by app, route kind, method and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by app, route kind, method and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'ssr_render_duration_seconds',
    help: "Time the shell's server render took, from the request to the page's last byte, by status",
    labelNames: ['status'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rendering = new Gauge({
    name: 'ssr_renders_in_flight',
    help: "Pages the shell's server is rendering now (its render queue: Node runs them interleaved)",
    registers: [registry],
  });
  const remoteFailures = new Counter({
    name: 'remote_load_failures_total',
    help: "Loads of a remote's files by the shell's server that failed (no answer or not 2xx/304), by remote",
    labelNames: ['remote'],
    registers: [registry],
  });
  const log = pino({ level, base: { service: 'site', pid: process.pid } }, destination);

  /** Origins that get the trace header (the backend's), and the remotes' locations by name. */
  const traced = new Set();
  const remotes = new Map();
  const remoteOf = (url) => {
    for (const [name, base] of remotes) if (url.startsWith(base)) return name;
    return null;
  };
  // The renderer's clients (supabase-js, the federation runtime) use the global fetch: wrapped
  // once, it passes the trace on to the backend and counts failed remote loads.
  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const trace = current.getStore();
    let request = init;
    if (trace && URL.canParse(url) && traced.has(new URL(url).origin)) {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('traceparent', `00-${trace.traceId}-${crypto.randomBytes(8).toString('hex')}-01`);
      request = { ...init, headers };
    }
    const remote = remoteOf(url);
    try {
      const response = await fetchOriginal(input, request);
      if (remote && !response.ok && response.status !== 304) remoteFailures.inc({ remote });
      return response;
    } catch (error) {
      if (remote) remoteFailures.inc({ remote });
      throw error;
    }
  };

  made = {
    registry,
    log,
    /** The backend's origin: calls to it carry the trace. */
    traceTo(origin) {
      traced.add(origin);
    },
    /** The remotes' manifest URLs by name: loads from beside them are counted when they fail. */
    watchRemotes(manifests) {
      for (const [name, url] of Object.entries(manifests)) remotes.set(name, new URL('./', url).href);
    },
    /**
     * Runs one request: its trace id (answered as X-Request-Id), then its metrics and log line
     * once answered. `route(res, kind)` names what it was (page, file, remote, ...); the path is
     * logged without its query.
     */
    handle(app, req, res, handler) {
      const started = performance.now();
      const traceId = traceIdOf(req.headers.traceparent);
      res.setHeader('X-Request-Id', traceId);
      let done = false;
      const record = () => {
        if (done) return;
        done = true;
        const seconds = (performance.now() - started) / 1000;
        const status = res.writableFinished ? res.statusCode : 499;
        const route = kinds.get(res) ?? 'file';
        const labels = { app, route, method: req.method ?? '', status: String(status) };
        requests.inc(labels);
        latency.observe(labels, seconds);
        if (route === 'page') {
          renders.observe({ status: String(status) }, seconds);
          rendering.dec();
        }
        const line = { trace_id: traceId, app, route, method: req.method, path: (req.url ?? '/').split('?', 1)[0], status, ms: Math.round(seconds * 10000) / 10 };
        // Pages and failures at info; the many file requests a page makes only at debug.
        if (route === 'page' || status >= 500) log.info(line, 'request');
        else log.debug(line, 'request');
      };
      res.once('finish', record);
      res.once('close', record);
      current.run({ traceId }, handler);
    },
  };
  const kinds = new WeakMap();
  made.route = (res, kind) => {
    if (kind === 'page' && kinds.get(res) !== 'page') rendering.inc();
    kinds.set(res, kind);
  };
  return made;
}

/** SITE_METRICS_PORT when unset: the port after the backend's METRICS_PORT default (9464). */
export const DEFAULT_SITE_METRICS_PORT = 9465;

/**
 * Where this process's GET /metrics listens, from METRICS_HOST (127.0.0.1 by default) and
 * SITE_METRICS_PORT (9465 by default; 0 a free port; off none), the `index`th port after it for
 * the index-th of several processes (WEB_CONCURRENCY), so each is scraped on its own.
 * @returns {{ host: string, port: number } | null}
 */
export function siteMetricsListener(env = process.env, index = 0) {
  const value = env.SITE_METRICS_PORT?.trim();
  if (value === 'off') return null;
  const base = value ? Number(value) : DEFAULT_SITE_METRICS_PORT;
  if (!Number.isInteger(base) || base < 0 || base + index > 65535) throw new Error(`SITE_METRICS_PORT must be a port (0-65535) or off, got ${value}`);
  return { host: env.METRICS_HOST?.trim() || '127.0.0.1', port: base === 0 ? 0 : base + index };
}

/**
 * Serves the process's metrics on GET (and HEAD) /metrics at `listener` (siteMetricsListener),
 * and 404 for anything else. Resolves once listening, with its URL and close().
 * @param {{ host: string, port: number }} listener
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serveSiteMetrics(listener) {
  const { registry } = siteObserve();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(error.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(new Error(`metrics: cannot listen on ${listener.host}:${listener.port} (${error.code ?? error.message}); set SITE_METRICS_PORT to a free port`)),
    );
    server.listen(listener.port, listener.host, () => {
      const address = server.address();
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${host}:${address.port}/metrics`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
