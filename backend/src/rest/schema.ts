// What /rest/v1 knows about each exposed schema (REST_SCHEMAS): relations, columns, keys,
// functions. Read from pg_catalog at start, after migrations and on NOTIFY pgrst; never per request.
import type { Queryable } from '../db/index.ts';

export interface Column {
  name: string;
  /** format_type() output, e.g. "bigint", "text[]", "timestamp with time zone". */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /**
   * The column's default as an expression a SELECT can evaluate row by row (Prefer:
   * missing=default): its DEFAULT, or nextval of an identity column's sequence; none for the rest.
   */
  defaultExpr: string | undefined;
}

export interface Relation {
  schema: string;
  name: string;
  /** r table, v view, m materialized view, f foreign table, p partitioned table. */
  kind: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  /**
   * Computed fields: functions of one row of this table (other parameters optional) returning
   * one value. Selected, filtered and ordered by like columns (PostgreSQL calls fn(row) for
   * row.fn); not part of '*'.
   */
  computed: Set<string>;
}

export interface RoutineParam {
  name: string;
  type: string;
  /** Has a DEFAULT, so it may be left out. */
  optional: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  /** Relation whose rows it returns (setof "Rooms"), undefined otherwise. */
  returnsRelation: string | undefined;
  /** Function with OUT/TABLE columns (returns record). */
  returnsTable: boolean;
  /** Scalar return (neither a relation row nor a table). */
  returnsScalar: boolean;
  /** Returns void: answered 204 with no body. */
  returnsVoid: boolean;
  /** Result columns of a function with OUT/TABLE parameters, in order. */
  outColumns: string[];
  volatile: boolean;
}

export type Cardinality = 'one-to-many' | 'many-to-one' | 'one-to-one' | 'many-to-many';

/** A table with foreign keys to both sides of a many-to-many relationship. */
export interface Junction {
  table: string;
  /** The junction's foreign key to the relationship's table, and to its foreign table. */
  constraint1: string;
  constraint2: string;
  /** (column of the table, junction column) and (column of the foreign table, junction column). */
  sourceColumns: Array<[string, string]>;
  targetColumns: Array<[string, string]>;
}

/**
 * A relationship between two tables of one schema, from one table's point of view, as
 * PostgREST 12 derives them from foreign keys: each key is a many-to-one from its table and a
 * one-to-many back (one-to-one both ways when its columns are its table's primary key or a
 * unique constraint), and a table whose primary key holds two foreign keys' columns joins
 * their two tables many-to-many.
 */
export interface Relationship {
  table: string;
  foreignTable: string;
  isSelf: boolean;
  cardinality: Cardinality;
  /** The foreign key's name (many-to-many: none, see junction). */
  constraint: string;
  /** (column of table, column of foreignTable) pairs, in the key's order. */
  columns: Array<[string, string]>;
  junction: Junction | undefined;
  /**
   * A computed relationship: the function of one row of table returning rows of foreignTable
   * (setof, or one row) that it is named by; it joins by calling the function, not by columns.
   */
  computed?: string;
}

export const isToOne = (rel: Relationship) => rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';

/** One exposed schema's objects; a request sees those of the schema it asks for (plan.ts). */
export interface SchemaCache {
  schema: string;
  relations: Map<string, Relation>;
  routines: Map<string, Routine[]>;
  /** By table name: its relationships, in PostgREST's order (the order PGRST201 lists them in). */
  relationships: Map<string, Relationship[]>;
}

const RELATIONS_SQL = `
select n.nspname as schema, c.relname as rel, c.relkind::text as kind, a.attname as col,
       format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
       (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
       case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
            when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_expr
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by n.nspname, c.relname, a.attnum`;

const PRIMARY_KEYS_SQL = `
select n.nspname as schema, c.relname as rel, a.attname as col
from pg_index i
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_' and i.indisprimary
order by n.nspname, c.relname, k.ord`;

/**
 * Foreign keys of every schema but the system's (a view of an exposed schema may show a table of
 * another: viewKeys), with whether
 * their columns, in the key's order, are their table's primary key or a unique constraint.
 */
