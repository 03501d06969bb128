/**
 * `tsx scripts/migrated-cluster.ts <dir>`: a new PGlite cluster in <dir> with the migrations a
 * backend applies at start (both ledgers) already applied. A backend whose data folder holds a copy
 * as `pglite/` applies none and only seeds: the e2e suites start their backends on copies of one
 * (e2e/support/globalSetup.ts), as the backend's suites do (test/support/global-setup.ts).
 */
import { resolveConfig } from '../src/config.ts';
import { openPglite } from '../src/db/pglite.ts';
import { migrateBackend } from '../src/migrate.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx scripts/migrated-cluster.ts <dir>');
const db = await openPglite(dir);
try {
  await migrateBackend(db, resolveConfig({}));
} finally {
  await db.close();
}
