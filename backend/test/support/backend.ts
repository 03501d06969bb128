// Starts the real backend on a temporary data folder: embedded PGlite, or a fresh PostgreSQL
// database dropped afterwards.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { Env } from '../../src/config.ts';
import { createBackend, type Backend } from '../../src/main.ts';
import { createScratchDb, postgresUnavailable, type ScratchDb } from './postgres.ts';

export const PROJECT_MIGRATIONS = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));
const REST_DATA = fileURLToPath(new URL('../fixtures/rest-data.sql', import.meta.url));

export type DbKind = 'pglite' | 'postgres';

export interface TestBackend extends Backend {
  dataDir: string;
  client(accessToken?: string): SupabaseClient;
  close(): Promise<void>;
}

export const postgresSkipReason = await postgresUnavailable();
if (postgresSkipReason) console.warn(`[backend tests] PostgreSQL half skipped: ${postgresSkipReason}`);

/**
 * Why a suite runs on PostgreSQL as well. Every suite runs on PGlite, which is PostgreSQL's own
 * engine compiled to WebAssembly: the same SQL, policies, functions and extensions answer the same
 * there. A suite also runs on PostgreSQL (when one is reachable) where the two behave differently,
 * and says why with one of these:
 * - 'concurrency': PGlite runs one statement at a time on one connection, so races, row locks,
 *   deadlocks, constraints under parallel writes and counters under parallel requests are real only
 *   on PostgreSQL;
 * - 'notify': LISTEN/NOTIFY (Realtime's capture, the REST schema cache) crosses connections on
 *   PostgreSQL and stays in one process on PGlite;
 * - 'driver': the backend reads PostgreSQL through node-postgres and PGlite through its own API, so
 *   how values, errors and transactions come back is each driver's;
 * - 'server': what only a server has: statement timeouts and their cancel, connection pools,
 *   several processes on one database, and roles of its own (the backend connects to PostgreSQL
 *   as a role without superuser rights and to PGlite as its superuser, so who may read what under
 *   RLS and grants is proved for production there).
 * BACKEND_ALL_DATABASES=1 runs every suite on both (`npm run test:flaky` does).
 */
export type PostgresReason = 'concurrency' | 'notify' | 'driver' | 'server';

/** The databases a suite runs on: PGlite, and PostgreSQL for a reason (see PostgresReason). */
export function databases(onPostgres?: PostgresReason): DbKind[] {
  if (postgresSkipReason) return ['pglite'];
  return onPostgres !== undefined || process.env.BACKEND_ALL_DATABASES === '1' ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A new data folder; with `pglite` it already holds an initialised cluster (global-setup.ts), with
 * `migrationsDir`'s migrations applied when the run's template has them, and the default catalogue
 * seeded when `seeded`.
 */
export function newDataDir(kind: DbKind = 'pglite', migrationsDir?: string, seeded = false): string {
  const dataDir = mkdtempSync(join(tmpdir(), `hs-backend-${kind}-`));
  if (kind === 'pglite') {
    const migrated = inject('pgliteMigratedTemplate');
    const isMigrated = migrationsDir !== undefined && resolve(migrationsDir) === migrated.migrationsDir;
    const template = isMigrated ? (seeded ? inject('pgliteSeededTemplate') : migrated.dir) : inject('pgliteTemplate');
    cpSync(template, join(dataDir, 'pglite'), { recursive: true });
  }
  return dataDir;
}

/**
 * Settings every test backend gets, over the process's environment. Test files sign up many users
 * from one address: the per-address sign-up limit is tested on its own in auth-abuse.test.ts,
 * which sets a low one. bcrypt's work factor is its least (a hash takes about a millisecond, not
 * tens): auth-abuse.test.ts, which measures what bcrypt's cost does to the server, keeps the
 * default.
 */
const TEST_SETTINGS: Env = { AUTH_SIGN_UP_RATE_LIMIT: '100000', AUTH_BCRYPT_COST: '4' };

/**
 * A backend on a fresh database of `kind`. With the project's migrations and SEED_ROOMS unset it
 * starts on a copy of the run's seeded template, as a restarted backend finds its catalogue;
 * `freshSeed` makes it seed on its own start instead (seed.test.ts).
 */
export async function startTestBackend(
  kind: DbKind,
  options: { migrationsDir?: string; functionsDir?: string; env?: Env; freshSeed?: boolean } = {},
): Promise<TestBackend> {
  const migrationsDir = options.migrationsDir ?? PROJECT_MIGRATIONS;
  const seeded = !options.freshSeed && options.env?.SEED_ROOMS === undefined;
  const dataDir = newDataDir(kind, migrationsDir, seeded);
  let scratch: ScratchDb | undefined;
  if (kind === 'postgres') {
    const migrated = inject('postgresMigratedTemplate');
    const isMigrated = migrated !== null && resolve(migrationsDir) === migrated.migrationsDir;
    const template = isMigrated ? (seeded ? inject('postgresSeededTemplate') : migrated.name) : undefined;
    scratch = await createScratchDb('hs_test', template ?? undefined);
  }
  const backend = await createBackend({
    dataDir,
    port: 0,
    databaseUrl: scratch?.url,
    migrationsDir,
    functionsDir: options.functionsDir,
    env: { ...TEST_SETTINGS, ...options.env },
    quiet: true,
  });
  return {
    ...backend,
    dataDir,
    client(accessToken?: string) {
      return createClient(backend.url, backend.keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
        global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
      });
    },
    async close() {
      await backend.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The project's migrations with test/fixtures/rest-data.sql instead of the generated listings:
 * 40 known rooms, two users, and objects for PostgREST features the app's schema lacks.
 */
export async function startRestBackend(kind: DbKind, options: { functionsDir?: string; env?: Env } = {}): Promise<TestBackend> {
  const backend = await startTestBackend(kind, { ...options, env: { SEED_ROOMS: '0', ...options.env } });
  await backend.ctx.db.exec(readFileSync(REST_DATA, 'utf8'));
  await backend.ctx.reloadSchema();
  return backend;
}

/**
 * The planner's row estimate of a statement run as `role` (its policies apply), as EXPLAIN gives
 * it: what count=planned answers, whatever the policies on the tables make of it.
 */
export async function plannedRows(backend: TestBackend, sql: string, role = 'anon'): Promise<number> {
  return backend.ctx.db.tx(async (q) => {
    await q.query(`set local role ${role}`);
    const { rows } = await q.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`);
    const plan = rows[0]!['QUERY PLAN'];
    const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
    return root!.Plan['Plan Rows'];
  });
}
