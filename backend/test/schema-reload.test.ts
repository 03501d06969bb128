// The REST schema cache reloads on NOTIFY pgrst, as PostgREST's does, on PGlite and PostgreSQL:
// a table made after start answers 404 PGRST205 until the notification, then serves its rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

describe.each(databases('notify'))('schema reload on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("NOTIFY pgrst, 'reload schema' makes a new table readable", async () => {
    const read = () => backend.client().from('Later').select('id, note');
    await backend.ctx.db.exec(`create table public."Later" (id int primary key, note text);
      grant select on public."Later" to anon, authenticated;
      insert into public."Later" values (1, 'made after start');`);
    const before = await read();
    expect([before.status, before.error?.code]).toEqual([404, 'PGRST205']);
    await backend.ctx.db.exec(`notify pgrst, 'reload schema'`);
    await expect.poll(async () => (await read()).data, { timeout: 5000 }).toEqual([{ id: 1, note: 'made after start' }]);
  });
});
