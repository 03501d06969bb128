// Private channels' authorization, as supabase/realtime decides it (Realtime.Tenants.Authorization):
// RLS policies on realtime.messages, evaluated as the caller's role and JWT claims with
// realtime.topic() set to the channel's topic. Reading (join, receive) is a SELECT of messages of
// each extension inserted past RLS; writing (send, track) is an INSERT under RLS. Both happen in
// one transaction that is always rolled back, so nothing is kept and nothing is broadcast.
import type { BackendContext } from '../context.ts';
import { asRole } from '../db/role.ts';
import type { Identity } from './auth.ts';

type Extension = 'broadcast' | 'presence';
const EXTENSIONS: readonly Extension[] = ['broadcast', 'presence'];

interface Permissions {
  read: boolean;
  write: boolean;
}
export type Policies = Record<Extension, Permissions>;

/** A policy that fails (a bad cast, a missing function): nothing is allowed, as hosted Realtime. */
const NONE: Policies = { broadcast: { read: false, write: false }, presence: { read: false, write: false } };

/** Thrown inside the check's transaction so that it rolls back. */
class RolledBack extends Error {
  constructor(readonly policies: Policies) {
    super('rolled back');
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';
const codeOf = (error: unknown) => (error as { code?: string }).code;

/** What `who` may do on private `topic` (the name without realtime:). */
export async function policiesFor(ctx: BackendContext, who: Identity, topic: string): Promise<Policies> {
  try {
    return await ctx.apiDb.tx(async (q) => {
      const { rows: probes } = await q.query<{ extension: Extension; id: string }>(
        'select extension, id::text from _realtime.probe($1, $2::text[])',
        [topic, `{${EXTENSIONS.join(',')}}`],
      );
      await asRole(q, { role: who.role, claims: who.claims, method: 'POST', path: '/realtime', headers: {} });
      await q.query("select set_config('realtime.topic', $1, true)", [topic]);
      const { rows } = await q.query<{ id: string }>('select id::text from realtime.messages where id = any($1::uuid[])', [
        `{${probes.map((p) => p.id).join(',')}}`,
      ]);
      const readable = new Set(rows.map((r) => r.id));
      const policies: Policies = structuredClone(NONE);
      for (const p of probes) policies[p.extension].read = readable.has(p.id);
      for (const extension of EXTENSIONS) {
        await q.query('savepoint realtime_write');
        try {
          await q.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
          policies[extension].write = true;
        } catch (error) {
          if (codeOf(error) !== INSUFFICIENT_PRIVILEGE) throw error;
          await q.query('rollback to savepoint realtime_write');
        }
      }
      throw new RolledBack(policies);
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.policies;
    ctx.observe.log.warn({ err: error }, `realtime: RlsPolicyError on topic ${topic.slice(0, 100)}`);
    return NONE;
  }
}
