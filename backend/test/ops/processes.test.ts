// Several backend processes on one PostgreSQL, as deploy/run.mjs runs them: start-up taken in
// turns (keys, migrations, seed made once), /health and /ready, a graceful stop that finishes the
// request in flight, /metrics (on each process's own loopback port), and JSON logs that carry the caller's trace and no secret.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../src/main.ts';
import { postgresSkipReason } from '../support/backend.ts';
import { createScratchDb, type ScratchDb } from '../support/postgres.ts';

const ROOMS = 12;

describe.skipIf(postgresSkipReason)('several backend processes on one PostgreSQL', () => {
  let scratch: ScratchDb;
  let dataDir: string;
  const logs: string[][] = [[], []];
  let backends: Backend[];

  beforeAll(async () => {
    scratch = await createScratchDb('hs_ops');
    dataDir = mkdtempSync(join(tmpdir(), 'hs-ops-'));
    // Both at once on a fresh database and one empty data folder.
    backends = await Promise.all(
      logs.map((lines) =>
        createBackend({
          dataDir,
          port: 0,
          databaseUrl: scratch.url,
          env: { SEED_ROOMS: String(ROOMS), AUTH_BCRYPT_COST: '4', AUTH_SIGN_IN_RATE_LIMIT: '3', LOG_LEVEL: 'info' },
          logDestination: { write: (line: string) => void lines.push(line) },
        }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all((backends ?? []).map((backend) => backend.stop()));
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes the keys, applies the migrations and seeds once; the other process waits and finds them', async () => {
    const [a, b] = backends;
    expect(a!.keys).toEqual(b!.keys);
    const rooms = await a!.ctx.db.query<{ n: number }>('select count(*)::int as n from public."Rooms"');
    expect(rooms.rows[0]!.n).toBe(ROOMS);
    const twice = await a!.ctx.db.query('select version from supabase_migrations.schema_migrations group by version having count(*) > 1');
    expect(twice.rows).toEqual([]);
    const migrated = logs.map((lines) => lines.some((line) => line.includes('applied migrations')));
    expect(migrated.filter(Boolean)).toHaveLength(1);
  });

  it('answers /health and /ready, and /metrics by route, status, pool and limiter on its own loopback port, not the API port', async () => {
    const [a] = backends;
    expect((await fetch(`${a!.url}/health`)).status).toBe(200);
    expect(await (await fetch(`${a!.url}/ready`)).json()).toEqual({ status: 'ready', database: 'pg' });
    const headers = { apikey: a!.keys.anonKey, 'content-type': 'application/json' };
    expect((await fetch(`${a!.url}/rest/v1/Rooms?select=id&limit=1`, { headers })).status).toBe(200);
    // The sign-in limiter (3 failures per address) refuses the fourth.
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await fetch(`${a!.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toContain(429);
    // Two processes, two metrics ports (PORT 0: each a free one), both on loopback.
    expect(a!.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(backends[1]!.metricsUrl).not.toBe(a!.metricsUrl);
    expect((await fetch(`${a!.url}/metrics`)).status).toBe(404);
    expect((await fetch(a!.metricsUrl!.replace('/metrics', '/health'))).status).toBe(404);
    const metrics = await (await fetch(a!.metricsUrl!)).text();
    expect(metrics).toMatch(/http_requests_total\{route="\/rest\/v1",method="GET",status="200"\} [1-9]/);
    expect(metrics).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",route="\/rest\/v1",method="GET",status="200"\} [1-9]/);
    expect(metrics).toMatch(/limiter_rejections_total\{route="\/auth\/v1"\} [1-9]/);
    expect(metrics).toMatch(/db_pool_wait_seconds_count\{pool="api"\} [1-9]/);
    expect(metrics).toContain('image_queue_jobs{state="waiting"} 0');
  });

  it("logs each request as JSON with the caller's trace id, and no password, token or key", async () => {
    const [, b] = backends;
    const password = 'Zq7-unlikely-password-93';
    const email = `ops-${Date.now()}@example.com`;
    const headers = { apikey: b!.keys.anonKey, 'content-type': 'application/json' };
    const signUp = await fetch(`${b!.url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    const session = (await signUp.json()) as { access_token: string; refresh_token: string };
    expect(session.access_token).toBeTruthy();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const read = await fetch(`${b!.url}/rest/v1/favorites?select=room_id&access_token=${session.access_token}`, {
      headers: { ...headers, authorization: `Bearer ${session.access_token}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(read.headers.get('x-request-id')).toBe(traceId);
    const lines = logs[1]!.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.trace_id === traceId)).toMatchObject({ method: 'GET', route: '/rest/v1', path: '/rest/v1/favorites' });
    const text = logs.flat().join('\n');
    for (const secret of [password, session.access_token, session.refresh_token, b!.keys.anonKey, b!.keys.serviceRoleKey, b!.keys.jwtSecret]) {
      expect(text).not.toContain(secret);
    }
  });

  it('a stop lets the request in flight finish, and takes no new connection', async () => {
    const [, b] = backends;
    const { port } = new URL(b!.url);
    const body = JSON.stringify({ email: `inflight-${Date.now()}@example.com`, password: 'in-flight-password-1' });
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // Half the request's body: it is in flight when the stop begins.
    socket.write(
      `POST /auth/v1/signup HTTP/1.1\r\nHost: localhost\r\napikey: ${b!.keys.anonKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = b!.stop(5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${b!.url}/health`)).rejects.toThrow();
    socket.write(body.slice(10));
    await Promise.race([ended, stopped]);
    await stopped;
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
