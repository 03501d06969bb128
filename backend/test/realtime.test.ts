// Supabase Realtime at /realtime/v1/websocket through supabase-js's own realtime client (and raw
// sockets where the client cannot misbehave), on PGlite and PostgreSQL: auth, broadcast (self,
// ack, both protocol versions), presence, postgres_changes under RLS, reconnect after a restart,
// the limits, the per-user and per-client caps behind a proxy, and a publication FOR ALL TABLES.
// Hostile frames are realtime-fuzz.test.ts's.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../src/main.ts';
import { subscribed } from './support/realtime.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import type { Env } from '../src/config.ts';

const LIMITS = {
  REALTIME_MAX_CONNECTIONS_PER_CLIENT: '12',
  REALTIME_MAX_CHANNELS_PER_CONNECTION: '3',
  REALTIME_MAX_MESSAGE_BYTES: '65536',
  REALTIME_MAX_MESSAGES_PER_SECOND: '20',
  REALTIME_MAX_BUFFERED_BYTES: '65536',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects what a callback receives; `next(n)` waits until n have arrived. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: Array<() => void> = [];
  return {
    items,
    push: (item: T) => {
      items.push(item);
      waiters.splice(0).forEach((w) => w());
    },
    async next(n: number, timeoutMs = 5000): Promise<T[]> {
      const deadline = Date.now() + timeoutMs;
      while (items.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${items.length}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), sleep(50)]);
      }
      return items;
    },
  };
}

