// Exposed schemas through supabase-js on PGlite and PostgreSQL (REST_SCHEMAS=public,archive, the
// fixture's archive): .schema('archive') reads, writes and calls there, embedding within it and
// with the schema first on the search path; a schema not listed is never reachable; the schema
// cache of each reloads on NOTIFY pgrst.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startRestBackend, type TestBackend } from './support/backend.ts';

describe.each(DB_KINDS)('exposed schemas on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startRestBackend(kind, { env: { REST_SCHEMAS: 'public,archive' } });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it(".schema('archive') reads its tables, embedding within it; the default is public", async () => {
    const archive = await backend.client().schema('archive').from('authors').select('name, books(title)').order('id');
    expect(archive.error).toBeNull();
    expect(archive.data).toEqual([
      { name: 'Old Ada', books: [{ title: 'Scroll' }, { title: 'Codex' }] },
      { name: 'Old Bo', books: [{ title: 'Tablet' }] },
    ]);
    const pub = await backend.client().from('authors').select('name').order('id').limit(1);
    expect(pub.data).toEqual([{ name: 'Ada' }]);
  });

  it('writes with Content-Profile, and a call finds unqualified names in its schema first', async () => {
    const db = backend.client().schema('archive');
    const inserted = await db.from('notes').insert({ body: 'kept' }).select('body');
    expect([inserted.status, inserted.data]).toEqual([201, [{ body: 'kept' }]]);
    const called = await db.rpc('shelf', { n: 2 }).select('title');
    expect(called.data).toEqual([{ title: 'Scroll' }, { title: 'Tablet' }]);
    const added = await db.rpc('add', { a: 1, b: 2 });
    expect(added.data).toBe(1003);
  });

  it('answers 406 PGRST106 for a schema not listed, existing or not, and never reads it', async () => {
    for (const schema of ['hidden', 'auth', 'pg_catalog', 'nope']) {
      const read = await backend.client().schema(schema).from('secrets').select('id');
      expect([read.status, read.error?.code, read.error?.hint]).toEqual([406, 'PGRST106', 'Only the following schemas are exposed: public, archive']);
      const write = await backend.client().schema(schema).from('secrets').insert({ id: 1 });
      expect([write.status, write.error?.code]).toEqual([406, 'PGRST106']);
    }
  });

  it("reloads each schema's cache on NOTIFY pgrst", async () => {
    const read = () => backend.client().schema('archive').from('later').select('id');
    await backend.ctx.db.exec(`create table archive.later (id int primary key); grant select on archive.later to anon; insert into archive.later values (7);`);
    expect((await read()).error?.code).toBe('PGRST205');
    await backend.ctx.db.exec(`notify pgrst, 'reload schema'`);
    await expect.poll(async () => (await read()).data, { timeout: 5000 }).toEqual([{ id: 7 }]);
  });
});
