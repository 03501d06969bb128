/**
 * Serves one app's production build the way a CDN would: compressed, hashed files cached for
 * a year, federation entry points (mf-manifest.json, remoteEntry.js) and HTML never cached,
 * security headers on pages. The shell also answers /config.json and /remotes.json, the
 * runtime configuration that keeps remote and backend locations out of every build.
 */
import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sirv from 'sirv';
import compression from 'compression';
import { siteObserve } from './observe.mjs';

const HASHED = /\.[0-9a-f]{8}\.(js|css|map)$|\/assets\//;
const NO_CACHE = /(mf-manifest\.json|remoteEntry\.js|mf-stats\.json|\.html)$/;

/** The hashes of inline <style> blocks, so the CSP can allow exactly those. */
function inlineStyleHashes(html) {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${crypto.createHash('sha256').update(match[1]).digest('base64')}'`,
  );
}

/** Third-party origins the runtime configuration turns on: Stripe in stripe mode, a map tile server. */
function configuredOrigins(config) {
  const stripe = config?.paymentMode === 'stripe';
  const tiles = typeof config?.mapTileUrl === 'string' ? [new URL(config.mapTileUrl.replace(/\{[^}]*\}/g, '0')).origin] : [];
  return {
    script: stripe ? ['https://js.stripe.com'] : [],
    frame: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
    connect: stripe ? ['https://api.stripe.com'] : [],
    img: tiles,
  };
}

