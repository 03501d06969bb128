// PostgREST's settings through supabase-js on PGlite and PostgreSQL. Exposed schemas
// (REST_SCHEMAS=public,archive, the fixture's archive): .schema('archive') reads, writes and calls
// there, embedding within it and with the schema first on the search path; a schema not listed is
// never reachable; the schema cache of each reloads on NOTIFY pgrst. db-max-rows (REST_MAX_ROWS=5)
// and the plan media type (REST_PLAN_ENABLED=true, supabase-js's explain()).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, plannedRows, startRestBackend, type TestBackend } from './support/backend.ts';

describe.each(databases('notify'))('REST settings on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  beforeAll(async () => {
    backend = await startRestBackend(kind, { env: { REST_SCHEMAS: 'public,archive', REST_MAX_ROWS: '5', REST_PLAN_ENABLED: 'true' } });
    anon = backend.client();
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

  it('answers at most REST_MAX_ROWS rows, 206 of the total; count=estimated past it is the larger of the count and the estimate', async () => {
    const r = await anon.from('Rooms').select('id', { count: 'exact' }).order('id');
    expect([r.status, r.data?.length, r.count]).toEqual([206, 5, 40]);
    await backend.ctx.db.exec('analyze public."Rooms"');
    // Past REST_MAX_ROWS the count stops at 6; the planner's estimate (the policy on Rooms takes
    // its share of the 40 rows) is larger.
    const estimate = await plannedRows(backend, 'select id from public."Rooms"');
    expect(estimate).toBeGreaterThan(6);
    const estimated = await anon.from('Rooms').select('id', { count: 'estimated' }).order('id');
    expect([estimated.status, estimated.count]).toEqual([206, estimate]);
    const few = await anon.from('Rooms').select('id', { count: 'estimated' }).lt('id', 4);
    expect([few.status, few.count]).toEqual([200, 3]);
  });

  it("explain() answers the statement's plan, as JSON or text, analysed on request", async () => {
    const json = await anon.from('Rooms').select('id, city').lt('id', 3).explain({ format: 'json', analyze: true });
    expect(json.error).toBeNull();
    const [plan] = json.data as unknown as Array<{ Plan: { 'Node Type': string; 'Actual Rows': number } }>;
    expect([plan!.Plan['Node Type'], plan!.Plan['Actual Rows']]).toEqual(['Aggregate', 1]);
    const text = await anon.from('Rooms').select('id').explain();
    expect(text.data).toMatch(/^Aggregate {2}\(cost=/);
  });

  it('an analysed write runs as the write would (with its grants); an analysed GET stays read-only', async () => {
    const analyse = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      fetch(`${backend.url}/rest/v1${path}`, {
        method,
        headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${backend.keys.anonKey}`, accept: 'application/vnd.pgrst.plan+text; options=analyze', ...headers },
        body,
      });
    const write = await analyse('POST', '/jottings', { 'content-type': 'application/json' }, '{"note":"explained"}');
    expect(write.status).toBe(200);
    expect(await write.text()).toMatch(/Execution Time/);
    expect((await anon.from('jottings').select('note').eq('note', 'explained')).data).toEqual([{ note: 'explained' }]);
    const call = await analyse('GET', '/rpc/touch', {});
    expect([call.status, ((await call.json()) as { code: string }).code]).toEqual([405, '25006']);
  });
});
