// Realtime benchmark (a script, not a test): `pnpm --filter backend bench:realtime`.
//
// Fan-out: BENCH_CLIENTS (200) supabase-js clients, each on its own socket, subscribe to
// postgres_changes of one table (RLS on, a policy letting anon read); BENCH_INSERTS (20) inserts
// one at a time, each timed from the insert until the last client has it. Prints the p50/p99 of
// that time and of every single delivery, and the server process's memory before and after the
// clients joined. Then one socket pushes broadcasts as fast as it can for 3 s: how many per second
// the server accepts before its limit (REALTIME_MAX_MESSAGES_PER_SECOND) refuses the rest.
// Filtered: one signed-up user subscribes 1,000 distinct filters (10 channels of 100, the
// per-user cap) and BENCH_FILTERED_INSERTS (20) rows matching one of them each are inserted one
// at a time, while another client reads REST in a loop: its p50/p99 then, against a baseline of
// the same reads with nothing inserted (each change's filters are one statement: issue 40 had
// one query per subscription, 7.25 s of held reads per insert at 50,000 of them).
// On PGlite, and on PostgreSQL when one is reachable (TEST_DATABASE_URL or the local server).
// The server runs in a child process (this file with --serve), so its memory is its own.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createBackend } from '../src/main.ts';
import { createScratchDb, postgresUnavailable } from '../test/support/postgres.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 20);
const FILTERED_INSERTS = Number(process.env.BENCH_FILTERED_INSERTS ?? 20);
const FILTERS = 1000;
const TABLE_SQL = `
  create table public.bench_events (id bigint generated always as identity primary key, body text not null, n int not null default 0);
  alter table public.bench_events enable row level security;
  create policy bench_read on public.bench_events for select to anon, authenticated using (true);
  grant select on public.bench_events to anon, authenticated;
  alter publication supabase_realtime add table public.bench_events;`;

interface Served {
  url: string;
  anonKey: string;
}

