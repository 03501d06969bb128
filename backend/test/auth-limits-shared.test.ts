// The auth rate limits hold across backend processes (issue 27): two real backend processes
// (`tsx src/main.ts`, as `pnpm --filter backend start` runs it) on one PostgreSQL database count
// together, in the database or, with REDIS_URL, in Redis; and with Redis gone the limited
// requests are refused (503), never let through uncounted. One process on PGlite is
// auth-abuse.test.ts's. Requests come from 127.0.0.x source addresses (the limits are per address).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMIT as SIGN_IN_LIMIT, type Env } from '../src/config.ts';
import { authCall, codes, type Answer } from './support/auth-calls.ts';
import { postgresSkipReason, startTestBackend, type TestBackend } from './support/backend.ts';
import { createScratchDb, type ScratchDb } from './support/postgres.ts';
import { REDIS_URL, redisSkipReason, spawnBackend, type BackendProcess } from './support/processes.ts';

const SIGN_UP_LIMIT = 20;
const HEAVY_MS = 120_000;

let counter = 0;
const uniqueEmail = () => `shared${Date.now()}${counter++}@example.com`;
let nextAddress = 2;
const freshAddress = () => `127.0.0.${nextAddress++}`;

/**
 * Two backend processes on one new PostgreSQL database (a copy of the migrated template), with
 * `env`: the same limits, as a fleet would have them.
 */
function twoProcesses(env: Env) {
  const state: { scratch?: ScratchDb; processes: BackendProcess[] } = { processes: [] };
  beforeAll(async () => {
    state.scratch = await createScratchDb('hs_test', inject('postgresMigratedTemplate')?.name);
    const settings = { DATABASE_URL: state.scratch.url, AUTH_SIGN_UP_RATE_LIMIT: String(SIGN_UP_LIMIT), ...env };
    // One after the other: the first seeds the database (its guest account).
    state.processes.push(await spawnBackend(settings));
    state.processes.push(await spawnBackend(settings));
  }, HEAVY_MS);
  afterAll(async () => {
    await Promise.all(state.processes.map((p) => p.stop()));
    await state.scratch?.drop();
  });
  /** Request i goes to process i % 2. */
  const call = (i: number, from: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const backend = state.processes[i % 2]!;
    return authCall(backend.url, backend.keys.anonKey, from, method, path, body);
  };
  return { state, call };
}

/** What every fleet must hold to, whichever store counts. */
function limitsHoldAcrossProcesses(call: ReturnType<typeof twoProcesses>['call']) {
  const signIn = (i: number, from: string, email: string, password: string) =>
    call(i, from, 'POST', '/token?grant_type=password', { email, password });

  async function newUser(password = 'right-password') {
    const email = uniqueEmail();
    expect((await call(0, freshAddress(), 'POST', '/signup', { email, password })).status).toBe(200);
    return { email, password };
  }

  it(`checks ${SIGN_IN_LIMIT} of 300 concurrent wrong passwords for one account, sent to both processes; the rest are 429`, async () => {
    const victim = await newUser();
    const from = freshAddress();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => signIn(i, from, victim.email, `guess-${i}`)));
    expect(codes(answers)).toEqual({ '400 invalid_credentials': SIGN_IN_LIMIT, '429 over_request_rate_limit': 300 - SIGN_IN_LIMIT });
  }, HEAVY_MS);

  it(`allows ${SIGN_UP_LIMIT} of 60 concurrent sign-ups from one address across both processes, and as many mail requests`, async () => {
    const from = freshAddress();
    const signUps = await Promise.all(Array.from({ length: 60 }, (_, i) => call(i, from, 'POST', '/signup', { email: uniqueEmail(), password: 'secret123' })));
    expect(codes(signUps)).toEqual({ '200': SIGN_UP_LIMIT, '429 over_request_rate_limit': 60 - SIGN_UP_LIMIT });
    const mailer = freshAddress();
    const mails = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(i, mailer, 'POST', i % 4 < 2 ? '/otp' : '/recover', { email: uniqueEmail() })),
    );
    expect(codes(mails)).toEqual({ '200': SIGN_UP_LIMIT, '429 over_request_rate_limit': 60 - SIGN_UP_LIMIT });
  }, HEAVY_MS);

  it('a user who signed in through one process still signs in through the other while their account is locked', async () => {
    const victim = await newUser();
    const home = freshAddress();
    expect((await signIn(0, home, victim.email, victim.password)).status).toBe(200);
    const attackers = Array.from({ length: 4 }, freshAddress);
    const guesses = await Promise.all(
      Array.from({ length: SIGN_IN_LIMIT + 10 }, (_, i) => signIn(i, attackers[i % attackers.length]!, victim.email, `guess-${i}`)),
    );
    expect(codes(guesses)).toEqual({ '400 invalid_credentials': SIGN_IN_LIMIT, '429 over_request_rate_limit': 10 });
    expect((await signIn(0, freshAddress(), victim.email, victim.password)).status).toBe(429);
    expect((await signIn(1, home, victim.email, victim.password)).status).toBe(200);
  }, HEAVY_MS);
}

