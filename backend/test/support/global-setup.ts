// One freshly initialised PGlite cluster per test run, bare and with the project's migrations
// applied: creating a cluster (initdb in WASM) and migrating it are the slow part of starting the
// embedded database, so each test copies one of these instead. Likewise one migrated PostgreSQL
// database that the tests' databases are created from.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveConfig } from '../../src/config.ts';
import { openPg } from '../../src/db/pg.ts';
import { openPglite } from '../../src/db/pglite.ts';
import type { Db } from '../../src/db/index.ts';
import { migrate } from '../../src/migrate.ts';
import { ensurePhotoCache } from '../../src/seed/photos.ts';
import { createScratchDb, postgresUnavailable } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A cluster with `migrationsDir` and the local backend's migrations applied. */
    pgliteMigratedTemplate: { dir: string; migrationsDir: string };
    /** The same on PostgreSQL (a database name), when PostgreSQL is reachable. */
    postgresMigratedTemplate: { name: string; migrationsDir: string } | null;
  }
}

export default async function setup(project: TestProject) {
  // The seed's listing photos are drawn once per machine; on a fresh clone that takes a while,
  // so it happens here, before any test file's start-up clock runs.
  await ensurePhotoCache();
  const root = mkdtempSync(join(tmpdir(), 'hs-pglite-template-'));
  const bare = join(root, 'pglite');
  await (await openPglite(bare)).close();
  project.provide('pgliteTemplate', bare);

  // The migrations createBackend applies by default, in the same ledgers: a backend started on
  // a copy finds them recorded and applies none (startup.test.ts covers applying them).
  const migrated = join(root, 'migrated');
  cpSync(bare, migrated, { recursive: true });
  const { migrationsDir, localMigrationsDir } = resolveConfig({});
  const migrateAll = async (db: Db) => {
    try {
      await migrate(db, migrationsDir);
      await migrate(db, localMigrationsDir, 'local_schema_migrations');
    } finally {
      await db.close();
    }
  };
  await migrateAll(await openPglite(migrated));
  project.provide('pgliteMigratedTemplate', { dir: migrated, migrationsDir });

  const template = (await postgresUnavailable()) ? null : await createScratchDb('hs_template');
  if (template) await migrateAll(await openPg(template.url));
  project.provide('postgresMigratedTemplate', template && { name: new URL(template.url).pathname.slice(1), migrationsDir });
  return async () => {
    await template?.drop();
    rmSync(root, { recursive: true, force: true });
  };
}
