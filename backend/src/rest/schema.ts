// What /rest/v1 knows about schema public: relations, columns, keys, functions. Read from
// pg_catalog once at start and after migrations; never per request.
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
  name: string;
  /** r table, v view, m materialized view, f foreign table, p partitioned table. */
  kind: string;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  /** Has a DEFAULT, so it may be left out. */
  optional: boolean;
}

export interface Routine {
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

export interface SchemaCache {
  relations: Map<string, Relation>;
  routines: Map<string, Routine[]>;
}

const RELATIONS_SQL = `
select c.relname as rel, c.relkind::text as kind, a.attname as col,
       format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
       (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
       case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
            when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_expr
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname, a.attnum`;

const PRIMARY_KEYS_SQL = `
select c.relname as rel, a.attname as col
from pg_index i
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
where n.nspname = 'public' and i.indisprimary
order by c.relname, k.ord`;

const ROUTINES_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
       p.pronargs as nargs, p.pronargdefaults as ndefaults,
       coalesce(p.proargnames, '{}'::text[]) as arg_names,
       coalesce(p.proargmodes::text[], '{}'::text[]) as arg_modes,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, o) order by o) as arg_types,
       rt.typname as return_type, rt.typtype::text as return_typtype,
       (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
          where rc.oid = rt.typrelid and rn.nspname = 'public') as return_relation
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = 'public' and p.prokind = 'f'`;

interface RoutineRow {
  name: string;
  returns_set: boolean;
  volatility: string;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  return_type: string;
  return_typtype: string;
  return_relation: string | null;
}

export async function loadSchema(q: Queryable): Promise<SchemaCache> {
  const relations = new Map<string, Relation>();
  const cols = await q.query<{
    rel: string;
    kind: string;
    col: string;
    type: string;
    nullable: boolean;
    has_default: boolean;
    default_expr: string | null;
  }>(
    RELATIONS_SQL,
  );
  for (const row of cols.rows) {
    let rel = relations.get(row.rel);
    if (!rel) {
      rel = { name: row.rel, kind: row.kind, columns: new Map(), primaryKey: [] };
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
  const pks = await q.query<{ rel: string; col: string }>(PRIMARY_KEYS_SQL);
  for (const row of pks.rows) relations.get(row.rel)?.primaryKey.push(row.col);

  const routines = new Map<string, Routine[]>();
  const procs = await q.query<RoutineRow>(ROUTINES_SQL);
  for (const row of procs.rows) {
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
    const list = routines.get(row.name) ?? [];
    list.push(routine);
    routines.set(row.name, list);
  }
  return { relations, routines };
}