describe.skipIf(postgresSkipReason)('auth limits: two backend processes on one PostgreSQL, counted in the database', () => {
  const { state, call } = twoProcesses({});
  limitsHoldAcrossProcesses(call);

  it('keeps the counts where no API role reaches them', async () => {
    const anon = state.processes[0]!.keys.anonKey;
    const read = await fetch(`${state.processes[0]!.url}/rest/v1/slots`, {
      headers: { apikey: anon, authorization: `Bearer ${anon}`, 'accept-profile': 'rate_limit' },
    });
    expect(read.status).toBe(406);
    expect(await read.json()).toMatchObject({ code: 'PGRST106' });
  });
});

describe.skipIf(postgresSkipReason || redisSkipReason)('auth limits: two backend processes with REDIS_URL', () => {
  const prefix = `homestory-test:${process.pid}:${Date.now()}:`;
  const { state, call } = twoProcesses({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  limitsHoldAcrossProcesses(call);

  it('counted in Redis under REDIS_KEY_PREFIX, not in the database', async () => {
    expect((await redis.keys(`${prefix}sign-in:account:*`)).length).toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: state.scratch!.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ slots: number; pairs: number }>(
        'select (select count(*) from rate_limit.slots)::int as slots, (select count(*) from rate_limit.trusted_pairs)::int as pairs',
      );
      expect(rows[0]).toEqual({ slots: 0, pairs: 0 });
    } finally {
      await db.end();
    }
  });
});

/** A TCP relay to Redis that can be cut and restored, standing in for Redis going away. */
function redisRelay() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async open() {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    },
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

describe.skipIf(redisSkipReason)('auth limits when Redis goes away', () => {
  const prefix = `homestory-test:${process.pid}:${Date.now()}:down:`;
  const relay = redisRelay();
  let backend: TestBackend;
  beforeAll(async () => {
    await relay.open();
    backend = await startTestBackend('pglite', { env: { SEED_ROOMS: '0', REDIS_URL: relay.url(), REDIS_KEY_PREFIX: prefix } });
  });
  afterAll(async () => {
    await backend?.close();
    await relay.cut().catch(() => {});
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const signIn = (from: string) =>
    authCall(backend.url, backend.keys.anonKey, from, 'POST', '/token?grant_type=password', { email: 'someone@example.com', password: 'guess' });

  it('refuses limited requests with 503 while Redis is down (fail closed), and counts again once it is back', async () => {
    const from = freshAddress();
    expect((await signIn(from)).body.code).toBe('invalid_credentials');
    await relay.cut();
    const down = await Promise.all([
      signIn(from),
      authCall(backend.url, backend.keys.anonKey, from, 'POST', '/signup', { email: uniqueEmail(), password: 'secret123' }),
      authCall(backend.url, backend.keys.anonKey, from, 'POST', '/recover', { email: uniqueEmail() }),
    ]);
    expect(codes(down)).toEqual({ '503 unexpected_failure': 3 });
    // Other routes do not need Redis.
    expect((await backend.client().from('Rooms').select('id').limit(1)).error).toBeNull();
    await relay.open();
    await expect.poll(async () => (await signIn(from)).status, { timeout: 10_000, interval: 200 }).toBe(400);
  }, HEAVY_MS);

  it('a backend whose REDIS_URL cannot be reached does not start', async () => {
    await expect(startTestBackend('pglite', { env: { SEED_ROOMS: '0', REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      /REDIS_URL: cannot connect to redis:\/\/127\.0\.0\.1:1/,
    );
  });
});
