import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { BackendContext } from '../context.ts';
import { corsHeaders, preflight } from './cors.ts';
import { directText, HttpError, json } from './json.ts';
import { traceOf, type Observe } from '../observe.ts';

export type Handler = (req: Request, ctx: BackendContext) => Promise<Response>;

/** Path prefix -> handler. A handler sees the full URL; it strips its own prefix. */
export interface Route {
  prefix: string;
  handler: Handler;
  /** OPTIONS reaches the handler instead of the shared preflight answer (edge functions). */
  ownPreflight?: boolean;
  /** The largest body the route reads (MAX_BODY_BYTES unless said; uploads need more). */
  maxBodyBytes?: number;
}

export const MAX_BODY_BYTES = 1024 * 1024;

/** Set from the socket (never taken from the client): the port the request came in on, the server's own. */
export const LOCAL_PORT_HEADER = 'x-homestory-local-port';

const tooLarge = (limit: number) =>
  json(
    {
      code: '413',
      message: 'Request body too large',
      details: `The request body exceeds ${limit} bytes`,
      hint: null,
    },
    413,
  );

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(new HttpError(tooLarge(limit)));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(tooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
    // A client that goes away mid-body: give up instead of waiting for an end that never comes.
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/**
 * The client's address: the peer's, or when the peer is a trusted proxy (TRUSTED_PROXIES) the
 * address it puts last in X-Forwarded-For (the one it saw; anything before it the client wrote).
 */
export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  if (!trustedProxies.includes(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').at(-1)?.trim();
  return last || peer;
}

async function toRequest(req: IncomingMessage, base: string, maxBodyBytes: number, trustedProxies: readonly string[]): Promise<Request> {
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers: toHeaders(req) };
  // The client's address, for auth's per-IP limit; overwrites anything the client sent.
  (init.headers as Headers).set('x-homestory-client-ip', clientAddress(req, trustedProxies));
  (init.headers as Headers).set(LOCAL_PORT_HEADER, String(req.socket.localPort ?? ''));
  if (method !== 'GET' && method !== 'HEAD') {
    const body = await readBody(req, maxBodyBytes);
    if (body.length > 0) init.body = body as unknown as BodyInit;
  } else {
    req.resume();
  }
  return new Request(base + (req.url ?? '/'), init);
}

async function send(res: ServerResponse, response: Response, cors: Record<string, string>): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (!('access-control-allow-origin' in cors)) {
    // An origin outside the site's: no handler (edge functions set their own) may let it read.
    for (const name of Object.keys(headers)) if (name.startsWith('access-control-')) delete headers[name];
  }
  for (const [name, value] of Object.entries(cors)) {
    if (!(name in headers)) headers[name] = value;
  }
  const text = directText(response);
  if (text !== undefined) {
    headers['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(response.status, headers);
    res.end(text);
    return;
  }
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

function route(routes: Route[], pathname: string): Route | undefined {
  for (const r of routes) {
    if (pathname === r.prefix || pathname.startsWith(r.prefix + '/')) return r;
  }
  return undefined;
}

/** The Host header when it makes a valid URL (clients can send anything), else localhost. */
function validHost(host: string | undefined): string {
  if (!host) return 'localhost';
  try {
    return new URL(`http://${host}`).host === host.toLowerCase() ? host : 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The methods a route can answer; anything else (TRACE, CONNECT, made-up verbs) gets 405. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const methodNotAllowed = (method: string) => {
  const response = json(
    { code: '405', message: `Method ${method} is not allowed`, details: null, hint: null },
    405,
  );
  response.headers.set('allow', [...METHODS].join(', '));
  return response;
};

const notFound = () => json({ code: 'NOT_FOUND', message: 'No route for this path', details: null, hint: null }, 404);

/** node:http server turning each request into a Web Request for the route's handler. */
export function createHttpServer(routes: Route[], getContext: () => BackendContext): Server {
  // The handler catches and answers every error itself; node:http ignores what it returns.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  const server = createServer(async (req, res) => {
    const allowed = getContext().config.allowedOrigins;
    const cors = corsHeaders(req.headers.origin ?? null, allowed);
    const pathname = (req.url ?? '/').split('?', 1)[0]!;
    observeRequest(req, res, getContext().observe, route(routes, pathname)?.prefix ?? 'unmatched', pathname);
    trackInFlight(server, res);
    try {
      const host = validHost(req.headers.host);
      if (!METHODS.has(req.method ?? '')) {
        req.resume();
        await send(res, methodNotAllowed(req.method ?? ''), cors);
        return;
      }
      const r = route(routes, pathname);
      if (req.method === 'OPTIONS' && !r?.ownPreflight) {
        req.resume();
        await send(res, preflight(new Request(`http://${host}/`, { headers: toHeaders(req) }), allowed), cors);
        return;
      }
      if (!r) {
        req.resume();
        await send(res, notFound(), cors);
        return;
      }
      const request = await toRequest(req, `http://${host}`, r.maxBodyBytes ?? MAX_BODY_BYTES, getContext().config.trustedProxies);
      await send(res, await r.handler(request, getContext()), cors);
    } catch (error) {
      if (!(error instanceof HttpError)) getContext().observe.log.error({ err: error, method: req.method, path: pathname }, 'unhandled error');
      // Only a half-sent answer or a socket that is already gone ends without a response; a request
      // whose body was fully read (and so is "destroyed") still gets its 500.
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const response =
        error instanceof HttpError
          ? error.response
          : json({ code: 'XX000', message: 'Internal server error', details: null, hint: null }, 500);
      await send(res, response, cors).catch(() => res.destroy());
    }
  });
  // CONNECT never reaches the request handler (node:http hands it to 'connect', and without a
  // listener drops the socket): answer it 405 like any other method we do not serve.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const body = JSON.stringify({ code: '405', message: `Method ${req.method} is not allowed`, details: null, hint: null });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${[...METHODS].join(', ')}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // A request node:http cannot parse (a request line or headers over its limit, bad syntax): the
  // status is written, then the rest of what the client is still sending is read and dropped
  // until it closes (at most 5 s), so the close is orderly and the client reads the status
  // instead of a connection reset (node's default destroys the socket with data unread).
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.resume();
    setTimeout(() => socket.destroy(), 5000).unref();
  });
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 60_000;
  server.headersTimeout = 30_000;
  return server;
}