const FOREIGN_KEYS_SQL = `
with keys as (
  select k.conrelid, jsonb_agg(cols.cols) as cols
  from pg_constraint k
  cross join lateral (
    select jsonb_agg(a.attname order by a.attnum) as cols
    from unnest(k.conkey) as u(attnum)
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
  ) cols
  where k.contype in ('p', 'u')
  group by k.conrelid
)
select tn.nspname as schema, fn.nspname as foreign_schema, fk.conname as name, t.relname as rel, f.relname as foreign_rel,
       cols.cols as cols, cols.fcols as fcols,
       coalesce(exists (select from jsonb_array_elements(keys.cols) k(cols) where k.cols = cols.cols), false) as one_to_one
from pg_constraint fk
join pg_class t on t.oid = fk.conrelid
join pg_namespace tn on tn.oid = t.relnamespace
join pg_class f on f.oid = fk.confrelid
join pg_namespace fn on fn.oid = f.relnamespace
cross join lateral (
  select jsonb_agg(a.attname order by u.ord) as cols, jsonb_agg(b.attname order by u.ord) as fcols
  from unnest(fk.conkey, fk.confkey) with ordinality as u(col, ref, ord)
  join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = u.col
  join pg_attribute b on b.attrelid = fk.confrelid and b.attnum = u.ref
) cols
left join keys on keys.conrelid = fk.conrelid
where fk.contype = 'f' and fk.conparentid = 0 and tn.nspname not in ('pg_catalog', 'information_schema') and tn.nspname !~ '^pg_'
order by fk.conrelid, fk.conname`;

/** The views of the exposed schemas: their stored query (the _RETURN rule's) and column names. */
const VIEWS_SQL = `
select n.nspname as schema, c.relname as view, r.ev_action::text as def,
       array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as cols,
       array(select a.attnum::int from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as nums
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
where c.relkind in ('v', 'm') and n.nspname = any($1::text[])`;

/** Names of the columns that view columns come from, by table oid and column number. */
const ORIGINS_SQL = `
select c.oid::text as oid, n.nspname::text as schema, c.relname::text as rel, a.attnum::int as num, a.attname::text as col
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.oid = any($1::oid[])`;

/**
 * The origin of each column of a stored view query (pg_rewrite.ev_action, the parse tree as
 * text): its top-level target entries' column number (resno) and the table and column a plain
 * column reference comes from (resorigtbl, resorigcol; 0 for anything else). Entries of nested
 * queries (subqueries, sublinks) are deeper and not read. One pass; \ escapes a character.
 */
export function viewTargets(def: string): Array<{ resno: number; table: string; column: number }> {
  const out: Array<{ resno: number; table: string; column: number }> = [];
  let depth = 0;
  let inTargets = false;
  let entry: Record<string, string> = {};
  const field = (i: number, name: string) => def.startsWith(`:${name} `, i);
  for (let i = 0; i < def.length; i++) {
    const ch = def[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      depth--;
      if (inTargets && depth === 3 && ch === '}') {
        out.push({ resno: Number(entry.resno), table: entry.resorigtbl ?? '0', column: Number(entry.resorigcol ?? 0) });
        entry = {};
      }
      // The top query's target list closed: nothing after it is read.
      if (inTargets && depth === 2) break;
    } else if (ch === ':') {
      // Fields of the top query are at depth 2: ({QUERY :targetList ({TARGETENTRY :resno 1 ...} ...) ...}).
      if (depth === 2 && field(i, 'targetList')) inTargets = true;
      else if (inTargets && depth === 4) {
        for (const name of ['resno', 'resorigtbl', 'resorigcol']) {
          if (field(i, name)) entry[name] = /^\d+/.exec(def.slice(i + name.length + 2, i + name.length + 24))?.[0] ?? '0';
        }
      }
    }
  }
  return out;
}

