// postgres_changes: subscriptions checked at join, changes read from the capture queue
// (backend/migrations/20261127000600_realtime_capture.sql) as their NOTIFYs arrive, and each
// change sent only to subscribers whose filter matches and whose role and claims may SELECT the
// row under RLS. A change costs what its distinct subscribers cost, not what all of them do (as
// supabase/realtime): every distinct filter of its table is evaluated in one statement (the
// filters are its parameters, so a thousand cost one query), and the RLS check runs once per
// distinct identity (as the REST API runs: db/role.ts), a few at a time so REST keeps its share
// of the database. A join learns nothing of the catalog: a table that does not exist, one its
// role may not read, a column it may not read and a value its type refuses all get one reason.
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { asRole } from '../db/role.ts';
import { identityKey, type Identity } from './auth.ts';
import type { Limiter } from './limits.ts';

const EVENTS: readonly string[] = ['*', 'INSERT', 'UPDATE', 'DELETE'];
/** SQL of each operator; `in` is checked as one `eq` per value of its list. */
const OPS: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

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
  /** eq, neq, lt, lte, gt, gte; `in` is eq with several values (it holds when one does). */
  op: string;
  /** As PostgreSQL text, read as the column's type. */
  values: string[];
  /** The same for equal filters of a table, which share one evaluation. */
  key: string;
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
const pgArray = (items: string[]) => `{${items.map((i) => `"${i.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** postgres_changes one join may ask for (each of their tables is checked against the catalog). */
const MAX_PER_JOIN = 100;
/** A filter's length, and the values of an `in` list (hosted Realtime's 100). */
const MAX_FILTER_CHARS = 4096;
const MAX_IN_VALUES = 100;
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

/**
 * The columns of schema.table `role` may SELECT; undefined when there is no such table, or its
 * schema or every column is closed to the role (or the role does not exist): the same answer.
 */
async function readableColumns(q: Queryable, schema: string, table: string, role: string): Promise<Set<string> | undefined> {
  try {
    const { rows } = await q.query<{ name: string }>(
      `select a.attname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')
          and has_schema_privilege($3, n.oid, 'USAGE') and has_column_privilege($3, c.oid, a.attnum, 'SELECT')`,
      [schema, table, role],
    );
    return rows.length > 0 ? new Set(rows.map((r) => r.name)) : undefined;
  } catch {
    return undefined;
  }
}

/** A filter's syntax, read before anything of the catalog is (its errors tell nothing of it). */
function parseFilter(filter: string): Filter {
  const m = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(filter);
  if (!m || filter.length > MAX_FILTER_CHARS) throw new SubscriptionError(`Invalid filter: ${filter.slice(0, 100)}`);
  const [, column, op, raw] = m as unknown as [string, string, string, string];
  if (op !== 'in') return { column, op, values: [raw], key: JSON.stringify([column, op, raw]) };
  const list = /^\((.*)\)$/s.exec(raw);
  if (!list) throw new SubscriptionError(`Invalid filter: ${filter.slice(0, 100)}`);
  const values = list[1]!.split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
  if (values.length > MAX_IN_VALUES) throw new SubscriptionError(`Invalid filter: at most ${MAX_IN_VALUES} values in a list`);
  return { column, op: 'eq', values, key: JSON.stringify([column, 'in', values]) };
}

/**
 * One statement telling which of `filters` hold for a record of schema.table ($1, jsonb). The
 * filters are its parameters: their values as one JSON list read into rows of the table's type
 * by jsonb_populate_recordset (each read as its column's type, as the record is), numbered as
 * the filters are ($3, $4: filter number and branch per value). The statement has one CASE branch
 * per distinct column and operator, so its text does not grow with the filters.
 */