function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
    if (message) child.send(message);
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function fanOut(label: string, databaseUrl: string | undefined): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', databaseUrl ?? ''], { execArgv: ['--import', 'tsx'] });
  const served = await ask<Served>(child, '', 'url');
  const { rss: before } = await ask<{ rss: number }>(child, 'memory', 'rss');
  const clients: SupabaseClient[] = [];
  const arrivals: number[][] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => {
      const c = createClient(served.url, served.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
      clients.push(c);
      return new Promise<void>((resolve, reject) => {
        c.channel(`bench-${i}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_events' }, (p) => (arrivals[Number(p.new.id)] ??= []).push(Date.now()))
          .subscribe((status, err) => (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED ? resolve() : status !== REALTIME_SUBSCRIBE_STATES.CLOSED && reject(err ?? new Error(status))));
      });
    }),
  );
  const { rss: after } = await ask<{ rss: number }>(child, 'memory', 'rss');
  const lasts: number[] = [];
  const each: number[] = [];
  for (let id = 1; id <= INSERTS; id++) {
    const start = Date.now();
    await ask(child, 'insert', 'inserted');
    while ((arrivals[id]?.length ?? 0) < CLIENTS) {
      if (Date.now() - start > 30_000) throw new Error(`insert ${id}: ${arrivals[id]?.length ?? 0} of ${CLIENTS} clients got it`);
      await new Promise((r) => setTimeout(r, 2));
    }
    lasts.push(Math.max(...arrivals[id]!) - start);
    each.push(...arrivals[id]!.map((t) => t - start));
  }
  console.log(
    `${label}: ${CLIENTS} clients, ${INSERTS} inserts - until the last client: p50 ${quantile(lasts, 0.5)} ms, p99 ${quantile(lasts, 0.99)} ms;` +
      ` each delivery: p50 ${quantile(each, 0.5)} ms, p99 ${quantile(each, 0.99)} ms; server memory ${mib(before)} -> ${mib(after)} with the clients joined`,
  );
  await Promise.all(clients.map((c) => c.removeAllChannels().then(() => c.realtime.disconnect())));
  await pushRate(label, served);
  await filtered(label, served, child);
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}

/** One socket sending heartbeats-sized broadcasts as fast as it can: accepted and refused per second. */
async function pushRate(label: string, served: Served): Promise<void> {
  const ws = new WebSocket(`${served.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${served.anonKey}&vsn=1.0.0`);
  await new Promise((r) => ws.once('open', r));
  const topic = 'realtime:rate';
  ws.send(JSON.stringify({ topic, event: 'phx_join', payload: { config: { broadcast: { ack: true } } }, ref: 'j', join_ref: 'j' }));
  let ok = 0;
  let refused = 0;
  ws.on('message', (d: Buffer) => {
    const m = JSON.parse(d.toString()) as { ref: string; payload: { status: string } };
    if (m.ref === 'j') return;
    if (m.payload.status === 'ok') ok++;
    else refused++;
  });
  const seconds = 3;
  const end = Date.now() + seconds * 1000;
  let sent = 0;
  while (Date.now() < end) {
    for (let i = 0; i < 50; i++) ws.send(JSON.stringify({ topic, event: 'broadcast', payload: { type: 'broadcast', event: 'e', payload: { i } }, ref: String(sent++), join_ref: 'j' }));
    await new Promise((r) => setImmediate(r));
  }
  await new Promise((r) => setTimeout(r, 500));
  ws.close();
  console.log(`${label}: one socket sent ${(sent / seconds).toFixed(0)} messages/s; accepted ${(ok / seconds).toFixed(0)}/s, refused ${(refused / seconds).toFixed(0)}/s`);
}

/** Another client's REST read of the table, in milliseconds. */
async function restRead(served: Served): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${served.url}/rest/v1/bench_events?select=id,body&order=id.desc&limit=20`, {
    headers: { apikey: served.anonKey, authorization: `Bearer ${served.anonKey}` },
  });
  if (res.status !== 200) throw new Error(`REST read answered ${res.status}`);
  await res.text();
  return performance.now() - start;
}

/** REST reads one after another until `done()`; their times. */
async function readsUntil(served: Served, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) times.push(await restRead(served));
  return times;
}

/** One user's 1,000 filtered subscriptions, inserts matching them, and another client's REST reads meanwhile. */
async function filtered(label: string, served: Served, child: ChildProcess): Promise<void> {
  const c = createClient(served.url, served.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  const { data, error } = await c.auth.signUp({ email: `bench-${Date.now()}@example.com`, password: 'correct-horse-battery' });
  if (error || !data.session) throw error ?? new Error('no session');
  await c.realtime.setAuth(data.session.access_token);
  const arrived = new Map<number, number>();
  await Promise.all(
    Array.from({ length: FILTERS / 100 }, (_, ch) => {
      const channel = c.channel(`filtered-${ch}`);
      for (let f = 1; f <= 100; f++) {
        channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_events', filter: `n=eq.${ch * 100 + f}` }, (p) => arrived.set(p.new.n, Date.now()));
      }
      return new Promise<void>((resolve, reject) =>
        channel.subscribe((status, err) => (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED ? resolve() : status !== REALTIME_SUBSCRIBE_STATES.CLOSED && reject(err ?? new Error(status)))),
      );
    }),
  );
  const started = Date.now();
  const baseline = await readsUntil(served, () => Date.now() - started > 3000);
  let done = false;
  const during = readsUntil(served, () => done);
  const deliveries: number[] = [];
  for (let i = 0; i < FILTERED_INSERTS; i++) {
    const n = 1 + Math.floor((i * FILTERS) / FILTERED_INSERTS) + (i % 7);
    const start = Date.now();
    await ask(child, `insert:${n}`, 'inserted');
    while (!arrived.has(n)) {
      if (Date.now() - start > 30_000) throw new Error(`insert ${n} never arrived`);
      await new Promise((r) => setTimeout(r, 2));
    }
    deliveries.push(arrived.get(n)! - start);
  }
  done = true;
  const reads = await during;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label}: one user's ${FILTERS} filtered subscriptions, ${FILTERED_INSERTS} inserts - delivery p50 ${quantile(deliveries, 0.5)} ms, p99 ${quantile(deliveries, 0.99)} ms;` +
      ` another client's REST read p50 ${ms(quantile(reads, 0.5))}, p99 ${ms(quantile(reads, 0.99))} (${reads.length} reads)` +
      ` against p50 ${ms(quantile(baseline, 0.5))}, p99 ${ms(quantile(baseline, 0.99))} with nothing inserted`,
  );
  await c.removeAllChannels();
  await c.realtime.disconnect();
}

async function main(): Promise<void> {
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await fanOut('PGlite', undefined);
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    console.log(`PostgreSQL skipped: ${unavailable}`);
  } else {
    const scratch = await createScratchDb('hs_bench_rt');
    try {
      await fanOut('PostgreSQL', scratch.url);
    } finally {
      await scratch.drop();
    }
  }
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-bench-rt-'));
  const backend = await createBackend({
    dataDir,
    port: 0,
    databaseUrl: process.argv[3] || undefined,
    quiet: true,
    env: { SEED_ROOMS: '0', REALTIME_MAX_CONNECTIONS_PER_CLIENT: String(CLIENTS + 10) },
  });
  await backend.ctx.db.exec(TABLE_SQL);
  await backend.ctx.reloadSchema(); // the filtered part reads the table through REST
  const end = () => void backend.stop().then(() => (rmSync(dataDir, { recursive: true, force: true }), process.exit(0)));
  process.on('message', (m) => {
    if (m === 'memory') process.send!({ rss: process.memoryUsage().rss });
    if (m === 'insert') {
      backend.ctx.db.query(`insert into public.bench_events (body) values ('x')`).then(() => process.send!({ inserted: Date.now() }), console.error);
    }
    if (typeof m === 'string' && m.startsWith('insert:')) {
      backend.ctx.db.query(`insert into public.bench_events (body, n) values ('x', $1)`, [Number(m.slice(7))]).then(() => process.send!({ inserted: Date.now() }), console.error);
    }
    if (m === 'stop') end();
  });
  process.send!({ url: backend.url, anonKey: backend.keys.anonKey } satisfies Served);
  // Ends with the benchmark that forked it, whatever becomes of that one.
  process.on('disconnect', end);
}

if (process.argv[2] === '--serve') await serve();
else await main();
