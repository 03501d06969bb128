// One freshly initialised PGlite cluster per test run, bare, with the project's migrations
// applied, and with those and the default catalogue seeded: creating a cluster (initdb in WASM),
// migrating it and seeding its 1,000 listings (10-30 s) are the slow part of starting a backend, so
// each test copies one of these instead. Likewise a migrated and a seeded PostgreSQL database that
// the tests' databases are created from.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveConfig } from '../../src/config.ts';
import { openPg } from '../../src/db/pg.ts';
import { openPglite } from '../../src/db/pglite.ts';
import type { Db } from '../../src/db/index.ts';
import { createBackend } from '../../src/main.ts';
import { migrateBackend } from '../../src/migrate.ts';
import { ensurePhotoCache } from '../../src/seed/photos.ts';
import { createScratchDb, postgresUnavailable } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A cluster with `migrationsDir` and the local backend's migrations applied. */
    pgliteMigratedTemplate: { dir: string; migrationsDir: string };
    /** The same on PostgreSQL (a database name), when PostgreSQL is reachable. */
    postgresMigratedTemplate: { name: string; migrationsDir: string } | null;
    /** The migrated cluster after a backend's first start with SEED_ROOMS unset (the default catalogue). */
    pgliteSeededTemplate: string;
    /** The same on PostgreSQL (a database name), when PostgreSQL is reachable. */
    postgresSeededTemplate: string | null;
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
  const config = resolveConfig({});
  const { migrationsDir } = config;
  const migrateAll = async (db: Db) => {
    try {
      await migrateBackend(db, config);
    } finally {
      await db.close();
    }
  };
  await migrateAll(await openPglite(migrated));
  project.provide('pgliteMigratedTemplate', { dir: migrated, migrationsDir });

  const template = (await postgresUnavailable()) ? null : await createScratchDb('hs_template');
  if (template) await migrateAll(await openPg(template.url));
  project.provide('postgresMigratedTemplate', template && { name: databaseName(template.url), migrationsDir });

  // The default catalogue, seeded by a backend's own first start (seed.test.ts proves the seed on
  // an empty database). A backend started on a copy finds its listings and seeds nothing.
  const seeded = join(root, 'seeded');
  cpSync(migrated, join(seeded, 'pglite'), { recursive: true });
  await seedBy(seeded);
  project.provide('pgliteSeededTemplate', join(seeded, 'pglite'));
  const seededTemplate = template && (await createScratchDb('hs_seeded', databaseName(template.url)));
  if (seededTemplate) await seedBy(mkdtempSync(join(root, 'seeded-pg-')), seededTemplate.url);
  project.provide('postgresSeededTemplate', seededTemplate && databaseName(seededTemplate.url));
  return async () => {
    await seededTemplate?.drop();
    await template?.drop();
    rmSync(root, { recursive: true, force: true });
  };
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

async function seedBy(dataDir: string, databaseUrl?: string): Promise<void> {
  const backend = await createBackend({ dataDir, port: 0, databaseUrl, quiet: true });
  await backend.stop();
}
