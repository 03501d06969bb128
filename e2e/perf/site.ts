/**
 * The site the performance scripts measure: the production build served by scripts/serve.mjs
 * (compression, immutable hashed files) with the real backend. A site already running on
 * :3000 with its backend on :54321 is measured as it is; otherwise, or with --fresh, a backend
 * of the current code on a temporary data folder and the site are started here (with --fresh on
 * ports of their own: site :3500-3504, backend :54500) and stopped by `stop()`.
 * `npx tsx perf/site.ts --fresh` starts that fresh site and holds it (Ctrl-C stops it), so
 * several scripts run with --fresh measure the same one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/paths';
import { APPS } from '../../scripts/site.mjs';

export interface Site {
  /** The shell's origin, e.g. http://localhost:3000. */
  url: string;
  /** The app served on a port, by port. */
  appByPort: Record<string, string>;
  stop: () => Promise<void>;
}

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}


async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const portsFrom = (first: number) => Object.fromEntries(APPS.map((app, index) => [String(first + index), app]));

export async function ensureSite(): Promise<Site> {
  const fresh = process.argv.includes('--fresh');
  if (!fresh && (await answers('http://localhost:54321/ready')) && (await answers('http://localhost:3000/config.json'))) {
    return { url: 'http://localhost:3000', appByPort: portsFrom(3000), stop: async () => undefined };
  }
  const [sitePort, backendPort] = fresh ? [3500, 54500] : [3000, 54321];
  // A fresh site held by `npx tsx perf/site.ts --fresh` is shared by the scripts run meanwhile.
  if (fresh && (await answers(`http://localhost:${backendPort}/ready`)) && (await answers(`http://localhost:${sitePort}/config.json`))) {
    return { url: `http://localhost:${sitePort}`, appByPort: portsFrom(sitePort), stop: async () => undefined };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-perf-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(backendPort),
    METRICS_PORT: '0',
    BACKEND_PORT: String(backendPort),
    ...Object.fromEntries(APPS.map((app, index) => [`${app.toUpperCase()}_PORT`, String(sitePort + index)])),
  };
  const backend: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'backend'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Ready once seeded: the backend writes public-config.json last.
  await waitFor(() => fs.existsSync(path.join(dataDir, 'public-config.json')), 'the backend', 300_000);
  const { serveSite } = (await import(path.join(repoRoot, 'scripts/serve.mjs'))) as {
    serveSite: (env: NodeJS.ProcessEnv) => Promise<{ close: () => Promise<unknown> }>;
  };
  const site = await serveSite(env);
  return {
    url: `http://localhost:${sitePort}`,
    appByPort: portsFrom(sitePort),
    stop: async () => {
      await site.close();
      backend.kill('SIGTERM');
      await new Promise((resolve) => backend.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function runtimeConfig(siteUrl: string): Promise<RuntimeConfig> {
  return (await (await fetch(`${siteUrl}/config.json`)).json()) as RuntimeConfig;
}

/** The first room of the catalogue, for the detail and booking pages. */
export async function firstRoomId(config: RuntimeConfig): Promise<number> {
  const response = await fetch(`${config.supabaseUrl}/rest/v1/Rooms?select=id&order=id.asc&limit=1`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
  });
  const rows = (await response.json()) as Array<{ id: number }>;
  if (!rows[0]) throw new Error('the backend has no rooms');
  return rows[0].id;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "median (min-max)" with a fixed number of decimals. */
export function summary(values: number[], decimals = 0): string {
  if (!values.length) return 'n/a';
  const f = (n: number) => n.toFixed(decimals);
  return `${f(median(values))} (${f(Math.min(...values))}-${f(Math.max(...values))})`;
}

/** --name value from the command line. */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = await ensureSite();
  console.log(`site ${site.url} (Ctrl-C stops it)`);
  const stop = () => void site.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
