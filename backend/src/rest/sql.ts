// SQL fragments of a statement (query.ts puts them together): quoted identifiers, select lists,
// conditions, order, page and the envelope. Identifiers come only from the schema cache (an
// alias, quoted); every request value is a bound parameter.
import { columnNotInTable } from './errors.ts';
import { FTS_OPERATORS, SIMPLE_OPERATORS, type Filter, type JsonPath, type OrderTerm, type SelectItem } from './parse.ts';
import type { Relation, Routine } from './schema.ts';

export const ident = (name: string) => '"' + name.replace(/"/g, '""') + '"';

/** Statement text and its values; values are pushed as the text is built. */
export class Sql {
  values: unknown[] = [];
  bind(value: unknown): string {
    this.values.push(value);
    return '$' + this.values.length;
  }
}

/** The row source a read or filter runs against: a relation or a function's result columns. */
export interface Source {
  /** Name used in error messages (table or function name). */
  name: string;
  columns: string[];
  has(column: string): boolean;
}

export function relationSource(rel: Relation): Source {
  const columns = [...rel.columns.keys()];
  return { name: rel.name, columns, has: (c) => rel.columns.has(c) || rel.computed.has(c) };
}

function checkColumn(source: Source, column: string): string {
  if (!source.has(column)) throw columnNotInTable(source.name, column);
  return ident(column);
}

/** A column with its JSON path: "data"->'a'->>'b' (keys are string literals, indexes numbers). */
function columnExpr(source: Source, column: string, path: JsonPath | undefined, prefix: string): string {
  return pathExpr(prefix + checkColumn(source, column), path);
}

function pathExpr(column: string, path: JsonPath | undefined): string {
  let expr = column;
  for (const step of path ?? []) {
    expr += `${step.arrow}${typeof step.key === 'number' ? step.key : `'${step.key.replace(/'/g, "''")}'`}`;
  }
  return expr;
}

/** The key a selected field has in the answer: its alias, the last named key of its JSON path (data->tags->0 is "tags"), or its name. */
export function outputName(item: { name: string; alias: string | undefined; path?: JsonPath }): string {
  if (item.alias) return item.alias;
  const named = item.path?.findLast((step) => typeof step.key === 'string');
  return named ? (named.key as string) : item.name;
}

/** SELECT list (aliases allowed); '*' expands to the cached columns. Embeds are the planner's (query.ts). */
export function selectList(source: Source, items: SelectItem[], prefix = ''): string {
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === 'embed') continue;
    if (item.kind === 'star') {
      for (const c of source.columns) parts.push(prefix + ident(c));
    } else if (item.aggregate) {
      // sum(cast(col as t)), cast after it with ::t; named by its alias, else by the function
      // (as PostgreSQL names it). count() counts the rows: count(table.*), as PostgREST writes it.
      const col = item.name === '*' ? `${prefix}*` : columnExpr(source, item.name, item.path, prefix);
      const aggregated = `${item.aggregate}(${item.cast ? `cast(${col} as ${item.cast})` : col})`;
      const value = item.aggregateCast ? `cast(${aggregated} as ${item.aggregateCast})` : aggregated;
      parts.push(`${value} as ${ident(item.alias ?? item.aggregate)}`);
    } else if (item.name === 'count' && !item.path && !item.cast && !source.has('count')) {
      // `rel(count)`: a table without a column count reads t.count as count(t), so the field is
      // the number of rows (PostgREST writes it as is; embedded counts rely on it).
      parts.push(`${prefix}${ident('count')}${item.alias ? ` as ${ident(item.alias)}` : ''}`);
    } else {
      const col = columnExpr(source, item.name, item.path, prefix);
      // A cast keeps the field's key, as PostgREST's CAST(... AS type) AS "col". The type name
      // is letters, digits and underscores only (parseSelect), so it is written as is.
      const value = item.cast ? `cast(${col} as ${item.cast})` : col;
      parts.push(item.alias || item.cast || item.path ? `${value} as ${ident(outputName(item))}` : col);
    }
  }
  return parts.length > 0 ? parts.join(', ') : 'null as "?column?"';
}

/**
 * GROUP BY of a level whose select has an aggregate (QueryBuilder.hs groupF): its other fields
 * (by alias when aliased), the columns of a star, and the given terms of its embeds; none when
 * nothing is aggregated (here or, hoisted, in a spread) or nothing else is selected.
 */
export function groupClause(source: Source, items: SelectItem[], prefix: string, embedTerms: string[] = [], hoisted = false): string {
  if (!hoisted && !items.some((item) => item.kind === 'field' && item.aggregate)) return '';
  const terms: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') terms.push(...source.columns.map((c) => prefix + ident(c)));
    else if (item.kind === 'field' && !item.aggregate) terms.push(item.alias ? ident(item.alias) : columnExpr(source, item.name, item.path, prefix));
  }
  terms.push(...embedTerms);
  return terms.length > 0 ? ` group by ${terms.join(', ')}` : '';
}

/**
 * `rel=is.null` / `rel=not.is.null` where rel is an embed of this level: its SQL, given the
 * embed's name and whether it asks for a related row (not.is.null); undefined for any other field.
 */
export type EmbedNullFilter = (field: string, related: boolean) => string | undefined;

