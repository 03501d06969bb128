import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db/index.ts';

// Several processes may start on one PostgreSQL at once: the ledger and each migration are
// taken under one transaction-scoped advisory lock, and the ledger is re-read under it.
const LOCK = "select pg_advisory_xact_lock(hashtext('supabase_migrations'))";

/**
 * The ledgers, in schema supabase_migrations: the project's migrations in Supabase's own
 * (schema_migrations, what the Supabase CLI reads), the local backend's in one of their own.
 */
export type Ledger = 'schema_migrations' | 'local_schema_migrations';

const ledgerSql = (ledger: Ledger) => `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.${ledger} (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);`;

/**
 * Applies <dir>/*.sql in file-name order, each once and in its own transaction, recorded in
 * supabase_migrations.<ledger> (version = the name's leading digits): supabase/migrations in
 * schema_migrations, as Supabase records them, and the local backend's own (backend/migrations)
 * in local_schema_migrations. Returns the versions applied now.
 */
export async function migrate(db: Db, dir: string, ledger: Ledger = 'schema_migrations'): Promise<string[]> {
  await db.tx(async (q) => {
    await q.query(LOCK);
    await q.exec(ledgerSql(ledger));
  });
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const done = new Set(
    (await db.query<{ version: string }>(`select version from supabase_migrations.${ledger}`)).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of files) {
    const version = /^(\d+)/.exec(file)?.[1] ?? file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    const ran = await db.tx(async (q) => {
      await q.query(LOCK);
      const again = await q.query(`select 1 from supabase_migrations.${ledger} where version = $1`, [version]);
      if (again.rowCount > 0) return false;
      try {
        await q.exec(sql);
      } catch (error) {
        (error as Error).message = `migration ${file} failed: ${(error as Error).message}`;
        throw error;
      }
      await q.query(`insert into supabase_migrations.${ledger} (version, name) values ($1, $2)`, [
        version,
        file.replace(/\.sql$/, ''),
      ]);
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}

/**
 * Both ledgers as a backend applies them at start: the project's migrations (`migrationsDir`),
 * then the local backend's own (`localMigrationsDir`). Returns the versions applied now, each.
 */
export async function migrateBackend(
  db: Db,
  dirs: { migrationsDir: string; localMigrationsDir: string },
): Promise<{ applied: string[]; appliedLocal: string[] }> {
  const applied = await migrate(db, dirs.migrationsDir);
  const appliedLocal = await migrate(db, dirs.localMigrationsDir, 'local_schema_migrations');
  return { applied, appliedLocal };
}