function filterCheck(schema: string, table: string, info: TableInfo, filters: Filter[]): { sql: string; params: unknown[] } {
  const rel = relation(schema, table);
  const branches: string[] = [];
  const rows: Array<Record<string, string>> = [];
  const numbers: number[] = [];
  const branchOf: number[] = [];
  const values: string[] = [];
  filters.forEach((f, n) => {
    // jsonb_populate_recordset would take a jsonb column's value as a JSON string: it is parsed instead.
    const jsonb = info.columns.find((c) => c.name === f.column)?.type === 'jsonb';
    const sql = `r.${quote(f.column)} ${OPS[f.op]} ${jsonb ? 'f.value::jsonb' : `v.${quote(f.column)}`}`;
    let branch = branches.indexOf(sql);
    if (branch < 0) branch = branches.push(sql) - 1;
    for (const value of f.values) {
      rows.push(jsonb ? {} : { [f.column]: value });
      numbers.push(n);
      branchOf.push(branch);
      values.push(value);
    }
  });
  const cases = branches.map((sql, i) => `when ${i} then ${sql}`).join(' ');
  return {
    sql: `select coalesce(array_agg(distinct f.n), '{}') as holding
            from jsonb_populate_record(null::${rel}, $1::jsonb) r,
                 jsonb_populate_recordset(null::${rel}, $2::jsonb) with ordinality v
            join unnest($3::int[], $4::int[], $5::text[]) with ordinality f(n, branch, value, i) on f.i = v.ordinality
           where case f.branch ${cases} end`,
    params: [null, JSON.stringify(rows), `{${numbers.join(',')}}`, `{${branchOf.join(',')}}`, pgArray(values)],
  };
}