/** A raw socket on the endpoint, resolved when open (or rejected with the refused status). */
function rawSocket(url: string, apikey: string, vsn = '1.0.0', headers: Record<string, string> = {}): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe.each(databases('notify'))('realtime on %s', (kind) => {
  let backend: TestBackend;
  const clients: SupabaseClient[] = [];
  const client = (options: { vsn?: '1.0.0' | '2.0.0' } = {}) => {
    const c = createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, ...(options.vsn ? { vsn: options.vsn } : {}) },
    });
    clients.push(c);
    return c;
  };
  let userCount = 0;
  async function user(): Promise<{ client: SupabaseClient; id: string; token: string }> {
    const c = client();
    const { data, error } = await c.auth.signUp({ email: `rt${++userCount}-${kind}@example.com`, password: 'correct-horse-battery' });
    if (error || !data.session) throw error ?? new Error('no session');
    await c.realtime.setAuth(data.session.access_token);
    return { client: c, id: data.user!.id, token: data.session.access_token };
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0', ...LIMITS } });
    await backend.ctx.db.exec(`
      create table public.rt_notes (id bigint generated always as identity primary key,
        owner uuid not null default auth.uid(), body text not null, n int not null default 0);
      alter table public.rt_notes enable row level security;
      create policy rt_notes_own on public.rt_notes for all to authenticated
        using (owner = auth.uid()) with check (owner = auth.uid());
      grant select, insert, update, delete on public.rt_notes to authenticated;
      create table public.rt_open (id int primary key, body text, tag text, meta jsonb);
      alter table public.rt_open replica identity full;
      grant select, insert, update, delete on public.rt_open to anon;
      create table public.rt_cols (id int primary key, body text, secret text);
      grant select (id, body) on public.rt_cols to anon;
      create schema rt_hidden;
      create table rt_hidden.t (id int primary key);
      grant select on rt_hidden.t to anon; -- but not the schema
      create table public.rt_unpublished (id int primary key);
      grant select, insert on public.rt_unpublished to anon;
      alter publication supabase_realtime add table public.rt_notes, public.rt_open, public.rt_cols;
      notify pgrst;`);
    await backend.ctx.reloadSchema();
  });
  // Each test starts with no socket open: the per-client socket limit counts them all.
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels().then(() => c.realtime.disconnect())));
    await sleep(100);
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('connection and auth', () => {
    it('refuses a socket without an apikey or with a bad one, and accepts the anon key', async () => {
      await expect(rawSocket(backend.url, '')).rejects.toThrow('HTTP 401');
      await expect(rawSocket(backend.url, 'not-a-jwt')).rejects.toThrow('HTTP 401');
      const forged = backend.keys.anonKey.slice(0, -4) + 'AAAA';
      await expect(rawSocket(backend.url, forged)).rejects.toThrow('HTTP 401');
      const ws = await rawSocket(backend.url, backend.keys.anonKey);
      const answer = new Promise<any>((resolve) => ws.once('message', (d) => resolve(JSON.parse((d as Buffer).toString()))));
      ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }));
      expect(await answer).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '1', join_ref: null });
      ws.close();
    });

    it('refuses a join with a bad access token, and closes the channel when a refreshed token is bad', async () => {
      const c = client();
      await c.realtime.setAuth('header.payload.signature');
      await expect(subscribed(c.channel('bad-token'))).rejects.toThrow(/Invalid token/);

      const u = await user();
      const channel = u.client.channel('refresh');
      const system = inbox<any>();
      channel.on('system', {}, (p) => system.push(p));
      const closed = new Promise<void>((resolve) => channel.on('system', {}, () => undefined) && (channel as any).channelAdapter.channel.onClose(() => resolve()));
      await subscribed(channel);
      await u.client.realtime.setAuth('still.not.valid');
      await closed;
      expect(system.items.at(-1)).toMatchObject({ status: 'error', message: expect.stringMatching(/Invalid token/) });
    });

    it('answers an unjoined topic with an error', async () => {
      const ws = await rawSocket(backend.url, backend.keys.anonKey);
      const answer = new Promise<any>((resolve) => ws.once('message', (d) => resolve(JSON.parse((d as Buffer).toString()))));
      ws.send(JSON.stringify({ topic: 'realtime:nowhere', event: 'broadcast', payload: { type: 'broadcast', event: 'x', payload: {} }, ref: '7' }));
      expect((await answer).payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
      ws.close();
    });
  });

  describe('broadcast', () => {
    for (const vsn of ['2.0.0', '1.0.0'] as const) {
      it(`reaches the other subscribers, the sender only with self, acknowledged with ack (vsn ${vsn})`, async () => {
        const topic = `room-${vsn}`;
        const received = { a: inbox<any>(), b: inbox<any>(), self: inbox<any>() };
        const a = client({ vsn }).channel(topic, { config: { broadcast: { ack: true } } }).on('broadcast', { event: 'hi' }, (m) => received.a.push(m));
        const b = client({ vsn }).channel(topic).on('broadcast', { event: 'hi' }, (m) => received.b.push(m));
        const s = client({ vsn }).channel(topic, { config: { broadcast: { self: true } } }).on('broadcast', { event: 'hi' }, (m) => received.self.push(m));
        await Promise.all([subscribed(a), subscribed(b), subscribed(s)]);

        expect(await a.send({ type: 'broadcast', event: 'hi', payload: { from: 'a', n: 1 } })).toBe('ok');
        await s.send({ type: 'broadcast', event: 'hi', payload: { from: 's' } });
        await received.b.next(2);
        await received.self.next(2);
        await received.a.next(1);
        expect(received.b.items.map((m) => m.payload)).toEqual([{ from: 'a', n: 1 }, { from: 's' }]);
        expect(received.self.items.map((m) => m.payload)).toEqual([{ from: 'a', n: 1 }, { from: 's' }]);
        await sleep(200);
        expect(received.a.items.map((m) => m.payload)).toEqual([{ from: 's' }]);
        expect(received.b.items[0]).toMatchObject({ type: 'broadcast', event: 'hi' });
      });
    }
  });

  describe('presence', () => {
    it('sends the state on join and the diffs of track, retrack, untrack and leave', async () => {
      const topic = 'lobby';
      const a = client().channel(topic, { config: { presence: { key: 'alice' } } });
      const joins = inbox<any>();
      const leaves = inbox<any>();
      a.on('presence', { event: 'sync' }, () => undefined);
      await subscribed(a);
      expect(await a.track({ status: 'online' })).toBe('ok');

      const b = client().channel(topic, { config: { presence: { key: 'bob' } } });
      b.on('presence', { event: 'join' }, (p) => joins.push(p)).on('presence', { event: 'leave' }, (p) => leaves.push(p));
      await subscribed(b);
      await joins.next(1);
      expect(joins.items[0]).toMatchObject({ key: 'alice', newPresences: [{ status: 'online' }] });
      expect(b.presenceState()).toEqual({ alice: [expect.objectContaining({ status: 'online', presence_ref: expect.any(String) })] });

      await a.track({ status: 'away' });
      await joins.next(2);
      await leaves.next(1); // the replaced meta
      await sleep(100);
      expect(b.presenceState()).toEqual({ alice: [expect.objectContaining({ status: 'away' })] });

      expect(await a.untrack()).toBe('ok');
      await leaves.next(2);
      expect(b.presenceState()).toEqual({});

      await a.track({ status: 'back' });
      await joins.next(3);
      await a.unsubscribe();
      await leaves.next(3);
      expect(b.presenceState()).toEqual({});
    });

    it('applies an untrack past the message rate; a refused untrack and another member of the key remove nothing', async () => {
      const watcher = client().channel('untrack');
      const joins = inbox<string>();
      const leaves = inbox<string>();
      watcher.on('presence', { event: 'join' }, (p) => joins.push(p.key)).on('presence', { event: 'leave' }, (p) => leaves.push(p.key));
      await subscribed(watcher);
      const ws = await rawSocket(backend.url, backend.keys.anonKey);
      const answers = inbox<any>();
      ws.on('message', (d) => answers.push(JSON.parse((d as Buffer).toString())));
      const answer = async (ref: string) => {
        while (!answers.items.some((m) => m.ref === ref)) await answers.next(answers.items.length + 1);
        return answers.items.find((m) => m.ref === ref).payload;
      };
      const send = (event: string, payload: object, ref: string) => ws.send(JSON.stringify({ topic: 'realtime:untrack', event, payload, ref, join_ref: '1' }));
      send('phx_join', { config: { presence: { key: 'alice' } } }, '1');
      send('presence', { type: 'presence', event: 'track', payload: { status: 'here' } }, '2');
      await joins.next(1);

      // Another channel under the same key untracks what it tracked: nothing.
      const twin = client().channel('untrack', { config: { presence: { key: 'alice' } } });
      await subscribed(twin);
      expect(await twin.untrack()).toBe('ok');
      // An untrack refused at decode (nested too deep) is not applied.
      let deep: object = {};
      for (let i = 0; i < 40; i++) deep = { deep };
      send('presence', { type: 'presence', event: 'untrack', payload: deep }, '3');
      expect(await answer('3')).toEqual({ status: 'error', response: { reason: expect.stringMatching(/nested too deep/) } });
      await sleep(200);
      expect(leaves.items).toEqual([]);
      expect(Object.keys(watcher.presenceState())).toEqual(['alice']);

      // Past the message rate (20 a second here) an untrack is still applied.
      for (let i = 0; i < 25; i++) send('presence', { type: 'presence', event: 'track', payload: { i } }, `t${i}`);
      await answer('t24');
      send('presence', { type: 'presence', event: 'untrack' }, '4');
      expect(await answer('4')).toEqual({ status: 'ok', response: {} });
      await leaves.next(1);
      await sleep(200);
      expect(watcher.presenceState()).toEqual({});
      ws.close();
    });
  });

  describe('postgres_changes', () => {
    it('delivers inserts, updates and deletes only to the users whose RLS lets them read the row', async () => {
      const alice = await user();
      const bob = await user();
      const got = { alice: inbox<any>(), bob: inbox<any>() };
      const listen = (u: typeof alice, box: ReturnType<typeof inbox<any>>) =>
        subscribed(u.client.channel(`notes-${u.id}`).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p) => box.push(p)));
      await Promise.all([listen(alice, got.alice), listen(bob, got.bob)]);

      // Each change is read before the next: a row's visibility is judged as it is when read.
      const { data: row, error } = await alice.client.from('rt_notes').insert({ body: 'secret' }).select().single();
      expect(error).toBeNull();
      await got.alice.next(1);
      await alice.client.from('rt_notes').update({ body: 'still secret', n: 2 }).eq('id', row!.id);
      await got.alice.next(2);
      await alice.client.from('rt_notes').delete().eq('id', row!.id);
      // Bob's own row comes after Alice's three changes: when it arrives, hers had their turn.
      await bob.client.from('rt_notes').insert({ body: 'bob' });

      const [insert, update, del] = await got.alice.next(3);
      expect(insert).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'rt_notes', new: { id: row!.id, body: 'secret', owner: alice.id, n: 0 }, old: {} });
      expect(update).toMatchObject({ eventType: 'UPDATE', new: { body: 'still secret', n: 2 }, old: { id: row!.id } });
      expect(Object.keys(update.old)).toEqual(['id']); // RLS on: the old record carries only the key
      expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row!.id } });
      expect(typeof insert.commit_timestamp).toBe('string');

      const bobs = await got.bob.next(1);
      await sleep(300);
      expect(got.bob.items).toHaveLength(2); // his insert, and the key of Alice's deleted row (as hosted: deletes skip RLS)
      expect(bobs.map((p) => p.eventType).sort()).toEqual(['DELETE', 'INSERT']);
      expect(bobs.find((p) => p.eventType === 'INSERT').new.body).toBe('bob');
      expect(got.alice.items).toHaveLength(3); // never Bob's row
    });

    it('applies event and filters (eq, neq, lt, lte, gt, gte, in, and on jsonb), and sends whole old rows under REPLICA IDENTITY FULL', async () => {
      const c = client();
      const byFilter: Record<string, ReturnType<typeof inbox<any>>> = {};
      const channel = c.channel('filters');
      for (const filter of ['id=eq.2', 'id=neq.2', 'id=lt.2', 'id=lte.2', 'id=gt.2', 'id=gte.2', 'tag=in.(x,"y")', 'meta=eq.{"a": 1}']) {
        byFilter[filter] = inbox<any>();
        channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open', filter }, (p) => byFilter[filter]!.push(p));
      }
      const updates = inbox<any>();
      channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'rt_open' }, (p) => updates.push(p));
      await subscribed(channel);
      await c.from('rt_open').insert([{ id: 1, body: 'one', tag: 'x' }, { id: 2, body: 'two', tag: 'y', meta: { a: 1 } }, { id: 3, body: 'three', tag: 'z', meta: { a: 2 } }]);
      await c.from('rt_open').update({ body: 'uno' }).eq('id', 1);
      await updates.next(1);
      const ids = (f: string) => byFilter[f]!.items.map((p) => p.new.id).sort();
      expect(ids('id=eq.2')).toEqual([2]);
      expect(ids('id=neq.2')).toEqual([1, 3]);
      expect(ids('id=lt.2')).toEqual([1]);
      expect(ids('id=lte.2')).toEqual([1, 2]);
      expect(ids('id=gt.2')).toEqual([3]);
      expect(ids('id=gte.2')).toEqual([2, 3]);
      expect(ids('tag=in.(x,"y")')).toEqual([1, 2]);
      expect(ids('meta=eq.{"a": 1}')).toEqual([2]); // a jsonb value is read as JSON
      expect(updates.items[0]).toMatchObject({ new: { id: 1, body: 'uno', tag: 'x' }, old: { id: 1, body: 'one', tag: 'x' } });
    });

    it('sends only the columns the subscriber may select', async () => {
      const got = inbox<any>();
      await subscribed(client().channel('cols').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_cols' }, (p) => got.push(p)));
      await backend.ctx.db.query(`insert into public.rt_cols values (1, 'shown', 'hidden')`);
      await got.next(1);
      await backend.ctx.db.query(`delete from public.rt_cols where id = 1`);
      const [insert, del] = await got.next(2);
      expect(insert.new).toEqual({ id: 1, body: 'shown' });
      expect(del.old).toEqual({ id: 1 });
      expect(JSON.stringify(got.items)).not.toContain('hidden');
    });

    it('refuses unknown and unreadable tables, columns and ill-typed values with one reason, and delivers nothing of unpublished tables', async () => {
      const c = client();
      const join = (table: string, filter?: string, schema = 'public') =>
        subscribed(c.channel(`bad-${schema}-${table}-${filter}`).on('postgres_changes', { event: '*', schema, table, filter }, () => undefined));
      // The reason without the parameters it echoes.
      const reason = (joined: Promise<unknown>) => joined.then(() => 'joined', (error: Error) => error.message.split('[')[0]);
      const refusals = await Promise.all([
        reason(join('no_such_table')),
        reason(join('t', undefined, 'rt_hidden')), // exists, in a schema anon may not use
        reason(join('no_such_table', undefined, 'rt_hidden')),
        reason(join('rt_open', 'nope=eq.1')),
        reason(join('rt_cols', 'secret=eq.1')), // exists, not granted to anon
        reason(join('rt_open', 'id=eq.abc')),
      ]);
      expect(refusals[0]).toContain('Unable to subscribe to changes with given parameters');
      expect(new Set(refusals)).toEqual(new Set([refusals[0]]));
      await expect(join('rt_open', 'id=like.1')).rejects.toThrow(/Invalid filter/);

      const got = inbox<any>();
      await subscribed(c.channel('unpublished').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_unpublished' }, (p) => got.push(p)));
      const open = inbox<any>();
      await subscribed(c.channel('published').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open' }, (p) => open.push(p)));
      await c.from('rt_unpublished').insert({ id: 1 });
      await c.from('rt_open').insert({ id: 50, body: 'after' });
      await open.next(1);
      expect(got.items).toEqual([]);
    });
  });

  describe('limits', () => {
    it('refuses a channel past the per-connection limit', async () => {
      const c = client();
      await Promise.all([1, 2, 3].map((i) => subscribed(c.channel(`many-${i}`))));
      await expect(subscribed(c.channel('many-4'))).rejects.toThrow(/Too many channels: at most 3/);
    });

    it('refuses sockets past the per-client limit', async () => {
      const sockets: WebSocket[] = [];
      try {
        let refused: unknown;
        for (let i = 0; i < 13 && !refused; i++) {
          await rawSocket(backend.url, backend.keys.anonKey).then((ws) => sockets.push(ws), (error: unknown) => (refused = error));
        }
        expect(String(refused)).toContain('HTTP 429');
        expect(sockets.length).toBeLessThanOrEqual(12);
      } finally {
        sockets.forEach((ws) => ws.close());
      }
    });

    it('closes a socket that sends a frame past the size limit, and refuses messages past the rate', async () => {
      const big = await rawSocket(backend.url, backend.keys.anonKey);
      const code = new Promise<number>((resolve) => big.once('close', (c) => resolve(c)));
      big.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: { pad: 'x'.repeat(70_000) }, ref: '1' }));
      expect(await code).toBe(1009);

      const fast = await rawSocket(backend.url, backend.keys.anonKey);
      const answers = inbox<any>();
      fast.on('message', (d) => answers.push(JSON.parse((d as Buffer).toString())));
      for (let i = 0; i < 30; i++) fast.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: String(i) }));
      await answers.next(30);
      const statuses = answers.items.map((m) => m.payload.status);
      expect(statuses.filter((s) => s === 'ok')).toHaveLength(20);
      expect(answers.items.find((m) => m.payload.status === 'error').payload.response.reason).toBe('Too many messages: at most 20 per second');
      fast.close();
    });

    it('drops a subscriber that does not read, instead of buffering for it', async () => {
      const slow = await rawSocket(backend.url, backend.keys.anonKey);
      const closed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
      slow.send(JSON.stringify({ topic: 'realtime:flood', event: 'phx_join', payload: { config: { presence: { key: 'slow' } } }, ref: '1', join_ref: '1' }));
      slow.send(JSON.stringify({ topic: 'realtime:flood', event: 'presence', payload: { type: 'presence', event: 'track', payload: {} }, ref: '2', join_ref: '1' }));
      await sleep(200);
      (slow as any)._socket.pause(); // stops reading: the kernel's buffers fill, then the server's
      const leaves = inbox<any>();
      const watcher = client().channel('flood').on('presence', { event: 'leave' }, (p) => leaves.push(p.key));
      const senders = [await subscribed(watcher), ...(await Promise.all([1, 2, 3, 4, 5].map(() => subscribed(client().channel('flood')))))];
      const chunk = 'x'.repeat(60_000);
      for (let second = 0; second < 60 && leaves.items.length === 0; second++) {
        // Each sender stays under its message rate; together they outpace what the kernel holds.
        for (let i = 0; i < 15; i++) for (const s of senders) await s.send({ type: 'broadcast', event: 'big', payload: { chunk } });
        await sleep(1000);
      }
      expect(leaves.items).toEqual(['slow']); // the server dropped it (its presence left)
      (slow as any)._socket.resume();
      await closed;
    }, 120_000);
  });

  it('clients reconnect and rejoin after the server restarts', async () => {
    const port = Number(new URL(backend.url).port);
    const c = client();
    const got = inbox<any>();
    await subscribed(c.channel('restart').on('broadcast', { event: 'ping' }, (m) => got.push(m.payload)));
    await backend.stop();
    const again = await createBackend({
      dataDir: backend.dataDir,
      port,
      databaseUrl: backend.ctx.config.databaseUrl,
      env: { SEED_ROOMS: '0', AUTH_BCRYPT_COST: '4', METRICS_PORT: '0', ...LIMITS },
      quiet: true,
    });
    try {
      const sender = await subscribed(client().channel('restart'));
      const deadline = Date.now() + 15_000;
      while (got.items.length === 0 && Date.now() < deadline) {
        await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
        await sleep(300);
      }
      expect(got.items[0]).toEqual({ n: 1 });
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.removeAllChannels().then(() => c.realtime.disconnect())));
      await again.stop(); // the first one is stopped already; close() drops its database and folder
    }
  }, 30_000);
});

