// supabase/schemas/*.sql is the schema the migrations make, and makes it on its own; the generated
// row types are its tables' and views' rows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentLifecycle, LIFECYCLE_FILE, lifecycleDiagram, lifecycleModule, README_FILE, withDiagram } from '../scripts/gen-booking-lifecycle.ts';
import { currentRowTypes, ROW_TYPE_FILES } from '../scripts/gen-row-types.ts';
import { committedSchemaFiles, dumpSchema, generatedSchemaFiles, schemaFiles, withDatabaseOf, withMigratedDatabase } from '../scripts/gen-schemas.ts';
import { postgresSkipReason } from './support/backend.ts';

describe.skipIf(postgresSkipReason !== undefined)('supabase/schemas', () => {
  it('holds what the migrations make (after a new migration: pnpm --filter backend gen:schemas)', async () => {
    const made = await generatedSchemaFiles();
    const committed = committedSchemaFiles();
    expect([...committed.keys()]).toEqual([...made.keys()]);
    for (const [name, text] of made) expect(committed.get(name), name).toBe(text);
  });

  it('applied alone in name order, after the platform schemas, make exactly what they say', async () => {
    const platform = await withMigratedDatabase((migrated) => dumpSchema(migrated, { platform: true }));
    const applied = await withDatabaseOf([platform, ...committedSchemaFiles().values()], async (url) => schemaFiles(await dumpSchema(url)));
    expect(applied).toEqual(committedSchemaFiles());
  });

  it('row types (shared/src/api/rows.ts and the functions\' copy) are the schema\'s (after a migration: pnpm --filter backend gen:row-types)', async () => {
    const current = await currentRowTypes();
    expect(current).toContain("status: 'pending' | 'requested' | 'confirmed' | 'completed' | 'declined' | 'expired' | 'cancelled';");
    for (const file of ROW_TYPE_FILES) expect(readFileSync(file, 'utf8'), file).toBe(current);
  });

  it('the booking lifecycle\'s types and the README\'s diagram are the transitions table\'s (after a change: pnpm --filter backend gen:booking-lifecycle)', async () => {
    const lifecycle = await currentLifecycle();
    expect(readFileSync(LIFECYCLE_FILE, 'utf8')).toBe(lifecycleModule(lifecycle));
    const readme = readFileSync(README_FILE, 'utf8');
    expect(withDiagram(readme, lifecycleDiagram(lifecycle))).toBe(readme);
  });
});
