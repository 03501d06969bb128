// Regex benchmark (a script, not a test): `pnpm --filter backend bench:regex`.
//
// Another client's grid read (16 rooms of one category with an exact count, as the discovery page
// asks) while 12 clients loop hostile match / imatch requests: the patterns that froze PGlite
// (issue 27), refused at once, and the costliest patterns still accepted (rest/regex.ts: at the
// caps), which run; and, for comparison, while they loop a plain full-scan ilike. Our backend on PGlite and on PostgreSQL, each in its own process, seeded with
// BENCH_ROOMS listings (default 1,000, the app's). Prints each target's grid p50 / p99 and /health
// p99, quiet and under attack, the attackers' answers by status, and the load average.
// Env: BENCH_ROOMS (1000), BENCH_READS (200: grid reads per phase).
import { createScratchDb, postgresUnavailable } from '../test/support/postgres.ts';
import { cleanups, loadAverage, log, quantile, runBench, startBackend, type Server } from './servers.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 1000);
const READS = Number(process.env.BENCH_READS ?? 200);
const ATTACKERS = 12;
const GRID = '/rest/v1/Rooms?select=*&filter=eq.Beach&offset=0&limit=16';

const match = (pattern: string, op = 'match') => `/rest/v1/Rooms?select=id&house_description=${op}.${encodeURIComponent(pattern)}`;
const HOSTILE = [
  // Refused: these froze PGlite for minutes or held PostgreSQL to its statement timeout.
  match('((.{1,50}){1,50}){1,50}q'),
  match('(.*.*.*.*.*.*.*.*.*.*){1,20}z'),
  match(`${'.*'.repeat(40)}z`),
  match('[[:alpha:]]{1,200}z', 'imatch'),
  // Accepted, at the caps: they run over every room's description.
  match('.{0,99}z'),
  match('\\w{0,99}z', 'imatch'),
  match(`${'.{0,6}'.repeat(16)}z`),
  match(`${'[[:alpha:]]*'.repeat(16)}z`),
];

/** For comparison: a full scan any rule accepts, a substring search over every description. */
const PLAIN = ['/rest/v1/Rooms?select=id&house_description=ilike.*zzz*'];

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function phase(server: Server, attack: string[]): Promise<string> {
  const headers = { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, prefer: 'count=exact' };
  const statuses = new Map<number, number>();
  let running = attack.length > 0;
  const attackers = Array.from({ length: attack.length > 0 ? ATTACKERS : 0 }, async (_, i) => {
    for (let n = i; running; n += ATTACKERS) {
      const response = await fetch(server.url + attack[n % attack.length]!, { headers });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  });
  const grid: number[] = [];
  const health: number[] = [];
  const load = [loadAverage()];
  for (let i = 0; i < READS; i += 1) {
    grid.push(await timed(server.url + GRID, headers));
    if (i % 4 === 0) health.push(await timed(`${server.url}/health`, {}));
  }
  running = false;
  await Promise.all(attackers);
  load.push(loadAverage());
  const answers = attack.length > 0 ? ` | ${[...statuses].sort().map(([s, n]) => `${n}x${s}`).join(' ')}` : ' | -';
  return `| ${quantile(grid, 0.5).toFixed(1)} | ${quantile(grid, 0.99).toFixed(1)} | ${quantile(health, 0.99).toFixed(1)}${answers} | ${load.join(' -> ')} |`;
}

async function main() {
  const rows: string[] = [];
  const targets: Array<[string, Server]> = [['PGlite', await startBackend(undefined, ROOMS)]];
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    log(`PostgreSQL skipped: ${unavailable}`);
  } else {
    const db = await createScratchDb('hs_bench_regex');
    cleanups.push(() => db.drop());
    targets.push(['PostgreSQL', await startBackend(db.url, ROOMS)]);
  }
  for (const [name, server] of targets) {
    await timed(server.url + GRID, { apikey: server.anonKey }); // warm up
    rows.push(`| ${name} | quiet ${await phase(server, [])}`);
    rows.push(`| ${name} | ${ATTACKERS} hostile regex loops ${await phase(server, HOSTILE)}`);
    rows.push(`| ${name} | ${ATTACKERS} plain ilike.*zzz* loops ${await phase(server, PLAIN)}`);
  }
  console.log(`\nGrid read (${READS} reads, ${ROOMS} rooms) by another client; 12 clients loop ${HOSTILE.length} hostile patterns.\n`);
  console.log('| database | while | grid p50 ms | grid p99 ms | /health p99 ms | hostile answers | load average |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

runBench(main);
