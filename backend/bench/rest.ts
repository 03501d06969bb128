// REST benchmark (a script, not a test): `pnpm --filter backend bench`.
//
// Grid read - 16 rooms of one category with an exact count, as the discovery page asks:
//   GET /rest/v1/Rooms?select=*&filter=eq.<category>&offset=0&limit=16   Prefer: count=exact
// against our REST on PGlite, our REST on PostgreSQL, the official PostgREST 12 on the same
// PostgreSQL, and a bare node:http server answering the same bytes.
//
// Embedded read - a traveller's 16 payments with their rooms, as the trips page asks (one request,
// rooms embedded through Payments.room_id), signed in, so RLS applies to both tables:
//   GET /rest/v1/Payments?select=id,startDate,endDate,Guest,room:Rooms(*)&user_email=eq.<email>
// against our REST and PostgREST 12 on the same PostgreSQL. Then search_rooms latency over
// BENCH_ROOMS listings (default 100,000) on each database.
//
// Each server runs in its own process; the load generator (autocannon) runs here, against
// 127.0.0.1 for every target. The grid targets take turns for BENCH_ROUNDS rounds (the order
// reversed every other round) so a busy moment on a shared machine hits them all alike; the table
// gives each target's range over the rounds and the load average while measuring.
// Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3), BENCH_ROOMS (100000), BENCH_SEARCHES (100),
// BENCH_SEARCH_SECONDS (60: each target's searches stop there, the table says how many ran).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDb, postgresUnavailable, type ScratchDb } from '../test/support/postgres.ts';
import { freePort, startPostgrest, type PostgrestProcess } from '../test/support/postgrest.ts';
import { userToken } from '../test/support/tokens.ts';
import { children, cleanups, loadAverage, log, runBench, startBackend, waitFor, type Server } from './servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100);
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 60);
const CATEGORY = 'Beach'; // one of the seeded categories
const GRID = `/rest/v1/Rooms?select=*&filter=eq.${encodeURIComponent(CATEGORY)}&offset=0&limit=16`;
const TRAVELLER = { id: '33333333-3333-4333-8333-333333333333', email: 'bench-traveller@example.com' };
const TRIPS = `/rest/v1/Payments?select=id,startDate,endDate,Guest,room:Rooms(*)&user_email=eq.${TRAVELLER.email}`;

/** A node:http server answering every request with the given bytes: the floor for any Node server. */
async function startBare(body: string, contentRange: string): Promise<Server> {
  const port = await freePort();
  const source = `
    const body = Buffer.from(${JSON.stringify(body)});
    require('node:http').createServer((req, res) => {
      res.writeHead(206, { 'content-type': 'application/json; charset=utf-8', 'content-range': ${JSON.stringify(contentRange)}, 'content-length': body.length });
      res.end(body);
    }).listen(${port});`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/`, child, 30, () => '');
  return { url: `http://127.0.0.1:${port}`, anonKey: '', jwtSecret: '' };
}

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface GridTarget {
  target: string;
  url: string;
  headers: Record<string, string>;
  rows: Row[];
}

/** The grid's headers: the anon key (none for the bare server) and an exact count. */
function gridHeaders(anonKey: string): Record<string, string> {
  const headers: Record<string, string> = { prefer: 'count=exact', 'accept-profile': 'public' };
  if (anonKey) Object.assign(headers, { apikey: anonKey, authorization: `Bearer ${anonKey}` });
  return headers;
}

async function load({ target, url, headers }: GridTarget): Promise<Row> {
  // Warm up (plans, JIT, connections) before measuring.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, timeout: 10 });
  const errors = r.errors + r.timeouts + r.non2xx;
  log(`${target}: ${r.requests.average} req/s (load average ${loadAverage()})`);
  return { target, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors };
}

const SEARCH_TERMS = ['paris', 'london', 'tokyo', 'lisbon france', 'new york', 'cape town', 'kyoto japan', 'oslo', 'rome italy', 'beach house', 'mountain', 'xqzv', 'a', 'barcelona spain', 'berlin', 'sydney australia', 'mexico', 'istanbul', 'bali', 'reykjavik'];

function isoDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** search_rooms as the discovery page calls it (first page, with count), one request at a time. */
interface SearchRow {
  target: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
}