function condition(sql: Sql, source: Source, filter: Filter, prefix: string, embedNull: EmbedNullFilter | undefined): string {
  if (filter.type === 'logic') {
    const inner = filter.children.map((child) => condition(sql, source, child, prefix, embedNull)).join(filter.op === 'and' ? ' and ' : ' or ');
    return filter.negate ? `not (${inner})` : `(${inner})`;
  }
  if (embedNull && !filter.path && filter.operation.kind === 'is' && filter.operation.value === 'null') {
    const text = embedNull(filter.field, filter.negate);
    if (text !== undefined) return text;
  }
  const col = columnExpr(source, filter.field, filter.path, prefix);
  const operation = filter.operation;
  let text: string;
  switch (operation.kind) {
    case 'op': {
      const op = operation.op;
      const value = op === 'like' || op === 'ilike' ? operation.value.replace(/\*/g, '%') : operation.value;
      // like(any).{a,b}: the value is an array literal, compared with any or all of its items.
      text = operation.quantifier
        ? `${col} ${SIMPLE_OPERATORS[op]} ${operation.quantifier}(${sql.bind(value)})`
        : `${col} ${SIMPLE_OPERATORS[op]} ${sql.bind(value)}`;
      break;
    }
    case 'in': {
      const values = operation.values.length === 1 && operation.values[0] === '' ? [] : operation.values;
      text = `${col} = any(${sql.bind(values)})`;
      break;
    }
    case 'is':
      text = `${col} is ${operation.value === 'not_null' ? 'not null' : operation.value}`;
      break;
    case 'fts': {
      const fn = FTS_OPERATORS[operation.op];
      text = operation.language
        ? `${col} @@ ${fn}(${sql.bind(operation.language)}::regconfig, ${sql.bind(operation.value)})`
        : `${col} @@ ${fn}(${sql.bind(operation.value)})`;
      break;
    }
  }
  return filter.negate ? `not (${text})` : text;
}

/** The filters, ANDed (without 'where'). */
export function conditions(sql: Sql, source: Source, filters: Filter[], prefix = '', embedNull?: EmbedNullFilter): string[] {
  return filters.map((f) => condition(sql, source, f, prefix, embedNull));
}

export function whereClause(sql: Sql, source: Source, filters: Filter[], prefix = ''): string {
  if (filters.length === 0) return '';
  return ' where ' + conditions(sql, source, filters, prefix).join(' and ');
}

/** ORDER BY; a term on an embedded to-one resource (order=rel(col)) is read from its lateral alias, given by `related`. */
export function orderClause(source: Source, order: OrderTerm[], prefix = '', related?: (relation: string) => string): string {
  if (order.length === 0) return '';
  return (
    ' order by ' +
    order
      .map((t) => {
        let s =
          t.relation !== undefined && related
            ? pathExpr(`${related(t.relation)}.${ident(t.field)}`, t.path)
            : columnExpr(source, t.field, t.path, prefix);
        if (t.direction) s += ' ' + t.direction;
        if (t.nulls) s += ' nulls ' + t.nulls;
        return s;
      })
      .join(', ')
  );
}

export function pageClause(sql: Sql, limit: number | undefined, offset: number): string {
  let s = '';
  if (limit !== undefined) s += ` limit ${sql.bind(limit)}`;
  if (offset > 0) s += ` offset ${sql.bind(offset)}`;
  return s;
}

/**
 * The rows of `inner`, read as _pgrst_t, as PostgREST writes CSV (SqlFragment.hs asCsvF): a header
 * of the first row's keys, then each row's record text without its parentheses.
 */
export function csvBody(inner: string): string {
  const header = `(select coalesce(string_agg(_pgrst_a.k, ','), '') from (select json_object_keys(_pgrst_r)::text as k from (select row_to_json(_pgrst_h) as _pgrst_r from (${inner}) _pgrst_h limit 1) _pgrst_s) _pgrst_a)`;
  const rows = `coalesce(string_agg(substring(_pgrst_t::text, 2, length(_pgrst_t::text) - 2), E'\\n'), '')`;
  return `${header} || E'\\n' || ${rows}`;
}

/** The JSON array of an aggregate's rows as text; nulls=stripped drops null fields at every depth (json_strip_nulls). */
export const jsonArray = (agg: string, strip: boolean) => `coalesce(${strip ? `json_strip_nulls(${agg})` : agg}, '[]')::text`;

/**
 * The one statement of a read: the rows as a JSON array (or, `csv`, as CSV), the page's row
 * count, and the total when asked.
 */
export function envelope(inner: string, withBody: boolean, total: string | undefined, csv = false, strip = false): string {
  const totalColumn = `${total ? `(${total})::int` : 'null::int'} as total`;
  if (csv && withBody) {
    // CSV reads the rows twice (header and fields): a CTE runs them once (a call, once only).
    return `with _pgrst_rows as (${inner}) select ${csvBody('select * from _pgrst_rows')} as body, count(*)::int as page, ${totalColumn}, null::int as inserted from _pgrst_rows _pgrst_t`;
  }
  const body = withBody ? jsonArray('json_agg(_pgrst_t)', strip) : `''`;
  return `select ${body} as body, count(*)::int as page, ${totalColumn}, null::int as inserted from (${inner}) _pgrst_t`;
}

export const qualifiedName = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

export function qualified(rel: Relation | Routine): string {
  return qualifiedName(rel.schema, rel.name);
}
