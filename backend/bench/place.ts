// Place and box search benchmark (a script, not a test): `pnpm --filter backend bench:place`.
//
// Our backend on PGlite and on PostgreSQL, each seeded with BENCH_ROOMS listings (default
// 100,000). First the figures of issue 31: for Paris, Palermo, Tokyo, Lisbon, Europe and a
// nonsense word, the count and the first eight homes with their great-circle distance from the
// place resolve_place answers (none before it existed). Then search_rooms' latency as the
// discovery page asks (first page of 16 with an exact count, one request at a time): place
// searches (cities, countries, with dates or guests now and then) and map boxes of several sizes,
// BENCH_SEARCHES of each (default 200), with p50/p95 and the load average while measuring.
// Env: BENCH_ROOMS (100000), BENCH_SEARCHES (200), BENCH_DB (both | pglite | postgres),
// BENCH_FIGURES_ONLY (1: no timings), MIGRATIONS_DIR (another schema, e.g. main's, for "before"),
// BENCH_PGLITE_DIR (a PGlite data folder to seed once and keep: 100,000 homes and their 18.5 million
// reviews take about 15 minutes to seed there, 6 on PostgreSQL).
import { kilometresBetween } from '../../shared/src/rules/distance.ts';
import { createScratchDb, postgresUnavailable } from '../test/support/postgres.ts';
import { cleanups, loadAverage, log, quantile, runBench, startBackend, type Server } from './servers.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const DB = process.env.BENCH_DB ?? 'both';
const FIGURES_ONLY = process.env.BENCH_FIGURES_ONLY === '1';
const FIGURE_SEARCHES = ['Paris', 'Palermo', 'Tokyo', 'Lisbon', 'Europe', 'Xyzzyquorp'];
const PLACES = ['Paris', 'Palermo', 'Tokyo', 'Lisbon', 'New York City', 'Sydney', 'Kyoto', 'Barcelona', 'Italy', 'Japan', 'Cape Town', 'Denver'];
// west, south, east, north: a city, a region, a continent, and one across the antimeridian
const BOXES: Array<[number, number, number, number]> = [
  [2.2, 48.8, 2.5, 48.95],
  [-10, 35, 30, 60],
  [-130, 20, -60, 55],
  [170, -50, -170, -10],
];

interface Row {
  id: number;
  city: string;
  country: string;
  lat: number | null;
  lng: number | null;
}

async function rpc(server: Server, name: string, body: object, query = '', prefer?: string) {
  return fetch(`${server.url}/rest/v1/rpc/${name}${query}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${server.anonKey}`,
      'content-type': 'application/json',
      ...(prefer ? { prefer } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function figures(target: string, server: Server) {
  console.log(`\n${target}:`);
  for (const text of FIGURE_SEARCHES) {
    const placeResponse = await rpc(server, 'resolve_place', { search_text: text });
    const place = placeResponse.ok ? ((await placeResponse.json()) as Array<{ name: string; kind: string; lat: number | null; lng: number | null }>)[0] : undefined;
    const r = await rpc(server, 'search_rooms', { search_text: text }, '?select=id,city,country,lat,lng&offset=0&limit=8', 'count=exact');
    const rows = (await r.json()) as Row[];
    const count = r.headers.get('content-range')?.split('/')[1];
    const from = place?.lat != null && place.lng != null ? { lat: place.lat, lng: place.lng } : null;
    const where = place ? `${place.kind} ${place.name}` : placeResponse.ok ? 'nothing resolves' : 'no resolve_place';
    console.log(`  ${text} (${where}): ${count} homes`);
    for (const row of rows) {
      const km = from && row.lat != null && row.lng != null ? ` ${Math.round(kilometresBetween(from, { lat: row.lat, lng: row.lng }))} km` : '';
      console.log(`    ${row.id} ${row.city}, ${row.country}${km}`);
    }
  }
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function latency(server: Server, bodies: Array<Record<string, unknown>>) {
  const times: number[] = [];
  for (let i = 0; i < bodies.length + 5; i++) {
    const body = bodies[i % bodies.length]!;
    const started = performance.now();
    const r = await rpc(server, 'search_rooms', body, '?select=*&offset=0&limit=16', 'count=exact');
    await r.arrayBuffer();
    if (r.status !== 200 && r.status !== 206) throw new Error(`search_rooms answered ${r.status} for ${JSON.stringify(body)}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  return { n: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: Math.max(...times) };
}

function searchBodies(kind: 'place' | 'box') {
  return Array.from({ length: SEARCHES }, (_, i) => {
    const body: Record<string, unknown> =
      kind === 'place'
        ? { search_text: PLACES[i % PLACES.length] }
        : (([box_west, box_south, box_east, box_north]) => ({ search_text: '', box_west, box_south, box_east, box_north }))(BOXES[i % BOXES.length]!);
    if (i % 3 === 1) Object.assign(body, { check_in: isoDay(30 + (i % 20)), check_out: isoDay(33 + (i % 20)) });
    if (i % 4 === 2) body.guests = 1 + (i % 6);
    return body;
  });
}

async function measure(target: string, server: Server) {
  for (const kind of ['place', 'box'] as const) {
    const loadBefore = loadAverage();
    const row = await latency(server, searchBodies(kind));
    console.log(
      `${target.padEnd(11)} ${kind.padEnd(6)} n ${row.n}  p50 ${row.p50.toFixed(1)} ms  p95 ${row.p95.toFixed(1)} ms  max ${row.max.toFixed(1)} ms  load ${loadBefore} -> ${loadAverage()}`,
    );
  }
}

async function main() {
  const targets: Array<[string, () => Promise<Server>]> = [];
  if (DB !== 'postgres') targets.push(['PGlite', () => startBackend(undefined, ROOMS, process.env.BENCH_PGLITE_DIR)]);
  if (DB !== 'pglite') {
    const reason = await postgresUnavailable();
    if (reason) log(`PostgreSQL skipped: ${reason}`);
    else
      targets.push([
        'PostgreSQL',
        async () => {
          const db = await createScratchDb('hs_bench_place');
          cleanups.push(() => db.drop());
          return startBackend(db.url, ROOMS);
        },
      ]);
  }
  for (const [target, start] of targets) {
    const server = await start();
    await figures(`${target}, ${ROOMS.toLocaleString('en-US')} rooms`, server);
    if (!FIGURES_ONLY) await measure(target, server);
  }
}

runBench(main);