/** `turn` runs Realtime's statements a few at a time (limits.ts: QUERIES_AT_ONCE). */
export function createChanges(ctx: BackendContext, listeners: () => Iterable<ChangeListener>, turn: Limiter) {
  let nextId = 1;
  let syncing: Promise<unknown> = Promise.resolve();
  const pending: string[] = [];
  let draining = false;
  let stopped = false;

  /** Serialized: two joins at once must not both create the same trigger. */
  const syncTriggers = () => (syncing = syncing.catch(() => undefined).then(() => ctx.db.query('select _realtime.sync_triggers()')));

  /** The filters of `filters` that hold for `record` of the change's table, by key. */
  async function holding(c: Change, info: TableInfo, filters: Filter[], record: Record<string, unknown> | null): Promise<Set<string>> {
    if (!record || filters.length === 0) return new Set();
    const { sql, params } = filterCheck(c.schema_name, c.table_name, info, filters);
    params[0] = JSON.stringify(record);
    try {
      const { rows } = await ctx.db.query<{ holding: number[] }>(sql, params);
      return new Set((rows[0]?.holding ?? []).map((n) => filters[n]!.key));
    } catch (error) {
      // A value its column's type no longer reads (the column changed since the join).
      ctx.observe.log.error({ err: error }, `realtime: filters of ${c.schema_name}.${c.table_name} failed`);
      return new Set();
    }
  }

  /** One requested subscription as sent, its filter's syntax read; throws SubscriptionError. */
  function parseOne(item: unknown): ChangeSubscription {
    if (typeof item !== 'object' || item === null) throw new SubscriptionError('Invalid postgres_changes entry');
    const { event, schema, table, filter } = item as Record<string, unknown>;
    if (typeof event !== 'string' || !EVENTS.includes(event.toUpperCase())) throw new SubscriptionError(`Invalid event: ${String(event).slice(0, 100)}`);
    if (typeof schema !== 'string' || schema === '') throw new SubscriptionError('A schema is required');
    if (table !== undefined && table !== null && typeof table !== 'string') throw new SubscriptionError('Invalid table');
    if (filter !== undefined && filter !== null && typeof filter !== 'string') throw new SubscriptionError('Invalid filter');
    // Echoed as sent: the client matches the reply's list against its own, field by field.
    const spec: ChangeSpec = { id: nextId++, event, schema, table: table || undefined, filter: filter || undefined };
    const wholeSchema = spec.table === undefined || spec.table === '*';
    if (wholeSchema && spec.filter) throw new SubscriptionError('A filter needs a table');
    return { spec, filter: spec.filter && !wholeSchema ? parseFilter(spec.filter) : undefined };
  }

  /** The one refusal for whatever the catalog would answer (hosted Realtime's words). */
  const unable = ({ spec }: ChangeSubscription) =>
    new SubscriptionError(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ' +
        `[event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table}, filters: [${spec.filter ?? ''}]]`.slice(0, 400),
    );

  /** The subscriptions to one table, checked as `role` may make them: a few statements, whatever their number. */
  async function checkTable(schema: string, table: string, subscriptions: ChangeSubscription[], role: string): Promise<void> {
    const columns = await readableColumns(ctx.db, schema, table, role);
    const unreadable = subscriptions.find((s) => !columns || (s.filter && !columns.has(s.filter.column)));
    if (unreadable) throw unable(unreadable);
    const filtered = subscriptions.filter((s) => s.filter);
    if (filtered.length === 0) return;
    const info = await tableInfo(ctx.db, schema, table);
    if (!info) throw unable(filtered[0]!);
    // Each value must read as its column's type, or the filter would fail with every change.
    const valid = (some: ChangeSubscription[]) => {
      const { sql, params } = filterCheck(schema, table, info, some.map((s) => s.filter!));
      params[0] = '{}';
      return ctx.db.query(sql, params).then(() => true, () => false);
    };
    if (await valid(filtered)) return;
    for (const s of filtered) if (!(await valid([s]))) throw unable(s);
  }

  /** Checks a join's postgres_changes list as `who` may make it; throws SubscriptionError for what the server refuses. */
  async function prepare(requested: unknown, who: Identity): Promise<ChangeSubscription[]> {
    if (requested === undefined) return [];
    if (!Array.isArray(requested)) throw new SubscriptionError('postgres_changes must be a list');
    if (requested.length > MAX_PER_JOIN) throw new SubscriptionError(`Too many postgres_changes: at most ${MAX_PER_JOIN} per channel`);
    const subscriptions = requested.map(parseOne);
    const byTable = new Map<string, ChangeSubscription[]>();
    for (const s of subscriptions) {
      if (s.spec.table === undefined || s.spec.table === '*') continue;
      const key = relation(s.spec.schema, s.spec.table);
      byTable.set(key, [...(byTable.get(key) ?? []), s]);
    }
    await turn(async () => {
      for (const group of byTable.values()) await checkTable(group[0]!.spec.schema, group[0]!.spec.table!, group, who.role);
    });
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
    // The subscriptions this change is for, and their distinct filters.
    const interested: Array<{ listener: ChangeListener; identity: Identity; subscriptions: ChangeSubscription[] }> = [];
    const filters = new Map<string, Filter>();
    for (const listener of listeners()) {
      const subscriptions = listener.changes.filter((s) => matches(s, c));
      if (subscriptions.length === 0) continue;
      interested.push({ listener, identity: listener.identity, subscriptions });
      for (const s of subscriptions) if (s.filter) filters.set(s.filter.key, s.filter);
    }
    if (interested.length === 0) return;
    const holds = await holding(c, info, [...filters.values()], record);
    // Who gets it, by identity: one RLS check each.
    const byIdentity = new Map<string, { identity: Identity; deliveries: Array<{ listener: ChangeListener; ids: number[] }> }>();
    for (const { listener, identity, subscriptions } of interested) {
      const ids = subscriptions.filter((s) => !s.filter || holds.has(s.filter.key)).map((s) => s.spec.id);
      if (ids.length === 0) continue;
      const key = identityKey(identity);
      let group = byIdentity.get(key);
      if (!group) byIdentity.set(key, (group = { identity, deliveries: [] }));
      group.deliveries.push({ listener, ids });
    }
    await Promise.all(
      [...byIdentity.values()].map(async ({ identity, deliveries }) => {
        const data = await turn(() => dataFor(identity));
        if (data) for (const { listener, ids } of deliveries) listener.deliver(ids, data);
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
      if (!stopped) ctx.observe.log.error({ err: error }, 'realtime: reading changes failed');
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
          ctx.observe.log.error('realtime: change queue full, a change was dropped');
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
