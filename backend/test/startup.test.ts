// Start-up: keys made once per data folder, migrations applied once and recorded, several
// processes on one PostgreSQL, graceful shutdown on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKeys, resolveConfig } from '../src/config.ts';
import { openPglite } from '../src/db/pglite.ts';
import { createBackend } from '../src/main.ts';
import { migrate } from '../src/migrate.ts';
import { newDataDir, postgresSkipReason, PROJECT_MIGRATIONS } from './support/backend.ts';
import { createScratchDb } from './support/postgres.ts';
import { freePort } from './support/postgrest.ts';

const SMALL_MIGRATIONS = fileURLToPath(new URL('./fixtures/migrations-small', import.meta.url));
const LOCAL_MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hs-startup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('keys', () => {
  it('are made once per data folder and kept', async () => {
    const dir = tempDir();
    const first = await loadKeys(dir, {});
    const second = await loadKeys(dir, {});
    expect(second).toEqual(first);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('come from JWT_SECRET / ANON_KEY / SERVICE_ROLE_KEY when set', async () => {
    const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';
    const keys = await loadKeys(tempDir(), resolveConfig({}, { JWT_SECRET: secret, ANON_KEY: 'a.b.c' }).keys);
    expect(keys.jwtSecret).toBe(secret);
    expect(keys.anonKey).toBe('a.b.c');
    const claims = JSON.parse(Buffer.from(keys.serviceRoleKey.split('.')[1]!, 'base64url').toString());
    expect(claims.role).toBe('service_role');
  });

  it('refuse a JWT secret shorter than 32 characters', async () => {
    await expect(loadKeys(tempDir(), resolveConfig({}, { JWT_SECRET: 'short' }).keys)).rejects.toThrow(/32/);
  });
});

describe('settings', () => {
  it("bcrypt's work factor is 4 to 31", () => {
    expect(resolveConfig({}, { AUTH_BCRYPT_COST: '4' }).auth.bcryptCost).toBe(4);
    expect(() => resolveConfig({}, { AUTH_BCRYPT_COST: '3' })).toThrow(/AUTH_BCRYPT_COST/);
    expect(() => resolveConfig({}, { AUTH_BCRYPT_COST: '32' })).toThrow(/AUTH_BCRYPT_COST/);
  });

  it("the image queue's slots leave two of libuv's threads to the rest of the server", () => {
    expect(resolveConfig({}, {}).storageImages).toEqual({ slots: 2, queueMax: 32, clientJobs: 4 });
    expect(resolveConfig({}, { UV_THREADPOOL_SIZE: '3' }).storageImages.slots).toBe(1);
    expect(resolveConfig({}, { UV_THREADPOOL_SIZE: '8', STORAGE_IMAGE_SLOTS: '6' }).storageImages.slots).toBe(6);
    expect(() => resolveConfig({}, { STORAGE_IMAGE_SLOTS: '3' })).toThrow(/STORAGE_IMAGE_SLOTS must leave 2 of libuv's 4 threads/);
    expect(() => resolveConfig({}, { STORAGE_IMAGE_SLOTS: '0' })).toThrow(/STORAGE_IMAGE_SLOTS/);
    expect(() => resolveConfig({}, { STORAGE_IMAGE_CLIENT_JOBS: '0' })).toThrow(/STORAGE_IMAGE_CLIENT_JOBS/);
    expect(() => resolveConfig({}, { STORAGE_IMAGE_QUEUE_MAX: 'many' })).toThrow(/STORAGE_IMAGE_QUEUE_MAX/);
  });

  it('are read from the environment once, with defaults, and options.env over the process environment', () => {
    const config = resolveConfig({ env: { SEED_ROOMS: '5' } }, { SEED_ROOMS: '7', SITE_URL: 'https://homestory.example/', ADDITIONAL_REDIRECT_URLS: 'https://a.example/x, https://b.example' });
    expect(config.seed.rooms).toBe(5);
    expect(config.auth).toMatchObject({ jwtExpirySeconds: 3600, siteUrl: 'https://homestory.example', additionalRedirectUrls: ['https://a.example/x', 'https://b.example'], google: undefined, signInRateLimit: 30, signUpRateLimit: 30, bcryptCost: 10 });
    expect(config.payments).toEqual({ stripeSecretKey: undefined, stripePublishableKey: undefined });
    expect(resolveConfig({}, { GOOGLE_OIDC_ISSUER: 'https://accounts.google.com', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).auth.google).toEqual({ issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 's' });
  });

  it('listen for /metrics on loopback port 9464 by default, a free port beside PORT 0, METRICS_HOST:METRICS_PORT, or nowhere', () => {
    expect(resolveConfig({}, {}).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(resolveConfig({ port: 0 }, {}).metrics).toEqual({ host: '127.0.0.1', port: 0 });
    expect(resolveConfig({}, { METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ host: '10.0.0.5', port: 9100 });
    expect(resolveConfig({}, { METRICS_PORT: 'off' }).metrics).toBeUndefined();
    expect(() => resolveConfig({}, { PORT: '8000', METRICS_PORT: '8000' })).toThrow("METRICS_PORT must not be the API's PORT");
  });

  it('expose schema public to REST by default, else the REST_SCHEMAS listed, the first the default', () => {
    expect(resolveConfig({}, {})).toMatchObject({ restSchemas: ['public'], restMaxRows: 2000, restPlanEnabled: false });
    expect(resolveConfig({}, { REST_SCHEMAS: ' api, public ', REST_MAX_ROWS: '100', REST_PLAN_ENABLED: 'true' })).toMatchObject({
      restSchemas: ['api', 'public'],
      restMaxRows: 100,
      restPlanEnabled: true,
    });
  });

  it.each([
    ['JWT_EXPIRY', '0'],
    ['JWT_EXPIRY', 'an hour'],
    ['AUTH_SIGN_IN_RATE_LIMIT', '-3'],
    ['AUTH_SIGN_UP_RATE_LIMIT', '1.5'],
    ['SEED_ROOMS', 'lots'],
    ['SITE_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'not a url'],
    ['REST_SCHEMAS', 'public,public'],
    ['REST_SCHEMAS', 'public,"x; drop"'],
    ['REST_SCHEMAS', 'pg_catalog'],
    ['REST_MAX_ROWS', '0'],
    ['METRICS_PORT', 'none'],
    ['METRICS_PORT', '70000'],
  ])('refuse %s=%s at start, naming the setting', (name, value) => {
    expect(() => resolveConfig({}, { [name]: value })).toThrow(name);
  });
});

describe('migrations', () => {
  it('are applied once and recorded; a restart on the same folder reapplies nothing', { timeout: 90_000 }, async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const first = await createBackend({ dataDir, port: 0, databaseUrl: undefined, migrationsDir: SMALL_MIGRATIONS, quiet: true });
    const ledger = await first.ctx.db.query<{ version: string; applied_at: string }>(
      'select version, applied_at::text from supabase_migrations.schema_migrations order by version',
    );
    expect(ledger.rows.map((r) => r.version)).toEqual(['0001', '0002']);
    await first.stop();
    const second = await createBackend({ dataDir, port: 0, databaseUrl: undefined, migrationsDir: SMALL_MIGRATIONS, quiet: true });
    const again = await second.ctx.db.query('select version, applied_at::text from supabase_migrations.schema_migrations order by version');
    expect(again.rows).toEqual(ledger.rows);
    expect(second.keys).toEqual(first.keys);
    const things = await second.ctx.db.query<{ n: number }>('select count(*)::int as n from public.things');
    expect(things.rows[0]!.n).toBe(2);
    await second.stop();
  });

  it('supabase/migrations apply alone, as on a hosted project, without the test processor; the local backend adds it in its own ledger', { timeout: 90_000 }, async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      const project = await migrate(db, PROJECT_MIGRATIONS);
      expect(project).toContain('20261121000900');
      const testProcessor = "select to_regclass('payments_test.payment_intents') as t";
      expect((await db.query(testProcessor)).rows[0]).toEqual({ t: null });

      expect(await migrate(db, LOCAL_MIGRATIONS, 'local_schema_migrations')).toEqual(['20261121000900', '20261126000100', '20261127000200', '20261127000600', '20261201000100', '20261204000100', '20261206000400']);
      expect((await db.query(testProcessor)).rows[0]).toEqual({ t: 'payments_test.payment_intents' });
      const projectLedger = await db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
      expect(projectLedger.rows[0]!.n).toBe(project.length);

      // A database made before the test processor's schema moved out of supabase/migrations has
      // the schema but no local record: it applies again as a no-op.
      await db.query('delete from supabase_migrations.local_schema_migrations');
      expect(await migrate(db, LOCAL_MIGRATIONS, 'local_schema_migrations')).toEqual(['20261121000900', '20261126000100', '20261127000200', '20261127000600', '20261201000100', '20261204000100', '20261206000400']);
      expect(await migrate(db, LOCAL_MIGRATIONS, 'local_schema_migrations')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it.skipIf(postgresSkipReason)('two processes starting on one PostgreSQL apply each migration once', async () => {
    const db = await createScratchDb();
    try {
      const start = () => createBackend({ dataDir: tempDir(), port: 0, databaseUrl: db.url, migrationsDir: SMALL_MIGRATIONS, quiet: true });
      const [a, b] = await Promise.all([start(), start()]);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query('select version from supabase_migrations.schema_migrations order by version');
      await client.end();
      expect(rows.map((r) => r.version)).toEqual(['0001', '0002']);
      await a.stop();
      await b.stop();
    } finally {
      await db.drop();
    }
  });
});

describe('process', () => {
  it('serves from `tsx src/main.ts` with env configuration, functions included, metrics on METRICS_PORT only, and exits 0 on SIGTERM', async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const port = await freePort();
    const metricsPort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        MIGRATIONS_DIR: SMALL_MIGRATIONS,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          const r = await fetch(`http://localhost:${port}/ready`);
          if (r.ok) break;
        } catch {
          // starting
        }
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`backend did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const config = JSON.parse(readFileSync(join(dataDir, 'public-config.json'), 'utf8'));
      expect(config.supabaseUrl).toBe(`http://localhost:${port}`);
      // The function loads under tsx, its `npm:stripe@...` import included, and answers itself.
      const refused = await fetch(`http://localhost:${port}/functions/v1/create-payment-intent`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.supabaseAnonKey}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'not_signed_in' });
      // The API's port has no /metrics; the metrics port (loopback) has only that.
      expect((await fetch(`http://localhost:${port}/metrics`)).status).toBe(404);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/http_requests_total\{route="\/functions\/v1",method="POST",status="401"\} 1/);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/rest/v1/Rooms`)).status).toBe(404);
      expect(output).toContain(`metrics on http://127.0.0.1:${metricsPort}/metrics`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM');
  }, 90_000);
});
