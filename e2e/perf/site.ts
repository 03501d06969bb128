/**
 * The site the performance scripts measure: the production build served by scripts/serve.mjs
 * (compression, immutable hashed files) with the real backend. A site already running on
 * :3000 with its backend on :54321 is measured as it is; otherwise both are started here on a
 * temporary data folder and stopped by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/paths';

export const SITE = 'http://localhost:3000';
export const BACKEND = 'http://localhost:54321';

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

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function ensureSite(): Promise<{ stop: () => Promise<void> }> {
  if ((await answers(`${BACKEND}/health`)) && (await answers(`${SITE}/config.json`))) {
    return { stop: async () => undefined };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-perf-'));
  const backend: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'backend'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: '54321' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${BACKEND}/health`, 240_000);
  const { serveSite } = (await import(path.join(repoRoot, 'scripts/serve.mjs'))) as {
    serveSite: (env: NodeJS.ProcessEnv) => Promise<{ close: () => Promise<unknown> }>;
  };
  const site = await serveSite({ ...process.env, DATA_DIR: dataDir });
  return {
    stop: async () => {
      await site.close();
      backend.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function runtimeConfig(): Promise<RuntimeConfig> {
  return (await (await fetch(`${SITE}/config.json`)).json()) as RuntimeConfig;
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
