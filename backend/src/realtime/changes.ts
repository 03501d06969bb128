// postgres_changes: subscriptions checked at join, changes read from the capture queue
// (backend/migrations/20261127000600_realtime_capture.sql) as their NOTIFYs arrive, and each
// change sent only to subscribers whose filter matches and whose role and claims may SELECT the
// row under RLS (one check per distinct identity, as the REST API runs: db/role.ts).
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { asRole } from '../db/role.ts';
import { identityKey, type Identity } from './auth.ts';

const EVENTS: readonly string[] = ['*', 'INSERT', 'UPDATE', 'DELETE'];
const OPS: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '= any' };

/** What the client asked for, and the server id its change events carry. */
export interface ChangeSpec {
  id: number;
  /** As sent ('*', INSERT, UPDATE, DELETE in any case). */
  event: string;
  schema: string;
  table: string | undefined;
  filter: string | undefined;
}

interface Filter {
  column: string;
  op: string;
  /** The value as PostgreSQL text (an array literal for `in`). */
  value: string;
}

export interface ChangeSubscription {
  spec: ChangeSpec;
  filter: Filter | undefined;
}

/** Who listens: the subscriber's current identity and a way to send it an event. */
export interface ChangeListener {
  identity: Identity;
  changes: ChangeSubscription[];
  deliver(ids: number[], data: Record<string, unknown>): void;
}

interface TableInfo {
  columns: Array<{ name: string; type: string }>;
  primaryKey: string[];
  /** REPLICA IDENTITY FULL and no RLS: old records are whole, else only the primary key. */
  wholeOld: boolean;
}

