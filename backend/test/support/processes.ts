// Backend processes for the suites that need more than one (`tsx src/main.ts`, as `pnpm --filter
// backend start` runs it), and the Redis they may share.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { Env } from '../../src/config.ts';
import type { Keys } from '../../src/context.ts';

const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const redisSkipReason = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.quit();
    return undefined;
  } catch (error) {
    probe.disconnect();
    return `Redis at ${REDIS_URL} unreachable: ${(error as Error).message}`;
  }
})();
if (redisSkipReason) console.warn(`[backend tests] Redis half skipped: ${redisSkipReason}`);

export interface BackendProcess {
  url: string;
  keys: Keys;
  stop(): Promise<void>;
}

/** `tsx src/main.ts` with `env`, as its own process on a data folder of its own; resolves once it listens. */
export async function spawnBackend(env: Env): Promise<BackendProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-backend-process-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: BACKEND_DIR,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SEED_ROOMS: '0', AUTH_BCRYPT_COST: '4', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`backend process exited before listening:\n${output}`)));
  });
  const keys = JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as Keys;
  return {
    url,
    keys,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
