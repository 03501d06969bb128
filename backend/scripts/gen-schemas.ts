// Writes supabase/schemas/*.sql: the project's schema as it stands after every migration, read
// back from the catalogue, so a newcomer reads today's search_rooms or confirm_booking_payment in
// one place instead of working out which of the migrations that redefine it came last.
//
// The migrations stay the way changes reach a database (hosted projects have them recorded in
// supabase_migrations.schema_migrations, so they cannot be squashed away); these files are made
// from them, never by hand: the migrations are applied to a scratch PostgreSQL database and the
// result is dumped (pg_dump --schema-only) without the platform's schemas (auth and extensions,
// which hosted Supabase provides and the first migration makes locally). That dump is applied alone
// to a second database and dumped again, so the files hold the catalogue as PostgreSQL prints it
// back (a check written `a between 1 and 2 and b` reads back with its parentheses flattened), then
// cut by kind into files applied in name order. Run it after adding a migration
// (`pnpm --filter backend gen:schemas`); test/schema-files.test.ts fails until then.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPg } from '../src/db/pg.ts';
import { migrate } from '../src/migrate.ts';
import { createScratchDb } from '../test/support/postgres.ts';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../supabase/schemas/', import.meta.url));
const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/** Schemas the platform owns: hosted Supabase has them; locally the first migration makes them. */
export const PLATFORM_SCHEMAS = ['auth', 'extensions'];

/** The files, in the order a dump holds their kinds; an entry never moves before one it follows. */
const PARTS = [
  { file: '10_objects.sql', title: 'Schemas, extensions, functions, tables and sequences', kinds: [] as string[] },
  { file: '20_constraints_and_indexes.sql', title: 'Keys, checks, indexes and statistics', kinds: ['CONSTRAINT', 'CHECK CONSTRAINT', 'INDEX', 'STATISTICS'] },
  { file: '30_triggers.sql', title: 'Triggers', kinds: ['TRIGGER'] },
  { file: '40_foreign_keys.sql', title: 'Foreign keys', kinds: ['FK CONSTRAINT'] },
  { file: '50_row_level_security.sql', title: 'Row level security: which tables have it, and their policies', kinds: ['ROW SECURITY', 'POLICY'] },
  { file: '60_publication.sql', title: "Realtime's publication", kinds: ['PUBLICATION', 'PUBLICATION TABLE'] },
  { file: '70_grants.sql', title: 'Grants to the API roles', kinds: ['ACL', 'DEFAULT ACL'] },
];

const run = promisify(execFile);

/** pg_dump of a database's schema, without the platform's schemas or pg_dump's per-run lines. */
export async function dumpSchema(url: string, { platform = false } = {}): Promise<string> {
  const schemas = platform ? PLATFORM_SCHEMAS.flatMap((s) => ['-n', s]) : PLATFORM_SCHEMAS.flatMap((s) => ['-N', s]);
  const { stdout } = await run('pg_dump', ['--schema-only', '--no-owner', ...schemas, url], { maxBuffer: 64 << 20 });
  // \restrict carries a random key per run; the version lines name the machine's pg_dump.
  return stdout.replace(/^\\(un)?restrict .*\n/gm, '').replace(/^-- Dumped (from|by) .*\n/gm, '');
}

/** A scratch database with the project's migrations applied, for `use`; dropped afterwards. */
export async function withMigratedDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchDb('hs_schemas');
  try {
    const db = await openPg(scratch.url, 2);
    try {
      await migrate(db, MIGRATIONS_DIR);
    } finally {
      await db.close();
    }
    return await use(scratch.url);
  } finally {
    await scratch.drop();
  }
}

/** A new scratch database with `sql` applied (statements, in order), for `use`; dropped afterwards. */
export async function withDatabaseOf<T>(sql: string[], use: (url: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchDb('hs_schemas_applied');
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      for (const text of sql) await client.query(text);
    } finally {
      await client.end();
    }
    return await use(scratch.url);
  } finally {
    await scratch.drop();
  }
}

/** The files the migrations make now (see the top of this file). */
export function generatedSchemaFiles(): Promise<Map<string, string>> {
  return withMigratedDatabase(async (migrated) => {
    const applied = [await dumpSchema(migrated, { platform: true }), await dumpSchema(migrated)];
    return withDatabaseOf(applied, async (url) => schemaFiles(await dumpSchema(url)));
  });
}

interface Entry {
  type: string;
  text: string;
}

const ENTRY_HEADER = /^--\n-- Name: (.*); Type: ([A-Z ]+); Schema: (.*); Owner: .*\n--\n/gm;

/** The dump's settings (its first lines) and its entries, each with its `-- Name:` header. */
function entries(dump: string): { settings: string; entries: Entry[] } {
  const starts = [...dump.matchAll(ENTRY_HEADER)].map((match) => ({
    name: match[1] ?? '',
    type: match[2] ?? '',
    schema: match[3] ?? '',
    start: match.index,
    bodyStart: match.index + match[0].length,
  }));
  if (starts.length === 0) throw new Error('pg_dump printed no schema entries');
  const settings = dump
    .slice(0, starts[0]?.start)
    .split('\n')
    .filter((line) => /^(SET|SELECT) /.test(line))
    .join('\n');
  return {
    settings,
    entries: starts.map(({ name, type, schema, bodyStart }, i) => {
      const body = dump.slice(bodyStart, starts[i + 1]?.start ?? dump.length).trim();
      return { type, text: `-- ${type.toLowerCase()} ${name} (schema ${schema})\n${body}` };
    }),
  };
}

/** The files' texts by name, cut from a dump (see PARTS). */
export function schemaFiles(dump: string): Map<string, string> {
  const { settings, entries: all } = entries(dump);
  const parts = PARTS.map((part) => ({ ...part, texts: [] as string[] }));
  let at = 0;
  for (const entry of all) {
    at = Math.max(at, parts.findIndex((part) => part.kinds.includes(entry.type)));
    parts[at]?.texts.push(entry.text);
  }
  const header = (title: string) =>
    `-- ${title}, as the migrations in supabase/migrations leave them.\n-- Generated by backend/scripts/gen-schemas.ts (pnpm --filter backend gen:schemas): do not edit;\n-- change the schema with a new migration.\n`;
  return new Map(
    parts.filter((part) => part.texts.length > 0).map((part) => [part.file, `${header(part.title)}\n${settings}\n\n${part.texts.join('\n\n')}\n`]),
  );
}

/** The committed files, by name. */
export function committedSchemaFiles(): Map<string, string> {
  const names = readdirSync(SCHEMAS_DIR).filter((name) => name.endsWith('.sql')).sort();
  return new Map(names.map((name) => [name, readFileSync(join(SCHEMAS_DIR, name), 'utf8')]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await generatedSchemaFiles();
  rmSync(SCHEMAS_DIR, { recursive: true, force: true });
  mkdirSync(SCHEMAS_DIR, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(SCHEMAS_DIR, name), text);
  console.log(`wrote ${[...files.keys()].map((name) => `supabase/schemas/${name}`).join(', ')}`);
}
