/**
 * Starts what the suites need and stops it afterwards: the real backend on a fresh data
 * folder, and the built site (shell and remotes) as `npm start` serves it. What is already
 * running (npm start, or a developer's session) is used as it is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_ALLOWED_ORIGINS, repoRoot, SUITE_BACKEND_METRICS } from './paths';

const BACKEND_HEALTH = 'http://localhost:54321/ready';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(url: string, timeoutMs: number, process: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (process.exitCode !== null) throw new Error(`the backend exited (${process.exitCode}) before answering ${url}`);
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A PGlite cluster with the backend's migrations applied (backend/scripts/migrated-cluster.ts):
 * migrating a new cluster costs a backend's start about 20 s of CPU, so the suite's backend and
 * the tests' own (BackendProcess) start on copies of this one and only seed.
 */
function makeMigratedCluster(): Promise<string> {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-e2e-cluster-')), 'pglite');
  const child = spawn('pnpm', ['--filter', 'backend', 'exec', 'tsx', 'scripts/migrated-cluster.ts', dir], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(dir) : reject(new Error(`migrated-cluster.ts exited with ${code}`))));
  });
}

async function startBackend(cluster: string): Promise<{ dataDir: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-e2e-'));
  fs.cpSync(cluster, path.join(dataDir, 'pglite'), { recursive: true });
  const backend = spawn('pnpm', ['--filter', 'backend', 'start'], {
    cwd: repoRoot,
    // Every test signs up from this one address: the per-address sign-up limit is raised, and
    // bcrypt's work factor is its least (the suites sign up hundreds of users; what bcrypt's cost
    // does is the backend suites' matter). Tests also serve copies of the site on ports of their
    // own: any local port may call the backend.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '54321',
      // Not the default 9464: a site running on the machine may have it. Beside the API's fixed
      // port (the suites run one at a time, under the site's lock): vitals.spec.ts reads it.
      METRICS_PORT: String(new URL(SUITE_BACKEND_METRICS).port),
      AUTH_SIGN_UP_RATE_LIMIT: '10000',
      // Every page view of the suites reports its web vitals from this one address.
      VITALS_RATE_LIMIT: '100000',
      AUTH_BCRYPT_COST: '4',
      ALLOWED_ORIGINS: E2E_ALLOWED_ORIGINS,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitFor(BACKEND_HEALTH, 240_000, backend);
  process.env.E2E_BACKEND_METRICS_URL = SUITE_BACKEND_METRICS;
  return {
    dataDir,
    stop: () => {
      if (backend.pid) process.kill(-backend.pid, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  // The site's and the backend's JSON request lines would bury the suites' output.
  process.env.LOG_LEVEL ??= 'warn';
  const siteUp = await answers('http://localhost:3000/config.json');
  if (siteUp && (await answers(BACKEND_HEALTH))) return undefined;

  // A running backend keeps its own data folder (DATA_DIR, by default the repo's .data).
  const cluster = await makeMigratedCluster();
  process.env.E2E_PGLITE_CLUSTER = cluster;
  const backend = (await answers(BACKEND_HEALTH)) ? null : await startBackend(cluster);
  const dataDir = backend?.dataDir ?? path.resolve(repoRoot, process.env.DATA_DIR ?? '.data');
  process.env.DATA_DIR = dataDir;
  const { serveSite } = (await import(path.join(repoRoot, 'scripts/serve.mjs'))) as {
    serveSite: (env: NodeJS.ProcessEnv) => Promise<{ close: () => Promise<unknown> }>;
  };
  const site = siteUp ? null : await serveSite({ ...process.env, DATA_DIR: dataDir });
  return async () => {
    await site?.close();
    backend?.stop();
    fs.rmSync(path.dirname(cluster), { recursive: true, force: true });
  };
}
