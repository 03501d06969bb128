// Prefer: tx on PGlite and PostgreSQL, as PostgREST's db-tx-end has it: ignored by default (the
// transaction commits), honoured with REST_TX_END=commit-allow-override (tx=rollback answers as
// usual and keeps nothing), and REST_TX_END=rollback keeps nothing whatever is asked. The same
// holds for the EXPLAIN ANALYZE of a write (the plan media type, REST_PLAN_ENABLED), which runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const ROOM = { 'house-title': 'Tx test house', price: 8300, max_guests: 2, city: 'Txville', country: 'Testland' };

describe.each(databases('driver'))('Prefer: tx on %s', (kind) => {
  const backends: Record<string, TestBackend> = {};

  beforeAll(async () => {
    for (const end of ['commit', 'commit-allow-override', 'rollback']) {
      backends[end] = await startTestBackend(kind, { env: { SEED_ROOMS: '0', REST_TX_END: end, REST_PLAN_ENABLED: 'true' } });
    }
  });
  afterAll(async () => {
    for (const backend of Object.values(backends)) await backend.close();
  });

  async function insert(end: string, prefer: string, accept = 'application/json') {
    const backend = backends[end]!;
    const key = backend.keys.serviceRoleKey;
    const r = await fetch(`${backend.url}/rest/v1/Rooms?select=city`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer, accept },
      body: JSON.stringify(ROOM),
    });
    const body = accept === 'application/json' ? ((await r.json()) as unknown) : await r.text();
    const { count } = await backend.client(key).from('Rooms').select('id', { count: 'exact', head: true }).eq('city', 'Txville');
    await backend.ctx.db.exec(`delete from public."Rooms" where city = 'Txville'`);
    return { status: r.status, body, applied: r.headers.get('preference-applied'), kept: count };
  }

  it('by default tx=rollback is ignored: the row is kept and the preference not applied', async () => {
    expect(await insert('commit', 'return=representation, tx=rollback')).toEqual({
      status: 201,
      body: [{ city: 'Txville' }],
      applied: 'return=representation',
      kept: 1,
    });
  });

  it('where an override is allowed, tx=rollback answers as usual and keeps nothing; tx=commit keeps', async () => {
    const rolledBack = await insert('commit-allow-override', 'return=representation, tx=rollback');
    expect(rolledBack).toEqual({ status: 201, body: [{ city: 'Txville' }], applied: 'return=representation, tx=rollback', kept: 0 });
    expect((await insert('commit-allow-override', 'return=representation, tx=commit')).kept).toBe(1);
  });

  it('an analysed write runs and is kept, or rolled back where tx=rollback is honoured', async () => {
    const plan = 'application/vnd.pgrst.plan+text; options=analyze';
    const kept = await insert('commit', 'return=representation', plan);
    expect([kept.status, kept.kept]).toEqual([200, 1]);
    expect(kept.body).toMatch(/Execution Time/);
    expect((await insert('commit-allow-override', 'return=representation, tx=rollback', plan)).kept).toBe(0);
    expect((await insert('rollback', 'return=representation', plan)).kept).toBe(0);
  });

  it('REST_TX_END=rollback keeps nothing, whatever is asked', async () => {
    expect((await insert('rollback', 'return=representation, tx=commit')).kept).toBe(0);
  });
});
