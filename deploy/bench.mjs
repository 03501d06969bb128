/**
 * Throughput and latency of /home and /house/1 through nginx with 1-3 shell servers and 1-3
 * backends on PostgreSQL (the built site; `pnpm build` first):
 *
 *   DATABASE_URL=postgres://... node deploy/bench.mjs
 *
 * Each combination gets a fresh set of processes on the same database (seeded on the first start,
 * SEED_ROOMS listings, 1000 by default), then BENCH_SECONDS (10) of 50 connections per page
 * (BENCH_CONNECTIONS). BENCH_SETS picks combinations ("webs x backends", comma-separated). Prints a
 * Markdown table with the machine's load average, which the figures depend on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDeployment } from './run.mjs';
import { freeBase, load, scratchDatabase } from './load.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sets = (process.env.BENCH_SETS ?? '1x1,2x1,3x1,1x2,1x3,2x2,3x3').split(',').map((set) => set.split('x').map(Number));
const scratch = process.env.DATABASE_URL ? null : scratchDatabase('hs_bench');
const databaseUrl = process.env.DATABASE_URL ?? scratch.url;

console.log(`| shell servers | backends | page | requests/s | p50 ms | p99 ms | failed | load average (1 min) |`);
console.log(`|---|---|---|---|---|---|---|---|`);
try {
  for (const [webs, backends] of sets) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-bench-'));
    const base = await freeBase();
    const deployment = await startDeployment({ port: base, basePort: base, webs, backends, databaseUrl, dataDir, env: { ...process.env, LOG_LEVEL: 'warn' } });
    try {
      for (const page of ['/home', '/house/1']) {
        // A short warm-up: the first renders load the remotes' code.
        await load({ url: deployment.url, paths: [page], connections: 4, seconds: 2 });
        const result = await load({ url: deployment.url, paths: [page], connections, seconds });
        const failed = result.errors + result.timeouts + result.non2xx;
        console.log(`| ${webs} | ${backends} | ${page} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${failed} | ${os.loadavg()[0].toFixed(1)} |`);
      }
    } finally {
      await deployment.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  scratch?.drop();
}