/** Raw socket frames for the tests below: a join, and the reply to a ref. */
function frames(ws: WebSocket) {
  const answers: any[] = [];
  ws.on('message', (d) => answers.push(JSON.parse((d as Buffer).toString())));
  return {
    join(topic: string, payload: object, ref: string) {
      ws.send(JSON.stringify({ topic: `realtime:${topic}`, event: 'phx_join', payload, ref, join_ref: ref }));
    },
    async reply(ref: string): Promise<any> {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const m = answers.find((a) => a.ref === ref && a.event === 'phx_reply');
        if (m) return m.payload;
        await sleep(20);
      }
      throw new Error(`no reply to ${ref}`);
    },
  };
}

describe.each(databases())('realtime caps behind a proxy on %s', (kind) => {
  const CAPS: Env = {
    TRUSTED_PROXIES: '127.0.0.1',
    REALTIME_MAX_CONNECTIONS_PER_CLIENT: '3',
    REALTIME_MAX_CONNECTIONS_PER_USER: '2',
    REALTIME_MAX_SUBSCRIPTIONS_PER_USER: '4',
  };
  let backend: TestBackend;
  const sockets: WebSocket[] = [];
  const socket = async (forwardedFor: string) => {
    const ws = await rawSocket(backend.url, backend.keys.anonKey, '1.0.0', { 'X-Forwarded-For': forwardedFor });
    sockets.push(ws);
    return ws;
  };
  const changes = (n: number, token?: string) => ({
    ...(token ? { access_token: token } : {}),
    config: { postgres_changes: Array.from({ length: n }, (_, i) => ({ event: 'INSERT', schema: 'public', table: 'rt_capped', filter: `id=eq.${i}` })) },
  });

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0', ...CAPS } });
    await backend.ctx.db.exec(`create table public.rt_capped (id int primary key); grant select on public.rt_capped to anon, authenticated;`);
  });
  afterEach(async () => {
    sockets.splice(0).forEach((ws) => ws.close());
    await sleep(200);
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('counts sockets per client address as the proxy names it', async () => {
    for (let i = 0; i < 3; i++) await socket('203.0.113.1');
    await expect(socket('203.0.113.1')).rejects.toThrow('HTTP 429');
    await expect(socket('198.51.100.7, 203.0.113.1')).rejects.toThrow('HTTP 429'); // only the last address counts
    await socket('203.0.113.2');
  });

  it("caps a user's sockets and postgres_changes over all its sockets", async () => {
    const c = backend.client();
    const { data, error } = await c.auth.signUp({ email: `caps-${kind}@example.com`, password: 'correct-horse-battery' });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const [a, b, third] = await Promise.all(['203.0.113.10', '203.0.113.11', '203.0.113.12'].map(socket));
    const [fa, fb, fc] = [frames(a!), frames(b!), frames(third!)];
    fa.join('caps-a', changes(3, token), 'a1');
    expect((await fa.reply('a1')).status).toBe('ok');
    fb.join('caps-b', changes(2, token), 'b1');
    expect(await fb.reply('b1')).toEqual({ status: 'error', response: { reason: 'Too many postgres_changes: at most 4 per user' } });
    fb.join('caps-b', changes(1, token), 'b2');
    expect((await fb.reply('b2')).status).toBe('ok');
    fc.join('caps-c', { access_token: token }, 'c1');
    expect(await fc.reply('c1')).toEqual({ status: 'error', response: { reason: 'Too many connections: at most 2 per user' } });
    // Anonymous channels on that socket count for its address, not for the user.
    fc.join('caps-c', changes(4), 'c2');
    expect((await fc.reply('c2')).status).toBe('ok');
    // What a channel gives back on leaving, another may take.
    a!.send(JSON.stringify({ topic: 'realtime:caps-a', event: 'phx_leave', payload: {}, ref: 'a2', join_ref: 'a1' }));
    await fa.reply('a2');
    fb.join('caps-b2', changes(3, token), 'b3');
    expect((await fb.reply('b3')).status).toBe('ok');
  });
});