/** Where the columns of the views of the exposed schemas come from: each plain column's table column. */
async function loadViewColumns(q: Queryable, schemas: readonly string[]): Promise<ViewColumn[]> {
  const views = await q.query<{ schema: string; view: string; def: string; cols: string[]; nums: number[] }>(VIEWS_SQL, [schemas]);
  const targets = views.rows.map((v) => viewTargets(v.def).filter((t) => t.table !== '0'));
  const oids = [...new Set(targets.flat().map((t) => t.table))];
  if (oids.length === 0) return [];
  const origins = await q.query<{ oid: string; schema: string; rel: string; num: number; col: string }>(ORIGINS_SQL, [oids]);
  const originOf = new Map(origins.rows.map((o) => [`${o.oid}.${o.num}`, o]));
  return views.rows.flatMap((v, i) =>
    targets[i]!.flatMap((t) => {
      const col = v.cols[v.nums.indexOf(t.resno)];
      const origin = originOf.get(`${t.table}.${t.column}`);
      return col === undefined || !origin ? [] : [{ schema: v.schema, view: v.view, col, origin_schema: origin.schema, origin_rel: origin.rel, origin_col: origin.col }];
    }),
  );
}

const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
       p.pronargs as nargs, p.pronargdefaults as ndefaults, p.prorows::float8 as rows,
       coalesce(p.proargnames, '{}'::text[]) as arg_names,
       coalesce(p.proargmodes::text[], '{}'::text[]) as arg_modes,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, o) order by o) as arg_types,
       rt.typname as return_type, rt.typtype::text as return_typtype,
       (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
          where rc.oid = rt.typrelid and rn.nspname = n.nspname) as return_relation,
       (select ac.relname from pg_class ac join pg_namespace an on an.oid = ac.relnamespace
          where p.pronargs > 0 and ac.reltype = p.proargtypes[0] and an.nspname = n.nspname and ac.relkind in ('r', 'v', 'm', 'f', 'p')) as row_relation
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1::text[]) and p.prokind = 'f'`;

const WHOLE_BODY_TYPES: ReadonlySet<string> = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * The order of overloads (PostgREST's Ord Routine), which PGRST203 lists them in: fewer
 * parameters first, then by the parameters' names, types and whether required (optional first).
 */
function byRoutineOrder(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let i = 0; i < a.params.length; i++) {
    const [p, q] = [a.params[i]!, b.params[i]!];
    const order = compareText(p.name, q.name) || compareText(p.type, q.type) || Number(!p.optional) - Number(!q.optional);
    if (order !== 0) return order;
  }
  return 0;
}

interface RoutineRow {
  schema: string;
  name: string;
  returns_set: boolean;
  volatility: string;
  nargs: number;
  ndefaults: number;
  /** The planner's estimate of the rows it returns (ROWS n). */
  rows: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  return_type: string;
  return_typtype: string;
  return_relation: string | null;
  /** The table whose row type the first parameter is. */
  row_relation: string | null;
}

/** The schema caches of the exposed schemas; one that does not exist has nothing in it. */
export async function loadSchema(q: Queryable, schemas: readonly string[]): Promise<Map<string, SchemaCache>> {
  const caches = new Map<string, SchemaCache>(
    schemas.map((schema) => [schema, { schema, relations: new Map(), routines: new Map(), relationships: new Map() }]),
  );
  const cacheOf = (schema: string) => caches.get(schema)!;
  const exposed = [schemas];
  const cols = await q.query<{
    schema: string;
    rel: string;
    kind: string;
    col: string;
    type: string;
    nullable: boolean;
    has_default: boolean;
    default_expr: string | null;
  }>(RELATIONS_SQL, exposed);
  for (const row of cols.rows) {
    const { relations } = cacheOf(row.schema);
    let rel = relations.get(row.rel);
    if (!rel) {
      rel = { schema: row.schema, name: row.rel, kind: row.kind, columns: new Map(), primaryKey: [], computed: new Set() };
      relations.set(row.rel, rel);
    }
    rel.columns.set(row.col, {
      name: row.col,
      type: row.type,
      nullable: row.nullable,
      hasDefault: row.has_default,
      defaultExpr: row.default_expr ?? undefined,
    });
  }
  // Primary keys of every schema's tables: those of the exposed schemas', and those views show.
  const pks = await q.query<{ schema: string; rel: string; col: string }>(PRIMARY_KEYS_SQL);
  const primaryKeys = new Map<string, PrimaryKey>();
  for (const row of pks.rows) {
    const key = JSON.stringify([row.schema, row.rel]);
    const pk = primaryKeys.get(key) ?? { schema: row.schema, table: row.rel, columns: [] };
    pk.columns.push(row.col);
    primaryKeys.set(key, pk);
    caches.get(row.schema)?.relations.get(row.rel)?.primaryKey.push(row.col);
  }

  const procs = await q.query<RoutineRow>(ROUTINES_SQL, exposed);
  for (const row of procs.rows) {
    const { relations, routines } = cacheOf(row.schema);
    const params: RoutineParam[] = [];
    const outColumns: string[] = [];
    const inputs: Array<{ name: string; type: string }> = [];
    row.arg_types.forEach((type, i) => {
      const mode = row.arg_modes[i] ?? 'i';
      if (mode === 'o' || mode === 't' || mode === 'b') outColumns.push(row.arg_names[i] ?? '');
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name: row.arg_names[i] ?? '', type });
    });
    const firstOptional = inputs.length - row.ndefaults;
    inputs.forEach((p, i) => params.push({ name: p.name, type: p.type, optional: i >= firstOptional }));
    const returnsRelation = row.return_relation ?? undefined;
    const returnsTable = !returnsRelation && outColumns.length > 0 && row.return_type === 'record';
    const routine: Routine = {
      schema: row.schema,
      name: row.name,
      params,
      returnsSet: row.returns_set,
      returnsRelation,
      returnsTable,
      returnsScalar: !returnsRelation && !returnsTable && row.return_typtype !== 'c',
      returnsVoid: row.return_type === 'void' && !row.returns_set,
      outColumns,
      volatile: row.volatility === 'v',
    };
    const rowOf = row.row_relation === null ? undefined : relations.get(row.row_relation);
    if (rowOf && !row.returns_set && params.slice(1).every((p) => p.optional) && !rowOf.columns.has(row.name)) {
      rowOf.computed.add(row.name);
    }
    // Callable (PostgREST's schema cache holds no other): every parameter named, or one unnamed
    // and the first of a type a whole body can be (json, jsonb, text, xml, bytea).
    const unnamed = params.filter((p) => p.name === '');
    if (unnamed.length > 1 || (unnamed.length === 1 && !WHOLE_BODY_TYPES.has(params[0]!.type))) continue;
    const list = routines.get(row.name) ?? [];
    list.push(routine);
    routines.set(row.name, list);
  }
  for (const cache of caches.values()) for (const list of cache.routines.values()) list.sort(byRoutineOrder);
  const computedRelationships = computedRelationshipsOf(procs.rows);
  const keys = await q.query<SchemaForeignKey>(FOREIGN_KEYS_SQL);
  const viewColumns = await loadViewColumns(q, schemas);
  for (const [view, primaryKey] of viewPrimaryKeys([...primaryKeys.values()], viewColumns)) {
    const relation = caches.get(view.schema)?.relations.get(view.name);
    if (relation && relation.primaryKey.length === 0) relation.primaryKey = primaryKey;
  }
  const throughViews = viewKeys(keys.rows, viewColumns);
  for (const cache of caches.values()) {
    const within = (k: SchemaForeignKey) => k.schema === cache.schema && k.foreign_schema === cache.schema;
    cache.relationships = deriveRelationships(cache.relations, [...keys.rows.filter(within), ...throughViews.filter(within)]);
    for (const rel of computedRelationships.filter((r) => r.schema === cache.schema)) {
      const list = cache.relationships.get(rel.relationship.table) ?? [];
      list.push(rel.relationship);
      cache.relationships.set(rel.relationship.table, list);
    }
  }
  return caches;
}

/**
 * Computed relationships (PostgREST's allComputedRels): a function whose one parameter is a row
 * of a table or view and which returns rows of another of its schema; to-one when it returns one
 * row, or a set of at most ROWS 1.
 */
function computedRelationshipsOf(rows: RoutineRow[]): Array<{ schema: string; relationship: Relationship }> {
  return rows
    .filter((row) => row.nargs === 1 && row.row_relation !== null && row.return_relation !== null)
    .map((row) => ({
      schema: row.schema,
      relationship: {
        table: row.row_relation!,
        foreignTable: row.return_relation!,
        isSelf: false,
        cardinality: !row.returns_set || row.rows === 1 ? 'many-to-one' : 'one-to-many',
        constraint: row.name,
        columns: [],
        junction: undefined,
        computed: row.name,
      },
    }));
}

interface ForeignKey {
  name: string;
  rel: string;
  foreign_rel: string;
  cols: string[];
  fcols: string[];
  one_to_one: boolean;
}

/** A foreign key with the schemas of its two sides. */
export interface SchemaForeignKey extends ForeignKey {
  schema: string;
  foreign_schema: string;
}

/** A table's primary key, in any schema. */
export interface PrimaryKey {
  schema: string;
  table: string;
  columns: string[];
}

/** A column of a view and the column it shows (loadViewColumns). */
export interface ViewColumn {
  schema: string;
  view: string;
  col: string;
  origin_schema: string;
  origin_rel: string;
  origin_col: string;
}

/** Relation kinds that are views (plain and materialized). */
export const VIEW_KINDS: ReadonlySet<string> = new Set(['v', 'm']);

/** Views on views are followed at most this deep. */
const MAX_VIEW_DEPTH = 10;

const columnId = (schema: string, rel: string, col: string) => JSON.stringify([schema, rel, col]);

/** Each table column -> the view columns that show it, in views' order, through views on views. */
function tableColumnsShown(viewColumns: ViewColumn[]): Map<string, ViewColumn[]> {
  const originOf = new Map(viewColumns.map((c) => [columnId(c.schema, c.view, c.col), columnId(c.origin_schema, c.origin_rel, c.origin_col)]));
  const shownBy = new Map<string, ViewColumn[]>();
  for (const c of viewColumns) {
    let origin = originOf.get(columnId(c.schema, c.view, c.col))!;
    for (let depth = 0; originOf.has(origin) && depth < MAX_VIEW_DEPTH; depth++) origin = originOf.get(origin)!;
    shownBy.set(origin, [...(shownBy.get(origin) ?? []), c]);
  }
  return shownBy;
}

/** The views that show every one of `cols` of a table, each with its first column showing each. */
function viewsShowing(shownBy: Map<string, ViewColumn[]>, schema: string, rel: string, cols: string[]) {
  const views = new Map<string, { schema: string; rel: string; cols: string[] }>();
  cols.forEach((col, i) => {
    for (const c of shownBy.get(columnId(schema, rel, col)) ?? []) {
      const key = JSON.stringify([c.schema, c.view]);
      const view = views.get(key) ?? { schema: c.schema, rel: c.view, cols: [] };
      if (view.cols.length === i) view.cols.push(c.col);
      views.set(key, view);
    }
  });
  return [...views.values()].filter((v) => v.cols.length === cols.length);
}

/**
 * The primary keys views carry (SchemaCache.hs addViewPrimaryKeys): the columns that show the
 * whole primary key of a table, of each such table, the first column that shows each.
 */
export function viewPrimaryKeys(tables: PrimaryKey[], viewColumns: ViewColumn[]): Array<[{ schema: string; name: string }, string[]]> {
  const shownBy = tableColumnsShown(viewColumns);
  const keys = new Map<string, [{ schema: string; name: string }, string[]]>();
  for (const table of tables) {
    for (const view of viewsShowing(shownBy, table.schema, table.table, table.columns)) {
      const key = JSON.stringify([view.schema, view.rel]);
      const entry = keys.get(key) ?? [{ schema: view.schema, name: view.rel }, []];
      entry[1].push(...view.cols);
      keys.set(key, entry);
    }
  }
  return [...keys.values()];
}

/**
 * The foreign keys views carry (SchemaCache.hs addViewM2OAndO2ORels): a key of table T to F holds
 * between every view showing all its columns of T, or T, and every view showing all its columns
 * of F, or F - under the key's name, with the views' column names. A view's column is traced
 * through views on views to a table's.
 */
export function viewKeys(keys: SchemaForeignKey[], viewColumns: ViewColumn[]): SchemaForeignKey[] {
  const shownBy = tableColumnsShown(viewColumns);
  /** T itself, then each view that shows every one of `cols` of T. */
  const sides = (schema: string, rel: string, cols: string[]) => [
    { schema, rel, cols, view: false },
    ...viewsShowing(shownBy, schema, rel, cols).map((v) => ({ ...v, view: true })),
  ];
  const out: SchemaForeignKey[] = [];
  for (const k of keys) {
    for (const from of sides(k.schema, k.rel, k.cols)) {
      for (const to of sides(k.foreign_schema, k.foreign_rel, k.fcols)) {
        if (!from.view && !to.view) continue;
        out.push({ ...k, schema: from.schema, rel: from.rel, cols: from.cols, foreign_schema: to.schema, foreign_rel: to.rel, fcols: to.cols });
      }
    }
  }
  return out;
}

const zip = (a: string[], b: string[]): Array<[string, string]> => a.map((x, i) => [x, b[i]!]);
const swap = (pairs: Array<[string, string]>): Array<[string, string]> => pairs.map(([a, b]) => [b, a]);

/** PostgREST's order of relationships (its derived Ord): tables, self, cardinality, then names. */
const CARDINALITY_ORDER: Record<Cardinality, number> = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 };
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const pairsText = (pairs: Array<[string, string]>) => JSON.stringify(pairs);

function compareRelationships(a: Relationship, b: Relationship): number {
  return (
    compareText(a.table, b.table) ||
    compareText(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITY_ORDER[a.cardinality] - CARDINALITY_ORDER[b.cardinality] ||
    (a.junction && b.junction
      ? compareText(a.junction.table, b.junction.table) ||
        compareText(a.junction.constraint1, b.junction.constraint1) ||
        compareText(a.junction.constraint2, b.junction.constraint2)
      : compareText(a.constraint, b.constraint) || compareText(pairsText(a.columns), pairsText(b.columns)))
  );
}

/** Foreign keys -> every table's relationships (SchemaCache.hs: addM2MRels, addInverseRels). */
export function deriveRelationships(relations: Map<string, Relation>, keys: ForeignKey[]): Map<string, Relationship[]> {
  const forward: Relationship[] = keys.map((k) => ({
    table: k.rel,
    foreignTable: k.foreign_rel,
    isSelf: k.rel === k.foreign_rel,
    cardinality: k.one_to_one ? 'one-to-one' : 'many-to-one',
    constraint: k.name,
    columns: zip(k.cols, k.fcols),
    junction: undefined,
  }));
  const all = [...forward];
  // A junction: two different foreign keys of one table whose columns all belong to its primary key.
  for (const one of forward) {
    if (one.cardinality !== 'many-to-one') continue;
    for (const two of forward) {
      if (two.cardinality !== 'many-to-one' || two.table !== one.table || two.constraint === one.constraint) continue;
      const primaryKey = new Set(relations.get(one.table)?.primaryKey ?? []);
      if (![...one.columns, ...two.columns].every(([col]) => primaryKey.has(col))) continue;
      all.push({
        table: one.foreignTable,
        foreignTable: two.foreignTable,
        isSelf: one.foreignTable === two.foreignTable,
        cardinality: 'many-to-many',
        constraint: '',
        columns: [],
        junction: {
          table: one.table,
          constraint1: one.constraint,
          constraint2: two.constraint,
          sourceColumns: swap(one.columns),
          targetColumns: swap(two.columns),
        },
      });
    }
  }
  for (const rel of forward) {
    all.push({
      ...rel,
      table: rel.foreignTable,
      foreignTable: rel.table,
      cardinality: rel.cardinality === 'one-to-one' ? 'one-to-one' : 'one-to-many',
      columns: swap(rel.columns),
    });
  }
  const byTable = new Map<string, Relationship[]>();
  for (const rel of all) {
    const list = byTable.get(rel.table) ?? [];
    list.push(rel);
    byTable.set(rel.table, list);
  }
  for (const list of byTable.values()) list.sort(compareRelationships);
  return byTable;
}
