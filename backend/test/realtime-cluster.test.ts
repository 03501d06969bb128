// Broadcast and presence across backend processes: two real backend processes on one PostgreSQL
// database, over its LISTEN/NOTIFY and, with REDIS_URL, over Redis pub/sub (realtime/bus.ts),
// through supabase-js's own realtime client: a broadcast sent to one reaches the other's sockets
// (from a socket, from httpSend, a private channel's, one past NOTIFY's 8000 bytes), presence
// tracked on one shows on the other, and a process that stops takes its presence with it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Env } from '../src/config.ts';
import { postgresSkipReason } from './support/backend.ts';
import { createScratchDb, type ScratchDb } from './support/postgres.ts';
import { REDIS_URL, redisSkipReason, spawnBackend, type BackendProcess } from './support/processes.ts';
import { subscribed } from './support/realtime.ts';

const HEAVY_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

function acrossProcesses(env: () => Env) {
  const state: { scratch?: ScratchDb; a?: BackendProcess; b?: BackendProcess } = {};
  const clients: SupabaseClient[] = [];
  /** A client of process `p`, as anon or (for private channels, which it may read) the service role. */
  const client = (p: BackendProcess, role: 'anon' | 'service' = 'anon', vsn: '1.0.0' | '2.0.0' = '1.0.0') => {
    const c = createClient(p.url, role === 'anon' ? p.keys.anonKey : p.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, vsn },
    });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    state.scratch = await createScratchDb('hs_test', inject('postgresMigratedTemplate')?.name);
    const settings = { DATABASE_URL: state.scratch.url, ...env() };
    state.a = await spawnBackend(settings);
    state.b = await spawnBackend(settings);
  }, HEAVY_MS);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels().then(() => c.realtime.disconnect())));
  });
  afterAll(async () => {
    await Promise.all([state.a?.stop(), state.b?.stop()]);
    await state.scratch?.drop();
  });

  it('delivers a broadcast sent to one process to the sockets of the other, JSON and bytes', async () => {
    const got: any[] = [];
    const onA: any[] = [];
    await subscribed(client(state.b!, 'anon', '2.0.0').channel('lobby').on('broadcast', { event: '*' }, (m) => got.push(m)));
    const sender = await subscribed(
      client(state.a!).channel('lobby', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: '*' }, (m) => onA.push(m)),
    );
    expect(await sender.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } })).toBe('ok');
    // Past NOTIFY's 8000 bytes.
    expect(await sender.send({ type: 'broadcast', event: 'big', payload: { blob: 'x'.repeat(20_000) } })).toBe('ok');
    expect(await sender.httpSend('rest', { n: 2 })).toEqual({ success: true });
    expect(await sender.httpSend('bytes', new Uint8Array([7, 8, 9]))).toEqual({ success: true });
    await until(() => got.length === 4, 'four broadcasts on the other process');
    expect(got.map((m) => m.event)).toEqual(['hello', 'big', 'rest', 'bytes']);
    expect(got[0].payload).toEqual({ n: 1 });
    expect(got[1].payload.blob).toHaveLength(20_000);
    expect(got[2].payload).toEqual({ n: 2 });
    expect(new Uint8Array(got[3].payload)).toEqual(new Uint8Array([7, 8, 9]));
    // The sender's process delivered its own once (self), not again from the bus.
    await sleep(300);
    expect(onA.filter((m) => m.event === 'hello')).toHaveLength(1);
  }, HEAVY_MS);

  it("keeps a topic's private channels apart across processes", async () => {
    const privateGot: unknown[] = [];
    const publicGot: unknown[] = [];
    await subscribed(client(state.b!, 'service').channel('vault', { config: { private: true } }).on('broadcast', { event: 'x' }, (m) => privateGot.push(m.payload)));
    await subscribed(client(state.b!).channel('vault').on('broadcast', { event: 'x' }, (m) => publicGot.push(m.payload)));
    const sender = await subscribed(client(state.a!, 'service').channel('vault', { config: { private: true, broadcast: { ack: true } } }));
    expect(await sender.send({ type: 'broadcast', event: 'x', payload: { secret: 1 } })).toBe('ok');
    await until(() => privateGot.length === 1, 'the private broadcast');
    await sleep(300);
    expect(publicGot).toEqual([]);
  }, HEAVY_MS);

  it('shows presence tracked on one process on the other, and takes it away when that process stops', async () => {
    const watcher = client(state.b!).channel('room', { config: { presence: { key: 'watcher', enabled: true } } });
    await subscribed(watcher);
    const tracker = await subscribed(client(state.a!).channel('room', { config: { presence: { key: 'tracker', enabled: true } } }));
    expect(await tracker.track({ online: true })).toBe('ok');
    await until(() => Object.keys(watcher.presenceState()).includes('tracker'), 'the tracked presence on the other process');
    expect(watcher.presenceState().tracker).toEqual([expect.objectContaining({ online: true })]);
    // A late joiner on B gets A's presence in its presence_state.
    const late = client(state.b!).channel('room', { config: { presence: { key: 'late', enabled: true } } });
    await subscribed(late);
    await until(() => Object.keys(late.presenceState()).includes('tracker'), "the late joiner's state");

    expect(await tracker.untrack()).toBe('ok');
    await until(() => !Object.keys(watcher.presenceState()).includes('tracker'), 'the untrack on the other process');
    expect(await tracker.track({ online: 'again' })).toBe('ok');
    await until(() => Object.keys(watcher.presenceState()).includes('tracker'), 'the presence again');

    await state.a!.stop();
    state.a = undefined;
    await until(() => !Object.keys(watcher.presenceState()).includes('tracker'), "the stopped process's presence to leave");
  }, HEAVY_MS);

  return state;
}

describe.skipIf(postgresSkipReason)('realtime across two backend processes on one PostgreSQL (LISTEN/NOTIFY)', () => {
  const state = acrossProcesses(() => ({}));
  it('sends nothing through Redis: the bus is the database', async () => {
    const db = new pg.Client({ connectionString: state.scratch!.url });
    await db.connect();
    try {
      // Messages past NOTIFY's limit waited in _realtime.bus (the first test sent one).
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from _realtime.bus');
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });
});

describe.skipIf(postgresSkipReason || redisSkipReason)('realtime across two backend processes with REDIS_URL (Redis pub/sub)', () => {
  const prefix = `homestory-test:${process.pid}:${Date.now()}:`;
  const state = acrossProcesses(() => ({ REDIS_URL, REDIS_KEY_PREFIX: prefix }));
  it('sends nothing through the database: the bus is Redis', async () => {
    const db = new pg.Client({ connectionString: state.scratch!.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from _realtime.bus');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await db.end();
    }
  });
});
