// What the benchmarks (scripts, not tests) share: our backend in its own process, seeded, and the
// clean-up of every process and folder they started.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/postgrest.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export const children: ChildProcess[] = [];
export const cleanups: Array<() => Promise<void> | void> = [];
export const log = (...args: unknown[]) => console.error('[bench]', ...args);
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ', 1)[0]!;
/** The `q` quantile (0..1) of some timings, nearest rank. */
export const quantile = (times: number[], q: number) => [...times].sort((a, b) => a - b)[Math.max(0, Math.ceil(times.length * q) - 1)]!;

export async function waitFor(url: string, child: ChildProcess, seconds: number, output: () => string): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`process exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${seconds} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface Server {
  url: string;
  anonKey: string;
  jwtSecret: string;
  /** Where the REST API is mounted ('' for PostgREST itself). */
  restPath?: string;
  /** The process serving it, when it is ours (its memory can be read from /proc). */
  pid?: number;
}

/**
 * Our backend in its own process, seeded with `rooms` listings; PGlite without a database URL.
 * `keptDataDir`: a data folder to use and keep (seeded on its first run only), instead of a new one.
 */
export async function startBackend(databaseUrl: string | undefined, rooms: number, keptDataDir?: string): Promise<Server> {
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'hs-bench-'));
  if (!keptDataDir) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED_ROOMS: String(rooms) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  await waitFor(`http://127.0.0.1:${port}/ready`, child, 1800, () => output);
  log(`backend on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} ready with ${rooms} rooms in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const keys = JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as { anonKey: string; jwtSecret: string };
  return { url: `http://127.0.0.1:${port}`, anonKey: keys.anonKey, jwtSecret: keys.jwtSecret, pid: child.pid };
}

async function shutdown() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r)))));
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log('cleanup failed:', (error as Error).message);
    }
  }
}

/** Runs a benchmark's main, then stops what it started (also on Ctrl-C); exit code 1 on failure. */
export function runBench(main: () => Promise<void>): void {
  process.once('SIGINT', () => void shutdown().then(() => process.exit(130)));
  main().then(
    () => shutdown(),
    async (error) => {
      console.error(error);
      await shutdown();
      process.exitCode = 1;
    },
  );
}