interface Change {
  id: string;
  committed_at: string;
  schema_name: string;
  table_name: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/** A subscription the server refuses; its message is the join's error reason. */
export class SubscriptionError extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const relation = (schema: string, table: string) => `${quote(schema)}.${quote(table)}`;
const arrayLiteral = (items: string[]) => `{${items.map((i) => `"${i.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** postgres_changes one join may ask for (each is checked against the catalog). */
const MAX_PER_JOIN = 100;
/** How many queued changes one drain reads; the rest wait for the next. */
const BATCH = 100;
/** Change ids waiting to be read at most; past it new ones are dropped (and logged). */
const MAX_PENDING = 10_000;

async function tableInfo(q: Queryable, schema: string, table: string): Promise<TableInfo | undefined> {
  const { rows } = await q.query<{ name: string; type: string; pk: boolean; full: boolean; rls: boolean }>(
    `select a.attname as name, t.typname as type,
            coalesce(a.attnum = any(i.indkey), false) as pk,
            c.relreplident = 'f' as full, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')
      order by a.attnum`,
    [schema, table],
  );
  if (rows.length === 0) return undefined;
  return {
    columns: rows.map((r) => ({ name: r.name, type: r.type })),
    primaryKey: rows.filter((r) => r.pk).map((r) => r.name),
    wholeOld: rows[0]!.full && !rows[0]!.rls,
  };
}

function parseFilter(filter: string, info: TableInfo): Filter {
  const m = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(filter);
  if (!m) throw new SubscriptionError(`Invalid filter: ${filter}`);
  const [, column, op, raw] = m as unknown as [string, string, string, string];
  if (!info.columns.some((c) => c.name === column)) throw new SubscriptionError(`Invalid column for filter ${column}`);
  if (op !== 'in') return { column, op, value: raw };
  const list = /^\((.*)\)$/s.exec(raw);
  if (!list) throw new SubscriptionError(`Invalid filter: ${filter}`);
  return { column, op, value: arrayLiteral(list[1]!.split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'))) };
}

/** The filter as SQL over `r`, the changed record as the table's row type; its value is $2. */
const filterSql = (f: Filter) => `(r.${quote(f.column)} ${OPS[f.op]}($2))`;

export function createChanges(ctx: BackendContext, listeners: () => Iterable<ChangeListener>) {
  let nextId = 1;
  let syncing: Promise<unknown> = Promise.resolve();
  const pending: string[] = [];
  let draining = false;
  let stopped = false;

  /** Serialized: two joins at once must not both create the same trigger. */
  const syncTriggers = () => (syncing = syncing.catch(() => undefined).then(() => ctx.db.query('select _realtime.sync_triggers()')));

  /** Checks a join's postgres_changes list; throws SubscriptionError for what the server refuses. */
  async function prepare(requested: unknown): Promise<ChangeSubscription[]> {
    if (requested === undefined) return [];
    if (!Array.isArray(requested)) throw new SubscriptionError('postgres_changes must be a list');
    if (requested.length > MAX_PER_JOIN) throw new SubscriptionError(`Too many postgres_changes: at most ${MAX_PER_JOIN} per channel`);
    const subscriptions: ChangeSubscription[] = [];
    for (const item of requested as Array<Record<string, unknown>>) {
      const { event, schema, table, filter } = item ?? {};
      if (typeof event !== 'string' || !EVENTS.includes(event.toUpperCase())) throw new SubscriptionError(`Invalid event: ${String(event)}`);
      if (typeof schema !== 'string' || schema === '') throw new SubscriptionError('A schema is required');
      if (table !== undefined && table !== null && typeof table !== 'string') throw new SubscriptionError('Invalid table');
      if (filter !== undefined && filter !== null && typeof filter !== 'string') throw new SubscriptionError('Invalid filter');
      // Echoed as sent: the client matches the reply's list against its own, field by field.
      const spec: ChangeSpec = { id: nextId++, event, schema, table: table || undefined, filter: filter || undefined };
      let parsed: Filter | undefined;
      if (spec.table !== undefined && spec.table !== '*') {
        const info = await tableInfo(ctx.db, schema, spec.table);
        if (!info) throw new SubscriptionError(`Unable to subscribe to changes: table ${schema}.${spec.table} does not exist`);
        if (spec.filter) {
          parsed = parseFilter(spec.filter, info);
          // The value must read as the column's type (an unknown one would fail every change).
          await ctx.db
            .query(`select ${filterSql(parsed)} from jsonb_populate_record(null::${relation(schema, spec.table)}, $1::jsonb) r`, ['{}', parsed.value])
            .catch((error: Error) => {
              throw new SubscriptionError(`Invalid filter value: ${error.message}`);
            });
        }
      } else if (spec.filter) {
        throw new SubscriptionError('A filter needs a table');
      }
      subscriptions.push({ spec, filter: parsed });
    }
    if (subscriptions.length > 0) await syncTriggers();
    return subscriptions;
  }

  const matches = (s: ChangeSubscription, c: Change) =>
    s.spec.schema === c.schema_name &&
    (s.spec.table === undefined || s.spec.table === '*' || s.spec.table === c.table_name) &&
    (s.spec.event === '*' || s.spec.event.toUpperCase() === c.type);

  /**
   * The columns `who` may SELECT when it may read the changed row now, under RLS (deletes, as on
   * hosted Realtime, are not checked against RLS: the row is gone); undefined when it may not.
   * The row is judged as it is when the change is read: one deleted meanwhile is not delivered.
   */
  async function readable(who: Identity, c: Change, info: TableInfo): Promise<Set<string> | undefined> {
    if (info.primaryKey.length === 0) return undefined;
    const keys = info.primaryKey.map(quote);
    const table = relation(c.schema_name, c.table_name);
    const rowVisible =
      c.type === 'DELETE'
        ? '$1::jsonb is not null' // true; $1 still needs a type
        : `exists(select 1 from ${table} t where (${keys.map((k) => `t.${k}`).join(', ')}) =
             (select ${keys.map((k) => `r.${k}`).join(', ')} from jsonb_populate_record(null::${table}, $1::jsonb) r))`;
    try {
      return await ctx.apiDb.tx(async (q) => {
        await asRole(q, { role: who.role, claims: who.claims, method: 'GET', path: '/realtime', headers: {}, readOnly: true });
        const { rows } = await q.query<{ visible: boolean; columns: string[] }>(
          `select ${rowVisible} as visible,
                  (select coalesce(array_agg(a.attname::text), '{}') from pg_attribute a
                    where a.attrelid = $2::regclass and a.attnum > 0 and not a.attisdropped
                      and has_column_privilege(a.attrelid, a.attnum, 'SELECT')) as columns`,
          [JSON.stringify(c.record ?? {}), table],
        );
        const columns = new Set(rows[0]?.columns ?? []);
        return rows[0]?.visible === true && info.primaryKey.every((k) => columns.has(k)) ? columns : undefined;
      });
    } catch {
      return undefined; // no privilege on the table, or a policy that fails: nothing is shown
    }
  }

  async function filterHolds(f: Filter, c: Change, record: Record<string, unknown> | null): Promise<boolean> {
    if (!record) return false;
    const { rows } = await ctx.db.query<{ holds: boolean | null }>(
      `select ${filterSql(f)} as holds from jsonb_populate_record(null::${relation(c.schema_name, c.table_name)}, $1::jsonb) r`,
      [JSON.stringify(record), f.value],
    );
    return rows[0]?.holds === true;
  }

  async function dispatch(c: Change, info: TableInfo): Promise<void> {
    const old = c.old_record && (info.wholeOld ? c.old_record : Object.fromEntries(info.primaryKey.map((k) => [k, c.old_record![k]])));
    const record = c.type === 'DELETE' ? old : c.record;
    const only = (row: Record<string, unknown> | null, columns: Set<string>) => row && Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k)));
    /** The event as one identity may see it: only the columns it may SELECT. */
    const dataFor = async (who: Identity) => {
      const columns = await readable(who, c, info);
      if (!columns) return undefined;
      return {
        schema: c.schema_name,
        table: c.table_name,
        commit_timestamp: new Date(c.committed_at).toISOString(),
        type: c.type,
        columns: info.columns.filter((col) => columns.has(col.name)),
        record: only(c.record, columns),
        old_record: only(old, columns),
        errors: null,
      };
    };
    const filterResults = new Map<Filter, Promise<boolean>>();
    const byIdentity = new Map<string, ReturnType<typeof dataFor>>();
    await Promise.all(
      [...listeners()].map(async (l) => {
        const ids: number[] = [];
        for (const s of l.changes) {
          if (!matches(s, c)) continue;
          if (s.filter) {
            let holds = filterResults.get(s.filter);
            if (!holds) filterResults.set(s.filter, (holds = filterHolds(s.filter, c, record)));
            if (!(await holds)) continue;
          }
          ids.push(s.spec.id);
        }
        if (ids.length === 0) return;
        const key = identityKey(l.identity);
        let data = byIdentity.get(key);
        if (!data) byIdentity.set(key, (data = dataFor(l.identity)));
        const seen = await data;
        if (seen) l.deliver(ids, seen);
      }),
    );
  }

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && !stopped) {
        const batch = pending.splice(0, BATCH);
        const { rows } = await ctx.db.query<Change>(
          `select id::text, committed_at::text, schema_name, table_name, type, record, old_record
             from _realtime.changes where id = any($1::bigint[]) order by id`,
          [`{${batch.join(',')}}`],
        );
        const tables = new Map<string, TableInfo | undefined>();
        for (const c of rows) {
          const name = relation(c.schema_name, c.table_name);
          if (!tables.has(name)) tables.set(name, await tableInfo(ctx.db, c.schema_name, c.table_name));
          const info = tables.get(name);
          if (info) await dispatch(c, info);
        }
      }
    } catch (error) {
      if (!stopped) console.error('[realtime] reading changes failed:', (error as Error).message);
    } finally {
      draining = false;
    }
  }

  let unlisten: (() => Promise<void>) | undefined;
  let sweep: NodeJS.Timeout | undefined;
  return {
    prepare,
    async start(): Promise<void> {
      await syncTriggers();
      unlisten = await ctx.db.listen('realtime_changes', (id) => {
        if (!/^\d+$/.test(id)) return;
        if (pending.length >= MAX_PENDING) {
          console.error('[realtime] change queue full: a change was dropped');
          return;
        }
        pending.push(id);
        void drain();
      });
      // Every process reads a change within the minute it is kept; any of them clears older ones.
      sweep = setInterval(() => {
        ctx.db.query(`delete from _realtime.changes where committed_at < now() - interval '1 minute'`).catch(() => undefined);
      }, 10_000);
      sweep.unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(sweep);
      await unlisten?.();
    },
  };
}