/** The page's CSP. The remotes are served from the page's own origin (/_remotes/), so 'self'. */
export function contentSecurityPolicy({ html, backendOrigin, config, nonce }) {
  const extra = configuredOrigins(config);
  return [
    "default-src 'self'",
    `script-src 'self' ${nonce ? `'nonce-${nonce}'` : ''} ${extra.script.join(' ')}`,
    `style-src 'self' ${inlineStyleHashes(html).join(' ')}`,
    // A server-rendered page carries React's style attributes (sizes, CSS variables) in its
    // markup: attributes only, never <style> elements or script.
    ...(nonce ? ["style-src-attr 'unsafe-inline'"] : []),
    `img-src 'self' data: blob: ${backendOrigin} ${extra.img.join(' ')}`,
    "font-src 'self'",
    // The backend's Realtime socket is its origin as ws: (wss:), which Chromium does not match to http: (https:).
    `connect-src 'self' ${backendOrigin} ${backendOrigin.replace(/^http/, 'ws')} ${extra.connect.join(' ')}`,
    ...(extra.frame.length ? [`frame-src ${extra.frame.join(' ')}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ]
    .join('; ')
    .replace(/ {2,}/g, ' ')
    .replace(/\s+;/g, ';');
}

/** Where the shell serves each remote: /_remotes/<name>/, whatever its own location. */
const REMOTES_PATH = /^\/_remotes\/([a-z]+)\/(.*)$/;

/**
 * The remotes as the browser finds them: each under the shell's own origin (one connection for
 * the page, no other origin in its CSP), its manifest's file name kept. Each remote is still
 * deployed on its own; the shell passes its requests on (proxyRemote).
 */
export function publicRemotes(remotes) {
  return Object.fromEntries(
    Object.entries(remotes).map(([name, url]) => [name, `/_remotes/${name}/${path.posix.basename(new URL(url).pathname)}`]),
  );
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const FORWARDED = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range'];
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Passes a request for one of a remote's files on to the remote (beside its manifest) and its answer back. */
function proxyRemote(req, res, manifestUrl, file) {
  // Relative to the manifest, and never to another origin (an absolute URL in the path).
  const target = new URL(`./${file}`, manifestUrl);
  if (target.origin !== new URL(manifestUrl).origin) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return res.end('Not found');
  }
  const headers = Object.fromEntries(FORWARDED.filter((name) => req.headers[name]).map((name) => [name, req.headers[name]]));
  const client = target.protocol === 'https:' ? https : http;
  const upstream = client.request(target, { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers, agent: agents[target.protocol] }, (answer) => {
    const passed = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    res.writeHead(answer.statusCode ?? 502, passed);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Remote unavailable');
  });
  upstream.end();
}

/** Served over https (directly, or behind a proxy that says so): the cookies set are then Secure. */
function isSecure(req) {
  return Boolean(req.socket.encrypted) || req.headers['x-forwarded-proto'] === 'https';
}

/**
 * A form post made by a page of this site: the browser's Sec-Fetch-Site says so, or (a browser
 * without it) its Origin is this host. Anything else, another site's form included, is refused.
 */
function isSameOriginPost(req) {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  return origin !== undefined && origin === `${isSecure(req) ? 'https' : 'http'}://${req.headers.host}`;
}

const MAX_FORM_BYTES = 4096;

/** A urlencoded form body of at most MAX_FORM_BYTES, or null. */
function readForm(req) {
  return new Promise((resolve, reject) => {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return resolve(null);
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * @param {{ name: string, dir: string, port: number, runtimeConfig: () => object,
 *   remotes?: Record<string, string>, backendOrigin: string,
 *   renderer?: { get(): Promise<import('../shell/src/server/ssr').SsrRenderer>, close(): Promise<void> } }} options
 *   `renderer`: the shell's server renderer (pages are rendered on the server; without it they
 *   are the static frame the browser fills in).
 */
export function serveApp({ name, dir, port, runtimeConfig, remotes, backendOrigin, renderer }) {
  const observe = siteObserve();
  observe.traceTo(backendOrigin);
  if (remotes) observe.watchRemotes(remotes);
  const indexPath = path.join(dir, 'index.html');
  const browserRemotes = remotes ? publicRemotes(remotes) : undefined;
  const files = sirv(dir, {
    etag: true,
    dev: true, // looks files up per request, so a redeployed remote is served at once
    setHeaders(res, pathname) {
      if (HASHED.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (NO_CACHE.test(pathname)) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
      // Remotes are fetched cross-origin by the shell.
      res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });
  const compress = compression();

  const sendJson = (res, value) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(JSON.stringify(value));
  };

  const sendStaticPage = (res) => {
    const html = fs.readFileSync(indexPath, 'utf8');
    const csp = contentSecurityPolicy({ html, backendOrigin, config: runtimeConfig() });
    res.writeHead(200, { ...PAGE_HEADERS, 'Content-Security-Policy': csp });
    res.end(html);
  };

  // A page rendered whole for no session is the same for every reader, so shared caches may
  // keep it a few seconds and a reader who has it gets a 304. Browsers ask each time
  // (max-age=0): the page's headers (its CSP names the remotes' origins) stay current. A page
  // rendered for a session (its cookies) is the traveller's alone: no cache keeps it.
  const renderPage = async (req, res, refusedLogin) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    // /index.html is the site's root page, as a static host has it.
    const url = req.url?.startsWith('/index.html') ? req.url.replace('/index.html', '/') : (req.url ?? '/');
    const page = await (await renderer.get()).render({
      url,
      nonce,
      cookie: req.headers.cookie,
      secure: isSecure(req),
      refusedLogin,
    });
    if (page.location) {
      res.writeHead(page.status, {
        Location: page.location,
        'Cache-Control': 'private, no-store',
        ...(page.setCookies.length > 0 ? { 'Set-Cookie': page.setCookies } : {}),
      });
      res.end();
      return;
    }
    const etag = page.status === 200 ? page.etag : null;
    const html = fs.readFileSync(indexPath, 'utf8');
    const headers = {
      ...PAGE_HEADERS,
      'Content-Security-Policy': contentSecurityPolicy({ html, backendOrigin, config: runtimeConfig(), nonce }),
      ...(etag ? { ETag: etag, 'Cache-Control': 'public, max-age=0, s-maxage=10' } : {}),
      ...(page.personal ? { 'Cache-Control': 'private, no-store' } : {}),
      ...(page.setCookies.length > 0 ? { 'Set-Cookie': page.setCookies } : {}),
    };
    const known = (req.headers['if-none-match'] ?? '').split(/\s*,\s*/);
    if (etag && known.includes(etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(page.status, headers);
    await page.pipe(res);
  };

  const sendPage = (req, res, refusedLogin) => {
    observe.route(res, 'page');
    if (!renderer) return sendStaticPage(res);
    renderPage(req, res, refusedLogin).catch((error) => {
      observe.log.error({ err: error, path: (req.url ?? '/').split('?', 1)[0] }, 'could not render');
      if (res.headersSent) return res.end();
      // The static frame, which the browser fills in; if even that fails, a 500 (never a crash).
      try {
        sendStaticPage(res);
      } catch (fallbackError) {
        observe.log.error({ err: fallbackError }, 'could not send the static page');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('The page could not be served. Please try again.');
      }
    });
  };

  // The /login form posted without JavaScript (Continue, or 'Sign in as a Guest user': guest=1,
  // the visitor's own guest account): signed in, its session's cookies and a 303 to where it
  // returns; refused, /login again with the email typed and why.
  const signIn = async (req, res) => {
    if (!isSameOriginPost(req)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('A sign-in must come from this site.');
      return;
    }
    const form = await readForm(req);
    if (!form) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Bad sign-in form.');
      return;
    }
    const email = form.get('email') ?? '';
    const site = await renderer.get();
    const outcome =
      form.get('guest') === '1'
        ? await site.signInAsGuest(req.url ?? '/login', isSecure(req))
        : await site.signIn(req.url ?? '/login', email, form.get('password') ?? '', isSecure(req));
    if (!outcome.ok) return sendPage(req, res, { email, message: outcome.message });
    res.writeHead(303, { Location: outcome.location, 'Set-Cookie': outcome.setCookies, 'Cache-Control': 'no-store' });
    res.end();
  };

  let stopping = false;
  /**
   * Ready for requests: not stopping and, for the shell that renders, its renderer made and every
   * remote's manifest loadable (a page rendered without them would be the browser's to finish).
   */
  const readiness = async () => {
    if (stopping) return { status: 'stopping' };
    if (!renderer) return null;
    try {
      await renderer.get();
      const answers = await Promise.all(Object.values(remotes ?? {}).map((url) => fetch(url, { signal: AbortSignal.timeout(2000) })));
      const missing = answers.filter((answer) => !answer.ok).map((answer) => answer.url);
      return missing.length ? { status: 'remotes unavailable', missing } : null;
    } catch (error) {
      return { status: 'not ready', error: error.message };
    }
  };
  const sendProbe = async (res, check) => {
    observe.route(res, 'probe');
    const failed = check ? await check() : null;
    res.writeHead(failed ? 503 : 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(failed ?? { status: 'ok' }));
  };

  const server = http.createServer((req, res) => observe.handle(name, req, res, () => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A stopping server answers what it has and keeps no connection.
    if (stopping) res.setHeader('Connection', 'close');
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // /health: alive. /ready: send it requests. (/metrics is not here: the process serves it on
    // a loopback port of its own, observe.mjs' serveSiteMetrics.)
    if (pathname === '/health') return void sendProbe(res, null);
    if (pathname === '/ready') return void sendProbe(res, readiness);
    if (pathname === '/metrics') {
      observe.route(res, 'probe');
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end('Not found');
    }
    const remoteFile = remotes ? REMOTES_PATH.exec(pathname) : null;
    // A remote's files come compressed from the remote itself.
    if (remoteFile) {
      const manifestUrl = remotes[remoteFile[1]];
      observe.route(res, 'remote');
      if (manifestUrl) return proxyRemote(req, res, manifestUrl, remoteFile[2] + (new URL(req.url ?? '/', 'http://localhost').search));
    }
    compress(req, res, () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/config.json') return sendJson(res, runtimeConfig());
      if (url.pathname === '/remotes.json' && browserRemotes) return sendJson(res, browserRemotes);
      if (url.pathname === '/' || url.pathname === '/index.html') return sendPage(req, res);
      if (url.pathname === '/login' && req.method === 'POST' && renderer) {
        signIn(req, res).catch((error) => {
          observe.log.error({ err: { message: error.message } }, 'could not sign in');
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('The sign-in failed. Please try again.');
        });
        return;
      }
      files(req, res, () => {
        // A path with a file extension that is not there is a real 404; others are routes.
        if (path.extname(url.pathname)) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Not found');
          return;
        }
        sendPage(req, res);
      });
    });
  }));
  // Idle keep-alive connections stay open longer than clients and proxies keep theirs (Node's
  // 5 s default lets a client reuse a socket just as the server closes it: ECONNRESET).
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve({
        name,
        port,
        // No new connection; requests in flight get graceMs to finish, then open connections end
        // (at once by default, like a stopped host).
        close: (graceMs = 0) =>
          Promise.all([
            new Promise((done) => {
              stopping = true;
              const timer = setTimeout(() => server.closeAllConnections(), graceMs);
              server.close(() => {
                clearTimeout(timer);
                done();
              });
              server.closeIdleConnections();
            }),
          ]).then(() => renderer?.close()),
      });
    });
  });
}
