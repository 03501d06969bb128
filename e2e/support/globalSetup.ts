/**
 * Starts what the suites need and stops it afterwards: the real backend on a fresh data
 * folder, and the built site (shell and remotes) as `npm start` serves it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  // A site already running (npm start, or a developer's session) is used as it is.
  if ((await answers('http://localhost:54321/health')) && (await answers('http://localhost:3000/config.json'))) {
    return undefined;
  }
  const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-e2e-'));
  process.env.DATA_DIR = dataDir;
  const backend: ChildProcess = spawn('pnpm', ['--filter', 'backend', 'start'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '54321' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitFor('http://localhost:54321/health', 240_000);
  const { serveSite } = (await import(path.join(repoRoot, 'scripts/serve.mjs'))) as {
    serveSite: (env: NodeJS.ProcessEnv) => Promise<{ close: () => Promise<unknown> }>;
  };
  const site = await serveSite({ ...process.env, DATA_DIR: dataDir });
  return async () => {
    await site.close();
    if (backend.pid) process.kill(-backend.pid, 'SIGTERM');
    if (!process.env.E2E_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
