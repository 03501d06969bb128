/**
 * The site as deploy/run.mjs runs it: two shell servers and two backends on one PostgreSQL behind
 * nginx. Realtime's broadcast and presence reach the sockets of both backends (through the proxy
 * and on each backend's own port). Under 50 connections on /home, /house/1 and a REST read, every
 * process restarted in turn (SIGTERM, its replacement ready, the next) fails no request; a backend
 * killed (SIGKILL) fails at most the requests it held (nginx retries those that are idempotent
 * elsewhere), and the rest are served. Needs nginx (Debian's package) and PostgreSQL
 * (TEST_DATABASE_URL's server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startDeployment } from '../run.mjs';
import { anonKey, freeBase, load, scratchDatabase, summary } from '../load.mjs';

const CONNECTIONS = 50;
const PATHS = ['/home', '/house/1', '/rest/v1/Rooms?select=id,title_1,price&order=id&limit=16'];

/** A Realtime socket (Phoenix frames, vsn 1.0.0) on `base`: what it received, and a join, a send. */
async function realtimeSocket(base, key) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=1.0.0`);
  const received = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let ref = 0;
  const send = (topic, event, payload) => ws.send(JSON.stringify({ topic, event, payload, ref: String(++ref), join_ref: '1' }));
  return {
    received,
    send,
    async join(topic, presenceKey) {
      send(topic, 'phx_join', { config: { broadcast: { self: false }, presence: { key: presenceKey, enabled: true } } });
      await expect.poll(() => received.some((m) => m.topic === topic && m.event === 'phx_reply'), { timeout: 5000 }).toBe(true);
    },
    close: () => ws.close(),
  };
}

describe('several processes behind nginx', () => {
  let database;
  let dataDir;
  let deployment;
  let headers;

  beforeAll(async () => {
    database = scratchDatabase('hs_deploy');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-deploy-'));
    const base = await freeBase();
    deployment = await startDeployment({
      port: base,
      basePort: base,
      webs: 2,
      backends: 2,
      databaseUrl: database.url,
      dataDir,
      env: { ...process.env, SEED_ROOMS: '30', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '10000' },
    });
    headers = { apikey: anonKey(dataDir) };
  });

  afterAll(async () => {
    await deployment?.stop();
    database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves pages and REST through the proxy, and keeps /metrics from the public: each process answers it on its own loopback port only', async () => {
    for (const p of PATHS) expect((await fetch(deployment.url + p, { headers })).status, p).toBe(200);
    expect((await fetch(`${deployment.url}/metrics`)).status).toBe(404);
    for (const { name, port, metricsPort } of deployment.processes) {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status, name).toBe(404);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics, name).toContain('http_requests_total{');
      expect(metrics, name).toContain(name.startsWith('web-') ? 'ssr_renders_in_flight' : 'db_pool_wait_seconds_bucket');
    }
  });

  it('signs in through the proxy; one trace id finds the page and its backend reads in the logs, which hold no password or token', async () => {
    const config = await (await fetch(`${deployment.url}/config.json`)).json();
    // An account of its own (there is no shared demo account any more), then the /login form's post.
    const account = { email: `deploy-${Date.now()}@example.com`, password: `pw-${Math.random().toString(36).slice(2)}` };
    const signUp = await fetch(`${config.supabaseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(200);
    const login = await fetch(`${deployment.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: deployment.url },
      body: new URLSearchParams(account),
    });
    expect(login.status).toBe(303);
    const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    // @supabase/ssr's session cookie: base64 of the session's JSON, maybe in chunks (name.0, .1).
    const chunks = cookies.filter((cookie) => cookie.startsWith('sb-')).sort().map((cookie) => cookie.slice(cookie.indexOf('=') + 1));
    const session = JSON.parse(Buffer.from(chunks.join('').replace(/^base64-/, ''), 'base64url').toString('utf8'));
    expect(session.access_token).toBeTruthy();
    const page = await fetch(`${deployment.url}/home`, { headers: { cookie: cookies.join('; ') } });
    expect(page.status).toBe(200);
    const traceId = page.headers.get('x-request-id');
    const logs = path.join(dataDir, 'logs');
    const lines = (prefix) =>
      fs.readdirSync(logs).filter((file) => file.startsWith(prefix)).flatMap((file) => fs.readFileSync(path.join(logs, file), 'utf8').split('\n'));
    // pino writes asynchronously: the lines are there within moments.
    await expect.poll(() => lines('web-').find((line) => line.includes(traceId)), { timeout: 5000 }).toContain('"path":"/home"');
    await expect.poll(() => lines('backend-').filter((line) => line.includes(traceId)).length, { timeout: 5000 }).toBeGreaterThan(0);
    const all = lines('').join('\n');
    for (const secret of [account.password, session.access_token, session.refresh_token]) expect(all).not.toContain(secret);
  });

  it('delivers broadcast and presence across both backends: on their own ports and through the proxy', async () => {
    const key = anonKey(dataDir);
    const [one, two] = deployment.processes.filter(({ name }) => name.startsWith('backend-'));
    const sockets = [
      await realtimeSocket(`http://127.0.0.1:${one.port}`, key),
      await realtimeSocket(`http://127.0.0.1:${two.port}`, key),
      await realtimeSocket(deployment.url, key),
    ];
    try {
      for (const [i, socket] of sockets.entries()) await socket.join('realtime:deploy-room', `member-${i}`);
      sockets.forEach((socket, i) => socket.send('realtime:deploy-room', 'presence', { type: 'presence', event: 'track', payload: { i } }));
      sockets[0].send('realtime:deploy-room', 'broadcast', { type: 'broadcast', event: 'hello', payload: { from: 'backend-1' } });
      sockets[1].send('realtime:deploy-room', 'broadcast', { type: 'broadcast', event: 'hello', payload: { from: 'backend-2' } });
      const broadcasts = (socket) => socket.received.filter((m) => m.event === 'broadcast').map((m) => m.payload.payload.from).sort();
      const present = (socket) => {
        const keys = new Set();
        for (const m of socket.received) {
          if (m.event === 'presence_diff') for (const k of Object.keys(m.payload.joins)) keys.add(k);
          if (m.event === 'presence_state') for (const k of Object.keys(m.payload)) keys.add(k);
        }
        return [...keys].sort();
      };
      await expect.poll(() => broadcasts(sockets[0]), { timeout: 10_000 }).toEqual(['backend-2']);
      await expect.poll(() => broadcasts(sockets[1]), { timeout: 10_000 }).toEqual(['backend-1']);
      await expect.poll(() => broadcasts(sockets[2]), { timeout: 10_000 }).toEqual(['backend-1', 'backend-2']);
      for (const socket of sockets) await expect.poll(() => present(socket), { timeout: 10_000 }).toEqual(['member-0', 'member-1', 'member-2']);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('restarts every process in turn under load with no failed request', async () => {
    const restarted = new Promise((resolve) => setTimeout(resolve, 1000)).then(() => deployment.rollingRestart());
    const started = Date.now();
    const result = await load({ url: deployment.url, paths: PATHS, headers, connections: CONNECTIONS, until: restarted.then(() => new Promise((r) => setTimeout(r, 1000))) });
    console.log(`[deploy] rolling restart of ${deployment.processes.length} processes in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary(result)}, load ${os.loadavg()[0].toFixed(2)}`);
    expect(result['2xx']).toBeGreaterThan(100);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  });

  it('a backend killed under load fails at most the requests it held; the rest are served', async () => {
    const killed = new Promise((resolve) => setTimeout(resolve, 1000)).then(() => deployment.child('backend-1').kill('SIGKILL'));
    const result = await load({ url: deployment.url, paths: PATHS, headers, connections: CONNECTIONS, until: killed.then(() => new Promise((r) => setTimeout(r, 3000))) });
    console.log(`[deploy] backend-1 killed (SIGKILL) under load: ${summary(result)}`);
    // Each connection holds one request at a time: at most those in flight at the kill fail.
    expect(result.errors + result.timeouts + result.non2xx).toBeLessThanOrEqual(CONNECTIONS);
    expect(result['2xx']).toBeGreaterThan(100);
    for (const p of PATHS) expect((await fetch(deployment.url + p, { headers })).status, p).toBe(200);
  });
});