describe.each(databases('notify'))('realtime with a supabase_realtime publication for all tables on %s', (kind) => {
  it('captures the project tables only: sign-up, writes and a restart work, and changes arrive', async () => {
    const backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
    const clients: SupabaseClient[] = [];
    try {
      await backend.ctx.db.exec(`
        drop publication supabase_realtime;
        create publication supabase_realtime for all tables;
        create table public.rt_all (id int primary key, body text);
        grant select, insert on public.rt_all to anon, authenticated;`);
      await backend.ctx.reloadSchema();
      const c = backend.client();
      clients.push(c);
      const got = inbox<any>();
      await subscribed(c.channel('all').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_all' }, (p) => got.push(p)));
      const { error: signUpError } = await c.auth.signUp({ email: `all-${kind}@example.com`, password: 'correct-horse-battery' });
      expect(signUpError).toBeNull();
      expect((await c.from('rt_all').insert({ id: 1, body: 'one' })).error).toBeNull();
      expect((await got.next(1))[0].new).toEqual({ id: 1, body: 'one' });
      const { rows } = await backend.ctx.db.query<{ rel: string }>(`select tgrelid::regclass::text as rel from pg_trigger where tgname = '_realtime_capture'`);
      const captured = rows.map((r) => r.rel);
      expect(captured).toContain('rt_all');
      expect(captured.filter((rel) => /^(_realtime|auth|supabase_migrations|rate_limit|payments_test)\./.test(rel))).toEqual([]);

      // A start writes (migration ledgers, seed checks, the limits): it comes up, and so do sign-ups.
      await c.removeAllChannels();
      await backend.stop();
      const again = await createBackend({
        dataDir: backend.dataDir,
        port: 0,
        databaseUrl: backend.ctx.config.databaseUrl,
        env: { SEED_ROOMS: '0', AUTH_BCRYPT_COST: '4' },
        quiet: true,
      });
      try {
        const d = createClient(again.url, again.keys.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
        clients.push(d);
        const more = inbox<any>();
        await subscribed(d.channel('all').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_all' }, (p) => more.push(p)));
        expect((await d.auth.signUp({ email: `all2-${kind}@example.com`, password: 'correct-horse-battery' })).error).toBeNull();
        expect((await d.from('rt_all').insert({ id: 2, body: 'two' })).error).toBeNull();
        expect((await more.next(1))[0].new).toEqual({ id: 2, body: 'two' });
      } finally {
        await Promise.all(clients.map((x) => x.removeAllChannels().then(() => x.realtime.disconnect())));
        await again.stop();
      }
    } finally {
      await backend.close();
    }
  }, 60_000);
});
