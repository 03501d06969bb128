// supabase/schemas/*.sql is the schema the migrations make, and makes it on its own; the generated
// row types are its tables' and views' rows.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { currentRowTypes, ROW_TYPE_FILES } from '../scripts/gen-row-types.ts';
import { committedSchemaFiles, dumpSchema, schemaFiles, withMigratedDatabase } from '../scripts/gen-schemas.ts';
import { postgresSkipReason } from './support/backend.ts';
import { createScratchDb } from './support/postgres.ts';

async function execute(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(postgresSkipReason !== undefined)('supabase/schemas', () => {
  it('holds what the migrations make (after a new migration: pnpm --filter backend gen:schemas)', async () => {
    const made = await withMigratedDatabase(async (url) => schemaFiles(await dumpSchema(url)));
    expect([...committedSchemaFiles().keys()]).toEqual([...made.keys()]);
    for (const [name, text] of made) expect(committedSchemaFiles().get(name), name).toBe(text);
  });

  it('applied alone in name order, after the platform schemas, gives the catalogue the migrations give', async () => {
    await withMigratedDatabase(async (migrated) => {
      const fresh = await createScratchDb('hs_schemas_applied');
      try {
        await execute(fresh.url, await dumpSchema(migrated, { platform: true }));
        for (const text of committedSchemaFiles().values()) await execute(fresh.url, text);
        expect(await dumpSchema(fresh.url)).toBe(await dumpSchema(migrated));
      } finally {
        await fresh.drop();
      }
    });
  });

  it('row types (shared/src/api/rows.ts and the functions\' copy) are the schema\'s (after a migration: pnpm --filter backend gen:row-types)', async () => {
    const current = await currentRowTypes();
    expect(current).toContain("status: 'pending' | 'confirmed' | 'cancelled';");
    for (const file of ROW_TYPE_FILES) expect(readFileSync(file, 'utf8'), file).toBe(current);
  });
});
