/**
 * A backend process of a test's own (port, data folder or PostgreSQL database, keys), for the
 * tests that restart, kill or duplicate the backend. It is the real backend/src/main.ts in its
 * own Node process, so SIGKILL is a real crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_ALLOWED_ORIGINS, repoRoot } from './paths';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JWT, as the backend signs its anon and service_role keys. */
export function signJwt(secret: string, claims: Record<string, unknown>): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** A fresh secret with its anon and service_role keys. */
export function makeKeys(): Keys {
  const jwtSecret = crypto.randomBytes(32).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const key = (role: string) => signJwt(jwtSecret, { iss: 'supabase', role, iat, exp: iat + 3600 * 24 });
  return { jwtSecret, anonKey: key('anon'), serviceRoleKey: key('service_role') };
}

export interface BackendOptions {
  /**
   * Fixed for the test's life (a restart comes back on it). Pick one below 32768: Linux hands out
   * 32768-60999 as the local ports of outgoing connections, and one of those can hold the port.
   */
  port: number;
  keys?: Keys;
  /** Kept across restarts; a temporary folder when absent (removed by `remove()`). */
  dataDir?: string;
  databaseUrl?: string;
}

export class BackendProcess {
  readonly url: string;
  readonly keys: Keys;
  readonly dataDir: string;
  private child: ChildProcess | null = null;
  private log = '';

  constructor(private readonly options: BackendOptions) {
    this.url = `http://localhost:${options.port}`;
    this.keys = options.keys ?? makeKeys();
    this.dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'homestory-backend-'));
    // A new data folder on PGlite starts from the suite's migrated cluster (globalSetup.ts), when
    // the suite made one: the backend applies no migration and only seeds.
    const cluster = process.env.E2E_PGLITE_CLUSTER;
    if (!options.dataDir && !options.databaseUrl && cluster) fs.cpSync(cluster, path.join(this.dataDir, 'pglite'), { recursive: true });
  }

  async start(timeoutMs = 180_000): Promise<this> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.options.port),
      // Several run at once, beside the suite's own backend: each its metrics on a free port.
      METRICS_PORT: '0',
      DATA_DIR: this.dataDir,
      JWT_SECRET: this.keys.jwtSecret,
      ANON_KEY: this.keys.anonKey,
      SERVICE_ROLE_KEY: this.keys.serviceRoleKey,
      PUBLIC_URL: this.url,
      ALLOWED_ORIGINS: E2E_ALLOWED_ORIGINS,
      // A small catalogue: these backends are for failure and security cases, not for browsing.
      SEED_ROOMS: process.env.SEED_ROOMS ?? '40',
    };
    delete env.DATABASE_URL;
    if (this.options.databaseUrl) env.DATABASE_URL = this.options.databaseUrl;
    this.log = '';
    // The backend writes public-config.json once it has seeded and is ready: wait for a fresh one.
    const ready = path.join(this.dataDir, 'public-config.json');
    fs.rmSync(ready, { force: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(repoRoot, 'backend'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    let exited = false;
    child.once('exit', () => (exited = true));
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (exited) throw new Error(`backend on ${this.url} exited during start:\n${this.log}`);
      try {
        if ((await fetch(`${this.url}/ready`)).ok && fs.existsSync(ready)) return this;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error(`backend on ${this.url} did not start:\n${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves once the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await gone;
    this.child = null;
  }

  async restart(): Promise<this> {
    await this.stop();
    return this.start();
  }

  /** Stops the process and, when the folder was temporary, removes it. */
  async remove(): Promise<void> {
    await this.stop();
    if (!this.options.dataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** False once the process has exited (crashed or stopped). */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get output(): string {
    return this.log;
  }

  headers(token = this.keys.anonKey): Record<string, string> {
    return { apikey: this.keys.anonKey, Authorization: `Bearer ${token}` };
  }

  serviceHeaders(): Record<string, string> {
    return { apikey: this.keys.serviceRoleKey, Authorization: `Bearer ${this.keys.serviceRoleKey}` };
  }
}
