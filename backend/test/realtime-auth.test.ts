// Realtime authorization as hosted Supabase has it, through supabase-js's own realtime client on
// PGlite and PostgreSQL: private channels decided by RLS policies on realtime.messages (reading to
// join and receive, writing to send and track), a refreshed token that loses the policy, the REST
// broadcast endpoints (httpSend, send before subscribing; JSON and bytes), broadcast from the
// database (realtime.send, realtime.broadcast_changes in a trigger), and hostile callers: forged
// topics, a join without a policy, huge payloads, fifty joins at once.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from './support/realtime.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (polled), or fails with `what`. */
async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.each(databases('notify'))('realtime authorization on %s', (kind) => {
  let backend: TestBackend;
  const clients: SupabaseClient[] = [];
  const client = (vsn: '1.0.0' | '2.0.0' = '1.0.0') => {
    const c = createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, vsn },
    });
    clients.push(c);
    return c;
  };
  let users = 0;
  async function user(vsn: '1.0.0' | '2.0.0' = '1.0.0') {
    const c = client(vsn);
    const { data, error } = await c.auth.signUp({ email: `rtauth${++users}-${kind}@example.com`, password: 'correct-horse-battery' });
    if (error || !data.session) throw error ?? new Error('no session');
    await c.realtime.setAuth(data.session.access_token);
    return { client: c, id: data.user!.id, token: data.session.access_token };
  }
  const privately = (c: SupabaseClient, topic: string, config: Record<string, unknown> = {}) =>
    c.channel(topic, { config: { private: true, broadcast: { self: true, ack: true }, ...config } });

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
    // room-*: any signed-in user reads and writes; readonly-*: reads only; presence-* reads both
    // extensions, but writes presence only for its owner's sub in the topic.
    await backend.ctx.db.exec(`
      create policy rt_read on realtime.messages for select to authenticated
        using (realtime.topic() like 'room-%' or realtime.topic() like 'readonly-%' or realtime.topic() like 'presence-%');
      create policy rt_write on realtime.messages for insert to authenticated
        with check (realtime.topic() like 'room-%'
          or (realtime.messages.extension = 'presence' and realtime.topic() = 'presence-' || auth.uid()::text));
      create table public.rt_orders (id int primary key, note text);
      create function public.rt_orders_broadcast() returns trigger language plpgsql security definer as $$
      begin
        perform realtime.broadcast_changes('room-orders', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger rt_orders_broadcast after insert or update or delete on public.rt_orders
        for each row execute function public.rt_orders_broadcast();`);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels().then(() => c.realtime.disconnect())));
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('refuses a private channel without a read policy, for anon and for a topic no policy names', async () => {
    await expect(subscribed(privately(client(), 'room-1'))).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: room-1',
    );
    const u = await user();
    await expect(subscribed(privately(u.client, 'elsewhere'))).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: elsewhere',
    );
  });

  it('delivers broadcasts on a private channel with the policies, and only to that private channel', async () => {
    const a = await user();
    const b = await user('2.0.0');
    const got: unknown[] = [];
    const publicGot: unknown[] = [];
    await subscribed(privately(b.client, 'room-2').on('broadcast', { event: 'hi' }, (m) => got.push(m.payload)));
    // The same topic's public channel is another channel: it gets nothing of the private one.
    await subscribed(client().channel('room-2').on('broadcast', { event: 'hi' }, (m) => publicGot.push(m.payload)));
    const sender = await subscribed(privately(a.client, 'room-2'));
    expect(await sender.send({ type: 'broadcast', event: 'hi', payload: { n: 1 } })).toBe('ok');
    await until(() => got.length === 1, 'the private broadcast');
    expect(got).toEqual([{ n: 1 }]);
    expect(publicGot).toEqual([]);
  });

  it('drops the broadcasts and refuses the presence of a channel that may only read', async () => {
    const a = await user();
    const b = await user();
    const got: unknown[] = [];
    await subscribed(privately(b.client, 'readonly-1').on('broadcast', { event: 'x' }, (m) => got.push(m.payload)));
    const sender = await subscribed(privately(a.client, 'readonly-1'));
    // Unanswered (the ack never comes), as hosted Realtime drops it.
    expect(await sender.send({ type: 'broadcast', event: 'x', payload: {} }, { timeout: 500 })).toBe('timed out');
    expect(await sender.track({ online: true })).toBe('error');
    expect(got).toEqual([]);
  });

  it('tracks presence on a private channel only with the presence write policy', async () => {
    const owner = await user();
    const other = await user();
    const mine = await subscribed(privately(owner.client, `presence-${owner.id}`, { presence: { key: 'owner', enabled: true } }));
    expect(await mine.track({ here: 1 })).toBe('ok');
    const theirs = privately(other.client, `presence-${owner.id}`, { presence: { key: 'other', enabled: true } });
    await subscribed(theirs);
    await until(() => Object.keys(theirs.presenceState()).includes('owner'), "the owner's presence");
    expect(await theirs.track({ here: 2 })).toBe('error');
  });

  it("ends a private channel when a refreshed token loses the read policy", async () => {
    const u = await user();
    const channel = privately(u.client, 'room-3');
    const system: any[] = [];
    channel.on('system', {}, (p) => system.push(p));
    await subscribed(channel);
    // The anon key: a token of a role no policy lets read.
    await u.client.realtime.setAuth(backend.keys.anonKey);
    await until(() => system.some((p) => p.status === 'error'), 'the channel to end');
    expect(system.find((p) => p.status === 'error')).toMatchObject({
      message: 'You no longer have permission to read from this Channel topic: room-3',
    });
  });

  it('httpSend delivers JSON to public and private channels and bytes to vsn 2.0.0; refuses a private topic without the write policy', async () => {
    const u = await user('2.0.0');
    const got: any[] = [];
    const pub = await subscribed(u.client.channel('open-1').on('broadcast', { event: 'json' }, (m) => got.push(m)));
    expect(await pub.httpSend('json', { hello: 'public' })).toEqual({ success: true });
    const priv = await subscribed(
      privately(u.client, 'room-4')
        .on('broadcast', { event: 'json' }, (m) => got.push(m))
        .on('broadcast', { event: 'bytes' }, (m) => got.push(m)),
    );
    expect(await priv.httpSend('json', { hello: 'private' })).toEqual({ success: true });
    expect(await priv.httpSend('bytes', new Uint8Array([1, 2, 3]))).toEqual({ success: true });
    await until(() => got.length === 3, 'three broadcasts');
    expect(got[0].payload).toEqual({ hello: 'public' });
    expect(got[1].payload).toEqual({ hello: 'private' });
    expect(new Uint8Array(got[2].payload)).toEqual(new Uint8Array([1, 2, 3]));

    const readonly = await subscribed(privately(u.client, 'readonly-2'));
    await expect(readonly.httpSend('json', { no: true })).rejects.toThrow('Unauthorized');
    // The anon key may not write any private topic; the service role may write every one.
    const anonSend = await fetch(`${backend.url}/realtime/v1/api/broadcast/room-4/events/json?private=true`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(anonSend.status).toBe(403);
    expect(await anonSend.json()).toEqual({ message: 'Unauthorized' });
    const serviceSend = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: backend.keys.serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room-4', event: 'json', payload: { from: 'service' }, private: true }] }),
    });
    expect(serviceSend.status).toBe(202);
    await until(() => got.length === 4, 'the service role broadcast');
    expect(got[3].payload).toEqual({ from: 'service' });
  });

  it('send before subscribing goes through the batch endpoint, private messages only with the write policy', async () => {
    const u = await user();
    const got: unknown[] = [];
    await subscribed(privately(u.client, 'room-5').on('broadcast', { event: 'b' }, (m) => got.push(m.payload)));
    const other = await user();
    // Not subscribed: realtime-js posts to /realtime/v1/api/broadcast.
    expect(await privately(other.client, 'room-5').send({ type: 'broadcast', event: 'b', payload: { rest: 1 } })).toBe('ok');
    expect(await client().channel('room-5', { config: { private: true } }).send({ type: 'broadcast', event: 'b', payload: { anon: 1 } })).toBe('ok');
    await until(() => got.length === 1, 'the batch broadcast');
    await sleep(200);
    expect(got).toEqual([{ rest: 1 }]); // anon's was dropped: no write policy
  });

  it('delivers realtime.send and realtime.broadcast_changes from the database', async () => {
    const u = await user();
    const got: any[] = [];
    await subscribed(
      privately(u.client, 'room-orders')
        .on('broadcast', { event: 'INSERT' }, (m) => got.push(m))
        .on('broadcast', { event: 'sent' }, (m) => got.push(m)),
    );
    await backend.ctx.db.query(`insert into public.rt_orders values (1, 'first')`);
    await backend.ctx.db.query(`select realtime.send('{"x": 1}'::jsonb, 'sent', 'room-orders', true)`);
    // Public: the private channel does not get it; rolled back: nobody does.
    await backend.ctx.db.query(`select realtime.send('{"x": 2}'::jsonb, 'sent', 'room-orders', false)`);
    await backend.ctx.db
      .tx(async (q) => {
        await q.query(`select realtime.send('{"x": 3}'::jsonb, 'sent', 'room-orders', true)`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await until(() => got.length === 2, 'two broadcasts from the database');
    await sleep(200);
    expect(got[0].payload).toMatchObject({ operation: 'INSERT', table: 'rt_orders', schema: 'public', record: { id: 1, note: 'first' }, old_record: null });
    expect(got[1].payload).toMatchObject({ x: 1, id: expect.any(String) });
    expect(got[1].meta).toEqual({ id: got[1].payload.id });
    expect(got).toHaveLength(2);
  });

  it('stands hostile callers: forged topics and frames, huge payloads, fifty private joins at once', async () => {
    const u = await user();
    const huge = await fetch(`${backend.url}/realtime/v1/api/broadcast/room-6/events/big`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(backend.ctx.config.realtime.maxMessageBytes + 1) }),
    });
    expect(huge.status).toBe(422);
    const deep = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json' },
      body: `{"messages":[{"topic":"t","event":"e","payload":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]}`,
    });
    expect(deep.status).toBe(422);
    const forged = await fetch(`${backend.url}/realtime/v1/api/broadcast/room-6/events/x?private=true`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, authorization: 'Bearer not.a.token', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(401);

    const joins: Array<Promise<RealtimeChannel>> = [];
    const many = await user();
    for (let i = 0; i < 50; i++) {
      const c = i % 2 === 0 ? many.client : client();
      joins.push(subscribed(privately(c, `room-many-${i}`)));
    }
    const results = await Promise.allSettled(joins);
    // The signed-in user's joins are admitted up to the channel limit; anon's are all refused.
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(refused.filter((r) => r.includes('Unauthorized'))).toHaveLength(25);
    expect((await fetch(`${backend.url}/health`)).status).toBe(200);
  }, 30_000);
});