async function searchLatency(target: string, server: Server): Promise<SearchRow> {
  const all: number[] = [];
  const deadline = Date.now() + SEARCH_SECONDS * 1000;
  const headers = { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json', prefer: 'count=exact' };
  for (let i = 0; i < SEARCHES + 5 && Date.now() < deadline; i++) {
    const term = SEARCH_TERMS[i % SEARCH_TERMS.length]!;
    const body: Record<string, unknown> = { search_text: term };
    if (i % 3 === 1) Object.assign(body, { check_in: isoDay(30 + (i % 20)), check_out: isoDay(33 + (i % 20)) });
    if (i % 4 === 2) body.guests = 1 + (i % 6);
    const started = performance.now();
    try {
      const r = await fetch(`${server.url}${server.restPath ?? '/rest/v1'}/rpc/search_rooms?select=*&offset=0&limit=16`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
      });
      await r.arrayBuffer();
      if (r.status !== 200 && r.status !== 206) throw new Error(`search_rooms answered ${r.status}`);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      log(`search on ${target}: a search outlasted the ${SEARCH_SECONDS} s budget`);
      all.push(performance.now() - started);
      break;
    }
    all.push(performance.now() - started);
  }
  // The first five warm caches and plans, unless a slow target got no further.
  const times = (all.length > 5 ? all.slice(5) : all).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  const row = { target, n: times.length, p50: at(0.5), p95: at(0.95), max: times[times.length - 1] ?? NaN };
  log(`search on ${target}: ${row.n} searches, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
  return row;
}

async function main() {
  const grid: GridTarget[] = [];
  const searches: SearchRow[] = [];
  const notes: string[] = [];

  const pglite = await startBackend(undefined, ROOMS);
  const sample = await fetch(pglite.url + GRID, { headers: { apikey: pglite.anonKey, prefer: 'count=exact' } });
  const sampleBody = await sample.text();
  const sampleRange = sample.headers.get('content-range') ?? '0-15/*';
  const bare = await startBare(sampleBody, sampleRange);
  grid.push({ target: 'bare node:http (same bytes)', url: bare.url + '/', headers: gridHeaders(''), rows: [] });
  grid.push({ target: 'our REST on PGlite', url: pglite.url + GRID, headers: gridHeaders(pglite.anonKey), rows: [] });
  const embedded: GridTarget[] = [];

  const unavailable = await postgresUnavailable();
  let db: ScratchDb | undefined;
  let onPg: Server | undefined;
  let postgrest: PostgrestProcess | undefined;
  if (unavailable) {
    notes.push(`PostgreSQL rows skipped: ${unavailable}`);
  } else {
    db = await createScratchDb('hs_bench');
    cleanups.push(() => db!.drop());
    onPg = await startBackend(db.url, ROOMS);
    postgrest = await startPostgrest(db.url, onPg.jwtSecret);
    cleanups.push(() => postgrest!.stop());
    // The same work on both sides: the same page, count and JSON, byte for byte.
    const headers = { apikey: onPg.anonKey, authorization: `Bearer ${onPg.anonKey}`, prefer: 'count=exact' };
    const ours = await fetch(onPg.url + GRID, { headers });
    const theirs = await fetch(postgrest.url + GRID.replace('/rest/v1', ''), { headers });
    if ((await ours.text()) !== (await theirs.text()) || ours.headers.get('content-range') !== theirs.headers.get('content-range')) {
      notes.push('Our REST and PostgREST answered the grid read with different bodies or Content-Range.');
    }
    grid.push({ target: 'our REST on PostgreSQL', url: onPg.url + GRID, headers: gridHeaders(onPg.anonKey), rows: [] });
    grid.push({ target: 'PostgREST 12 on PostgreSQL', url: postgrest.url + GRID.replace('/rest/v1', ''), headers: gridHeaders(onPg.anonKey), rows: [] });

    await seedTraveller(db.url);
    const token = await userToken(onPg.jwtSecret, TRAVELLER.id, 24 * 3600, TRAVELLER.email);
    const tripHeaders = { apikey: onPg.anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'public' };
    const ourTrips = await fetch(onPg.url + TRIPS, { headers: tripHeaders });
    const theirTrips = await fetch(postgrest.url + TRIPS.replace('/rest/v1', ''), { headers: tripHeaders });
    const [ourBody, theirBody] = [await ourTrips.text(), await theirTrips.text()];
    if (ourTrips.status !== 200 || (JSON.parse(ourBody) as unknown[]).length !== 16) {
      throw new Error(`the embedded read answered ${ourTrips.status}: ${ourBody.slice(0, 200)}`);
    }
    if (ourBody !== theirBody) notes.push('Our REST and PostgREST answered the embedded read with different bodies.');
    embedded.push({ target: 'our REST on PostgreSQL', url: onPg.url + TRIPS, headers: tripHeaders, rows: [] });
    embedded.push({ target: 'PostgREST 12 on PostgreSQL', url: postgrest.url + TRIPS.replace('/rest/v1', ''), headers: tripHeaders, rows: [] });
  }

  const loads: string[] = [loadAverage()];
  const targets = [...grid, ...embedded];
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of round % 2 === 0 ? targets : [...targets].reverse()) t.rows.push(await load(t));
    loads.push(loadAverage());
  }

  searches.push(await searchLatency('our REST on PGlite', pglite));
  if (onPg && postgrest) {
    searches.push(await searchLatency('our REST on PostgreSQL', onPg));
    searches.push(await searchLatency('PostgREST 12 on PostgreSQL', { ...onPg, url: postgrest.url, restPath: '' }));
  }

  const range = (values: number[], digits = 0) => {
    const low = Math.min(...values).toFixed(digits);
    const high = Math.max(...values).toFixed(digits);
    return low === high ? low : `${low}-${high}`;
  };
  const bareRps = grid[0]!.rows.map((r) => r.rps);
  console.log(`\nGrid read: ${GRID}  (Prefer: count=exact; ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} rounds; ${ROOMS} rooms)`);
  console.log(`Load average (1 min) before and after each round: ${loads.join(', ')}\n`);
  console.log('| target | req/s | p50 ms | p99 ms | errors | vs bare (same round) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const t of grid) {
    const rows = t.rows;
    const vsBare = rows.map((r, i) => (100 * r.rps) / bareRps[i]!);
    const errors = rows.reduce((sum, r) => sum + r.errors, 0);
    console.log(`| ${t.target} | ${range(rows.map((r) => r.rps))} | ${range(rows.map((r) => r.p50))} | ${range(rows.map((r) => r.p99))} | ${errors} | ${range(vsBare, 1)}% |`);
  }
  if (embedded.length > 0) {
    console.log(`\nEmbedded read: ${TRIPS}  (signed in; ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} rounds)\n`);
    console.log('| target | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---:|---:|---:|---:|');
    for (const t of embedded) {
      const errors = t.rows.reduce((sum, r) => sum + r.errors, 0);
      console.log(`| ${t.target} | ${range(t.rows.map((r) => r.rps))} | ${range(t.rows.map((r) => r.p50))} | ${range(t.rows.map((r) => r.p99))} | ${errors} |`);
    }
  }
  console.log(`\nsearch_rooms (POST /rest/v1/rpc/search_rooms, first 16 with count, up to ${SEARCHES} sequential searches in ${SEARCH_SECONDS} s, over ${ROOMS} rooms)\n`);
  console.log('| target | searches | p50 ms | p95 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const s of searches) console.log(`| ${s.target} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`);
  for (const n of notes) console.log(`\n${n}`);
}

/** A traveller with 16 payments for rooms spread over the listings (the embedded read's rows). */
async function seedTraveller(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(
      `insert into auth.users (id, email, aud, role, created_at, updated_at) values ($1, $2, 'authenticated', 'authenticated', now(), now())`,
      [TRAVELLER.id, TRAVELLER.email],
    );
    await admin.query(
      `insert into public."Payments" (id, amount, user_email, user_id, room_id, "startDate", "endDate", "numOfDays", stripe_payment_intent_id, "Guest")
       select 'BENCH' || i || '-trip', 100 * i, $2, $1, (select min(id) from public."Rooms") + i * 997 % $3, current_date + i, current_date + i + 2, 2, 'pi_bench_' || i, 'Guest ' || i
       from generate_series(1, 16) as i`,
      [TRAVELLER.id, TRAVELLER.email, ROOMS],
    );
  } finally {
    await admin.end();
  }
}

runBench(main);
