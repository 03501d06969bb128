import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db/index.ts';

const LEDGER = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);`;

/**
 * Applies supabase/migrations/*.sql in file-name order, each once and in its own transaction,
 * recorded in supabase_migrations.schema_migrations (version = the name's leading digits).
 * Returns the versions applied now.
 */
export async function migrate(db: Db, dir: string): Promise<string[]> {
  await db.exec(LEDGER);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of files) {
    const version = /^(\d+)/.exec(file)?.[1] ?? file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    await db.tx(async (q) => {
      try {
        await db.exec(sql, q);
      } catch (error) {
        (error as Error).message = `migration ${file} failed: ${(error as Error).message}`;
        throw error;
      }
      await q.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        file.replace(/\.sql$/, ''),
      ]);
    });
    applied.push(version);
  }
  return applied;
}
