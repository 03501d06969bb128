/**
 * Load: autocannon against the served site and the backend, on loopback only. Each target
 * gets 50 connections for 60 s (one after another, never together); errors, non-2xx, p50,
 * p99 and req/s are printed. Targets (issue 8): 0 errors, p99 <= 200 ms.
 *
 *   cd e2e && npx tsx perf/load.ts                          # 50 connections x 60 s per target
 *   cd e2e && npx tsx perf/load.ts --duration 5 --connections 10 --only grid   # a small dose
 */
import autocannon from 'autocannon';
import { ensureSite, firstRoomId, option, runtimeConfig } from './site';

/** What the grid selects (discovery/src/features/grid/api.ts), as supabase-js sends it. */
const GRID_COLUMNS = encodeURIComponent('id,"house-title",city,country,price,images,house_rating,guest_favorite,filter');

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function targets(siteUrl: string): Promise<Target[]> {
  const config = await runtimeConfig(siteUrl);
  const room = Number(option('room', '0')) || (await firstRoomId(config));
  const rest = `${config.supabaseUrl}/rest/v1`;
  const auth = { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` };
  for (const url of [siteUrl, rest]) {
    const host = new URL(url).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') throw new Error(`load runs on loopback only, not ${host}`);
  }
  return [
    // The pages as the shell's server renders them (compressed; anonymous HTML is shared briefly).
    { name: 'site /home', url: `${siteUrl}/home`, headers: { 'Accept-Encoding': 'gzip' } },
    { name: `site /house/${room}`, url: `${siteUrl}/house/${room}`, headers: { 'Accept-Encoding': 'gzip' } },
    // The grid's first page as discovery reads it (call 5: the selected category, 16 rows by range).
    {
      name: 'grid read',
      url: `${rest}/Rooms?select=${GRID_COLUMNS}&filter=eq.${encodeURIComponent('Amazing pools')}&order=id.asc&offset=0&limit=16`,
      headers: { ...auth, 'Accept-Encoding': 'gzip' },
    },
    // One listing as the detail page reads it (single object).
    {
      name: 'detail read',
      url: `${rest}/Rooms?select=*&id=eq.${room}`,
      headers: { ...auth, Accept: 'application/vnd.pgrst.object+json', 'Accept-Encoding': 'gzip' },
    },
    // A search with dates and guests, as the search bar sends it (the grid's columns and page).
    {
      name: 'search rpc',
      url: `${rest}/rpc/search_rooms?select=${GRID_COLUMNS}&order=id.asc&offset=0&limit=16`,
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ search_text: 'Europe', check_in: '2027-03-01', check_out: '2027-03-05', guests: 2 }),
    },
  ];
}

async function run(target: Target, connections: number, duration: number) {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration,
    timeout: 10,
  });
  const failures = result.errors + result.timeouts + result.non2xx;
  console.log(
    [
      target.name.padEnd(14),
      `req/s ${Math.round(result.requests.average)}`.padEnd(12),
      `p50 ${result.latency.p50} ms`.padEnd(12),
      `p99 ${result.latency.p99} ms`.padEnd(13),
      `max ${result.latency.max} ms`.padEnd(13),
      `requests ${result.requests.total}`.padEnd(17),
      `errors ${result.errors} timeouts ${result.timeouts} non-2xx ${result.non2xx}`,
      failures === 0 && result.latency.p99 <= 200 ? 'ok' : 'MISSED (target 0 errors, p99 <= 200 ms)',
    ].join(' '),
  );
}

async function main() {
  const site = await ensureSite();
  try {
    const connections = Number(option('connections', '50'));
    const duration = Number(option('duration', '60'));
    const only = option('only', '');
    console.log(`autocannon ${connections} connections x ${duration} s per target, one target at a time`);
    for (const target of await targets(site.url)) {
      if (only && !target.name.includes(only)) continue;
      await run(target, connections, duration);
    }
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