/**
 * Counts and times the request once it is answered (or its client went away), and logs one line:
 * the trace id (the caller's `traceparent`, else new), method, route, path without its query (a
 * query may carry a token), status and time. No header or body is logged.
 */
function observeRequest(req: IncomingMessage, res: ServerResponse, observe: Observe, routePrefix: string, pathname: string): void {
  const started = performance.now();
  const header = req.headers.traceparent;
  const { traceId, spanId } = traceOf(typeof header === 'string' ? header : undefined);
  res.setHeader('x-request-id', traceId);
  let done = false;
  const record = () => {
    if (done) return;
    done = true;
    const seconds = (performance.now() - started) / 1000;
    const status = res.writableFinished ? res.statusCode : 499;
    observe.request(routePrefix, req.method ?? '', status, seconds);
    observe.log.info(
      { trace_id: traceId, span_id: spanId, method: req.method, route: routePrefix, path: pathname, status, ms: Math.round(seconds * 10000) / 10 },
      'request',
    );
  };
  res.once('finish', record);
  res.once('close', record);
}

/** Each server's requests not yet answered: drain() closes their connections once they are. */
const inFlight = new WeakMap<Server, Set<ServerResponse>>();

function trackInFlight(server: Server, res: ServerResponse): void {
  let set = inFlight.get(server);
  if (!set) inFlight.set(server, (set = new Set()));
  set.add(res);
  res.once('close', () => set.delete(res));
  // A request that arrives on an open connection while the server drains: its answer closes it.
  if (!server.listening) res.shouldKeepAlive = false;
}

/**
 * Stops a server gracefully: no new connection is accepted, idle keep-alive connections close,
 * requests in flight finish (their connections then close: see the `connection: close` above)
 * and after graceMs whatever is still open is closed.
 */
export function drain(server: Server, graceMs: number): Promise<void> {
  for (const res of inFlight.get(server) ?? []) {
    // Answered with `Connection: close` (when its headers are still to be written), and its
    // connection closed once it is done rather than kept for another request.
    res.shouldKeepAlive = false;
    res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
