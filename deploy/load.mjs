/**
 * Load on a running deployment with autocannon, and a scratch PostgreSQL database for one: what
 * the deployment test and the bench share.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function psql(sql) {
  const result = spawnSync('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-q', '-d', ADMIN_URL, '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.error?.message ?? result.stderr}`);
}

/** A new, empty database on the server of ADMIN_URL; drop() removes it. */
export function scratchDatabase(prefix) {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  psql(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`drop database if exists "${name}" with (force)`) };
}

const free = (port) =>
  new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A base port with the 50 after it free (below 32768: the kernel's own ports start there). */
export async function freeBase() {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 400) * 30;
    // nginx, the processes (+1..+21) and their metrics ports (+9, +30.., +40..).
    const ports = Array.from({ length: 50 }, (_, i) => base + i);
    if ((await Promise.all(ports.map(free))).every(Boolean)) return base;
  }
}

/** The anon key the deployment's backends made (the REST reads need it). */
export const anonKey = (dataDir) => JSON.parse(fs.readFileSync(path.join(dataDir, 'public-config.json'), 'utf8')).supabaseAnonKey;

/**
 * autocannon on `paths` (each connection cycles through them) until `until` resolves, or for
 * `seconds`. Resolves to its result: requests, errors, timeouts, non2xx, latency percentiles.
 */
export function load({ url, paths, headers = {}, connections = 50, seconds, until }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds ?? 3600,
        headers,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (until) void until.finally(() => instance.stop());
  });
}

/** One line of figures for a result. */
export function summary(result) {
  const failed = result.errors + result.timeouts + result.non2xx;
  return `${result.requests.total} requests, ${result.requests.average.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, failed ${failed} (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; statuses ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])))})`;
}
