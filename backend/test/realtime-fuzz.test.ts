// Hostile Realtime clients against a real backend, on PGlite and PostgreSQL (joins and changes
// reach the database): malformed frames, payloads nested deep or grown large in every field a
// client fills (presence, broadcast, join config, filters, access token), random mutations of
// valid frames, floods of messages and of costly joins, one user's thousand filtered
// subscriptions, and sockets that vanish mid-handshake or stop reading, in both protocol
// versions. A crash would fail the run (the backend runs in this process); after each attack the
// backend still answers, and another client's REST reads stay within 10 times their baseline
// measured here, or 2 s on a loaded machine, whichever is larger.
import { connect } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { subscribed } from './support/realtime.ts';

const VSNS = ['1.0.0', '2.0.0'] as const;
/** Sockets per client address here: the tests open them one after another, and check all come back. */
const CAP = 60;
type Vsn = (typeof VSNS)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Frame {
  join_ref?: string | null;
  ref?: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** The frame as `vsn` writes it. */
const encode = (vsn: Vsn, f: Frame) =>
  JSON.stringify(vsn === '2.0.0' ? [f.join_ref ?? null, f.ref ?? null, f.topic, f.event, f.payload] : { join_ref: null, ref: null, ...f });

/**
 * The frame with `"DEEP"` in it replaced by arrays nested `levels` deep, as text: JSON.stringify
 * itself cannot write thousands of levels (which is what the server must not attempt either).
 */
const encodeDeep = (vsn: Vsn, f: Frame, levels: number) => encode(vsn, f).replace('"DEEP"', '['.repeat(levels) + ']'.repeat(levels));

/** A payload nested `levels` deep. */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** vsn 2.0.0's binary broadcast frame (kind 3, JSON encoding) around `payload` text. */
function binaryBroadcast(topic: string, event: string, payload: string, metadata = ''): Buffer {
  const parts = ['', '', topic, event, metadata].map((s) => Buffer.from(s));
  return Buffer.concat([Buffer.from([3, ...parts.map((p) => p.length), 1]), ...parts, Buffer.from(payload)]);
}

/** A small seeded generator: a failing mutation can be replayed. */
function random(seed: number) {
  return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe.each(databases('notify'))('realtime under hostile clients on %s', (kind) => {
  let backend: TestBackend;
  let baseline: number;
  const opened: WebSocket[] = [];

  interface Socket {
    ws: WebSocket;
    messages: any[];
    closed: Promise<number>;
    send(frame: Frame | string | Buffer): void;
    /** The phx_reply to `ref`, once it arrives. */
    reply(ref: string): Promise<any>;
  }

  async function socket(vsn: Vsn = '1.0.0'): Promise<Socket> {
    const ws = new WebSocket(`${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${backend.keys.anonKey}&vsn=${vsn}`);
    opened.push(ws);
    const messages: any[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const m = JSON.parse(data.toString());
      messages.push(Array.isArray(m) ? { join_ref: m[0], ref: m[1], topic: m[2], event: m[3], payload: m[4] } : m);
    });
    ws.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return {
      ws,
      messages,
      closed,
      send: (frame) => ws.readyState === ws.OPEN && ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : encode(vsn, frame)),
      async reply(ref) {
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const m = messages.find((x) => x.ref === ref && x.event === 'phx_reply');
          if (m) return m.payload;
          await sleep(10);
        }
        throw new Error(`no reply to ${ref}`);
      },
    };
  }

  /** One REST read of another client, in milliseconds. */
  async function restRead(): Promise<number> {
    const start = performance.now();
    const res = await fetch(`${backend.url}/rest/v1/fz_items?select=id,body&order=id&limit=20`, {
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${backend.keys.anonKey}` },
    });
    expect(res.status).toBe(200);
    await res.text();
    return performance.now() - start;
  }
  const bound = () => Math.max(2000, 10 * baseline);

  /** The process still serves: /health, and REST reads within the bound. */
  async function stillServing(): Promise<void> {
    expect((await fetch(`${backend.url}/health`)).status).toBe(200);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(await restRead());
    expect(median(times)).toBeLessThan(bound());
  }

  /** REST reads one after another while `attack` runs; resolves to their times. */
  async function readsDuring(attack: Promise<unknown>): Promise<number[]> {
    let done = false;
    const finished = attack.finally(() => (done = true));
    const times: number[] = [];
    while (!done || times.length < 5) times.push(await restRead());
    await finished;
    return times;
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0', REALTIME_MAX_CONNECTIONS_PER_CLIENT: String(CAP) } });
    await backend.ctx.db.exec(`
      create table public.fz_items (id int primary key, body text not null, n int not null default 0);
      grant select, insert on public.fz_items to anon;
      insert into public.fz_items (id, body) select i, 'item ' || i from generate_series(1, 200) i;
      alter publication supabase_realtime add table public.fz_items;
      notify pgrst;`);
    await backend.ctx.reloadSchema();
    await restRead(); // warm
    const times: number[] = [];
    for (let i = 0; i < 15; i++) times.push(await restRead());
    baseline = median(times);
  });
  afterAll(async () => {
    opened.forEach((ws) => ws.terminate());
    await backend?.close();
  });

  it('survives one deep presence payload: a second member keeps its socket, and the leave reaches it', async () => {
    for (const vsn of VSNS) {
      const topic = `realtime:deep-${vsn}`;
      const [first, second] = [await socket(vsn), await socket(vsn)];
      const join = { config: { presence: { key: '' } } };
      first.send({ topic, event: 'phx_join', payload: join, ref: '1', join_ref: '1' });
      second.send({ topic, event: 'phx_join', payload: join, ref: '1', join_ref: '1' });
      await Promise.all([first.reply('1'), second.reply('1')]);
      first.send(encodeDeep(vsn, { topic, event: 'presence', payload: { type: 'presence', event: 'track', payload: { deep: 'DEEP' } }, ref: '2', join_ref: '1' }, 5000));
      expect(await first.reply('2')).toEqual({ status: 'error', response: { reason: 'Payload nested too deep: at most 32 levels' } });
      first.send({ topic, event: 'presence', payload: { type: 'presence', event: 'track', payload: { ok: true } }, ref: '3', join_ref: '1' });
      expect((await first.reply('3')).status).toBe('ok');
      first.ws.close();
      await first.closed;
      second.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' });
      expect((await second.reply('hb')).status).toBe('ok');
      const diffs = second.messages.filter((m) => m.event === 'presence_diff');
      expect(diffs.map((d) => Object.keys(d.payload.joins).length + Object.keys(d.payload.leaves).length)).toEqual([1, 1]);
      second.ws.close();
    }
    await stillServing();
  });

  it('refuses deep and large payloads in every field with an error reply, and passes none on', async () => {
    for (const vsn of VSNS) {
      const topic = `realtime:fields-${vsn}`;
      const attacker = await socket(vsn);
      const watcher = await socket(vsn);
      watcher.send({ topic, event: 'phx_join', payload: { config: { presence: { key: 'w' } } }, ref: 'w', join_ref: 'w' });
      attacker.send({ topic, event: 'phx_join', payload: { config: { broadcast: { ack: true }, presence: { key: 'a' } } }, ref: 'j', join_ref: 'j' });
      await Promise.all([watcher.reply('w'), attacker.reply('j')]);
      const filter = (value: unknown) => ({ config: { postgres_changes: [{ event: '*', schema: 'public', table: 'fz_items', filter: value }] } });
      const hostile: Array<[Frame, RegExp]> = [
        [{ topic, event: 'broadcast', payload: { type: 'broadcast', event: 'e', payload: nested(200) } }, /nested too deep/],
        [{ topic, event: 'presence', payload: { type: 'presence', event: 'track', payload: nested(100) } }, /nested too deep/],
        [{ topic, event: 'presence', payload: { type: 'presence', event: 'track', payload: { pad: 'x'.repeat(20_000) } } }, /Presence payload too large/],
        [{ topic, event: 'presence', payload: { type: 'presence', event: 'untrack', payload: nested(64) } }, /nested too deep/],
        [{ topic: 'realtime:j2', event: 'phx_join', payload: { config: nested(300) } }, /nested too deep/],
        [{ topic: 'realtime:j3', event: 'phx_join', payload: filter(nested(40)) }, /nested too deep/],
        [{ topic: 'realtime:j4', event: 'phx_join', payload: filter(`id=eq.${'9'.repeat(5000)}`) }, /Invalid filter/],
        [{ topic: 'realtime:j5', event: 'phx_join', payload: filter(`id=in.(${Array.from({ length: 500 }, (_, i) => i).join(',')})`) }, /at most 100 values/],
        [{ topic: 'realtime:j6', event: 'phx_join', payload: { access_token: 'x'.repeat(20_000) } }, /Access token too long/],
        [{ topic: 'realtime:j7', event: 'phx_join', payload: { access_token: nested(50) } }, /nested too deep/],
        [{ topic, event: 'access_token', payload: { access_token: 'y'.repeat(20_000) } }, /Access token too long/],
        [{ topic: 'realtime:j8', event: 'phx_join', payload: { config: { presence: { key: 'k'.repeat(1000) } } } }, /Presence key too long/],
        [{ topic: `realtime:${'t'.repeat(1000)}`, event: 'phx_join', payload: {} }, /Topic too long/],
        [{ topic, event: 'e'.repeat(1000), payload: {} }, /Event too long/],
      ];
      for (const [i, [frame, reason]] of hostile.entries()) {
        attacker.send({ join_ref: 'j', ...frame, ref: `h${i}` });
        expect(await attacker.reply(`h${i}`)).toEqual({ status: 'error', response: { reason: expect.stringMatching(reason) } });
      }
      if (vsn === '2.0.0') {
        attacker.send(binaryBroadcast(topic, 'e', JSON.stringify(nested(100))));
        attacker.send(binaryBroadcast(topic, 'e', '{}', JSON.stringify({ m: nested(40) }))); // its lengths are single bytes
      }
      attacker.send({ topic, event: 'broadcast', payload: { type: 'broadcast', event: 'fine', payload: { n: 1 } }, ref: 'ok', join_ref: 'j' });
      expect((await attacker.reply('ok')).status).toBe('ok');
      const deadline = Date.now() + 5000;
      while (!watcher.messages.some((m) => m.event === 'broadcast') && Date.now() < deadline) await sleep(20);
      // Only the one well-formed broadcast reached the watcher, and no presence of the attacker.
      expect(watcher.messages.filter((m) => m.event === 'broadcast').map((m) => m.payload.event)).toEqual(['fine']);
      expect(watcher.messages.filter((m) => m.event === 'presence_diff')).toEqual([]);
      attacker.ws.close();
      watcher.ws.close();
    }
    await stillServing();
  });

  it('closes a socket on a malformed frame, in either version, and keeps serving', async () => {
    const malformed: Array<string | Buffer> = [
      'not json',
      '',
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      '[1,2,3,4,5]',
      '{"topic":1,"event":"x","payload":{}}',
      '{"topic":"t","event":"x","payload":[]}',
      '["j","r","t","e",{}',
      '['.repeat(100_000),
      Buffer.from([3]),
      Buffer.from([3, 255, 255, 255, 255, 255, 1]),
      Buffer.from([9, 0, 0, 0, 0, 0, 1]),
      Buffer.from([3, 0, 0, 1, 1, 0, 2, 0x74, 0x65, 0x7b]),
      binaryBroadcast('realtime:t', 'e', 'not json'),
      binaryBroadcast('realtime:t', 'e', '{}', '[1]'),
    ];
    for (const vsn of VSNS) {
      for (const frame of malformed) {
        const s = await socket(vsn);
        s.send(frame);
        s.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'after' });
        // Either the frame closed the socket, or it was answered and the socket lives on.
        const outcome = await Promise.race([s.closed.then((code) => `closed ${code}`), s.reply('after').then(() => 'answered')]);
        expect(outcome).toMatch(/^(closed 100[0-9]|answered)$/);
        s.ws.terminate();
      }
    }
    await stillServing();
  });

  it('survives random mutations of valid frames', async () => {
    const next = random(40);
    const pick = <T,>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const valid: Array<Record<string, unknown>> = [
      { topic: 'realtime:m', event: 'phx_join', payload: { config: { broadcast: { self: true }, presence: { key: 'k', enabled: true }, postgres_changes: [{ event: '*', schema: 'public', table: 'fz_items', filter: 'id=eq.1' }] } }, ref: '1', join_ref: '1' },
      { topic: 'realtime:m', event: 'presence', payload: { type: 'presence', event: 'track', payload: { a: 1 } }, ref: '2', join_ref: '1' },
      { topic: 'realtime:m', event: 'broadcast', payload: { type: 'broadcast', event: 'b', payload: { a: [1, 2] } }, ref: '3', join_ref: '1' },
      { topic: 'realtime:m', event: 'access_token', payload: { access_token: backend.keys.anonKey }, ref: '4', join_ref: '1' },
      { topic: 'realtime:m', event: 'phx_leave', payload: {}, ref: '5', join_ref: '1' },
    ];
    const junk = [null, true, -1, 1e308, '', 'x'.repeat(300), [], {}, [[[]]], { a: { b: { c: {} } } }, nested(40), '\u0000', 'id=eq.', '*'];
    /** A copy of `value` with one field anywhere in it replaced or removed. */
    const mutate = (value: any): any => {
      if (typeof value !== 'object' || value === null) return pick(junk);
      const copy = Array.isArray(value) ? [...value] : { ...value };
      const keys = Object.keys(copy);
      if (keys.length === 0 || next() < 0.2) return pick(junk);
      const key = pick(keys);
      const roll = next();
      if (roll < 0.15) delete copy[key];
      else if (roll < 0.5) copy[key] = pick(junk);
      else copy[key] = mutate(copy[key]);
      return copy;
    };
    /** A valid frame with one of its fields, or something inside one, replaced or removed. */
    const mutateFrame = () => {
      const frame = { ...pick(valid) };
      const key = pick(Object.keys(frame));
      if (next() < 0.15) delete frame[key];
      else frame[key] = mutate(frame[key]);
      return frame as unknown as Frame;
    };
    for (const vsn of VSNS) {
      let s = await socket(vsn);
      for (let i = 0; i < 300; i++) {
        if (s.ws.readyState !== s.ws.OPEN) {
          await s.closed;
          s = await socket(vsn);
        }
        s.send(encode(vsn, mutateFrame()));
        if (i % 25 === 0) await sleep(10);
      }
      await sleep(300);
      s.ws.terminate();
    }
    await stillServing();
  });

  it('keeps REST fast under floods of messages and of joins with many filters', async () => {
    const flood = async (vsn: Vsn, n: number) => {
      const s = await socket(vsn);
      for (let i = 0; i < n; i++) {
        const filters = Array.from({ length: 100 }, (_, f) => ({ event: 'INSERT', schema: 'public', table: 'fz_items', filter: `id=eq.${i * 100 + f}` }));
        s.send({ topic: `realtime:flood-${i}`, event: 'phx_join', payload: { config: { postgres_changes: filters } }, ref: `j${i}`, join_ref: `j${i}` });
        s.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: `h${i}` });
        s.send({ topic: `realtime:flood-${i}`, event: 'broadcast', payload: { type: 'broadcast', event: 'x', payload: { i } }, ref: `b${i}` });
        if (i % 20 === 0) await sleep(5);
      }
      // Past the rate, messages are refused; the joins admitted are answered in turn.
      await s.reply(`j${n - 1}`).catch(() => undefined);
      return s;
    };
    const flooding = Promise.all([flood('1.0.0', 150), flood('2.0.0', 150), flood('1.0.0', 150)]);
    const times = await readsDuring(flooding);
    expect(median(times)).toBeLessThan(bound());
    expect(Math.max(...times)).toBeLessThan(2 * bound());
    (await flooding).forEach((s) => s.ws.close());
    await sleep(300);
    await stillServing();
  }, 60_000);

  it("keeps REST fast while changes reach one user's thousand filtered subscriptions", async () => {
    const c = createClient(backend.url, backend.keys.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    const got: number[] = [];
    try {
      // 10 channels of 100 filters: the per-user cap (1000 by default); one more is refused.
      await Promise.all(
        Array.from({ length: 10 }, (_, ch) => {
          const channel = c.channel(`thousand-${ch}`);
          for (let f = 0; f < 100; f++) {
            channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'fz_items', filter: `id=eq.${1000 + ch * 100 + f}` }, (p) => got.push(p.new.id));
          }
          return subscribed(channel);
        }),
      );
      await expect(subscribed(c.channel('one-more').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'fz_items', filter: 'id=eq.1' }, () => undefined))).rejects.toThrow(
        /at most 1000 per user/,
      );
      const inserts = (async () => {
        for (let i = 0; i < 20; i++) await backend.ctx.db.query(`insert into public.fz_items (id, body) values ($1, 'new')`, [1000 + i * 37]);
        const deadline = Date.now() + 15_000;
        while (got.length < 20 && Date.now() < deadline) await sleep(20);
      })();
      const times = await readsDuring(inserts);
      expect(got.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 1000 + i * 37));
      expect(median(times)).toBeLessThan(bound());
    } finally {
      await c.removeAllChannels();
      await c.realtime.disconnect();
    }
    await stillServing();
  }, 60_000);

  it('survives sockets that vanish mid-handshake, are destroyed, or stop reading, and frees their places', async () => {
    const { port } = new URL(backend.url);
    const handshake =
      `GET /realtime/v1/websocket?apikey=${backend.keys.anonKey}&vsn=1.0.0 HTTP/1.1\r\nHost: localhost\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';
    const raw = (write: string, then: (s: ReturnType<typeof connect>) => void) =>
      new Promise<void>((resolve) => {
        const s = connect(Number(port), '127.0.0.1', () => {
          s.write(write);
          then(s);
        });
        s.on('error', () => undefined);
        s.on('close', () => resolve());
      });
    for (let i = 0; i < 30; i++) {
      await Promise.all([
        raw(handshake, (s) => s.resetAndDestroy()), // reset while its key is checked
        raw(handshake.slice(0, 40), (s) => s.destroy()), // half a request
        raw(handshake, (s) => setImmediate(() => s.resetAndDestroy())),
      ]);
    }
    // Joined, tracked, then destroyed without a close frame.
    for (let i = 0; i < 30; i++) {
      const s = await socket(i % 2 ? '2.0.0' : '1.0.0');
      s.send({ topic: 'realtime:vanish', event: 'phx_join', payload: { config: { presence: { key: `v${i}` } } }, ref: '1', join_ref: '1' });
      s.send({ topic: 'realtime:vanish', event: 'presence', payload: { type: 'presence', event: 'track', payload: { i } }, ref: '2', join_ref: '1' });
      await s.reply('2');
      (s.ws as any)._socket.destroy();
    }
    // Sockets that never read while another broadcasts to them: dropped by the buffered-bytes
    // bound (the sender sees their presence leave).
    const stalled = await Promise.all([1, 2, 3].map(() => socket()));
    for (const s of stalled) {
      s.send({ topic: 'realtime:stall', event: 'phx_join', payload: { config: { presence: { key: '' } } }, ref: '1', join_ref: '1' });
      s.send({ topic: 'realtime:stall', event: 'presence', payload: { type: 'presence', event: 'track', payload: {} }, ref: '2', join_ref: '1' });
      await s.reply('2');
      (s.ws as any)._socket.pause();
    }
    const sender = await socket();
    sender.send({ topic: 'realtime:stall', event: 'phx_join', payload: {}, ref: '1', join_ref: '1' });
    await sender.reply('1');
    const leaves = () => sender.messages.filter((m) => m.event === 'presence_diff' && Object.keys(m.payload.leaves).length > 0).length;
    const chunk = 'x'.repeat(60_000);
    for (let second = 0; second < 30 && leaves() < 3; second++) {
      for (let i = 0; i < 60; i++) sender.send({ topic: 'realtime:stall', event: 'broadcast', payload: { type: 'broadcast', event: 'big', payload: { chunk } } });
      await sleep(1000);
    }
    expect(leaves()).toBe(3);
    stalled.forEach((s) => (s.ws as any)._socket.resume());
    await Promise.all(stalled.map((s) => s.closed));
    sender.ws.close();
    await sleep(300);
    // Every place was given back: the per-client cap admits as many sockets again.
    const again: Socket[] = [];
    for (let i = 0; i < CAP; i++) again.push(await socket());
    again.forEach((s) => s.ws.close());
    await stillServing();
  }, 90_000);
});
