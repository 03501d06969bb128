// ActionPlan -> one parameterized statement (PostgREST's QueryBuilder.hs). Every statement
// answers the same four columns - body (JSON or CSV text), page (rows), total (count, else null)
// and inserted (upserts) - so one executor serves every action. Embedded resources are lateral
// joins: to-one as row_to_json of the related row, to-many as json_agg of the related rows.
import { isToOne } from './schema.ts';
import type { CallPlan, ColumnRef, Embed, MutatePlan, ReadNode, ReadPlan } from './plan.ts';
import type { ApiRequest, PlanMedia } from './request.ts';
import {
  conditions,
  envelope,
  groupClause,
  jsonArray,
  ident,
  orderClause,
  outputName,
  pageClause,
  qualified,
  relationSource,
  selectList,
  Sql,
  whereClause,
  csvBody,
  type Source,
} from './sql.ts';

export interface Statement {
  sql: Sql;
  text: string;
}

const columnRef = (ref: ColumnRef) => `${ref.qualifier}.${ident(ref.column)}`;

function nodeSource(node: ReadNode): Source {
  return { ...relationSource(node.relation), name: node.errorName };
}

function embedFrom(embed: Embed): string {
  const { table, alias, junction } = embed.from;
  return `${table}${alias ? ` as ${ident(alias)}` : ''}${junction ? `, ${junction}` : ''}`;
}

/**
 * Columns a spread embed adds to its parent: its own, then its embeds' (PostgREST's Spread); '*'
 * when it has a star, unless `expand`, which names the star's columns (for a GROUP BY).
 */
function spreadColumns(node: ReadNode, expand = false): string[] | '*' {
  const names: string[] = [];
  for (const item of node.select) {
    if (item.kind === 'star') {
      if (!expand) return '*';
      names.push(...nodeSource(node).columns);
    } else if (item.kind === 'field') names.push(outputName(item));
  }
  for (const embed of node.embeds) {
    if (!embed.spread) {
      if (!isEmptyEmbed(embed)) names.push(embed.name);
      continue;
    }
    const nested = spreadColumns(embed.node, expand);
    if (nested === '*') return '*';
    names.push(...nested);
  }
  return names;
}

/** A spread's columns in its parent: a hoisted count() counts its whole rows (the star it selects). */
function spreadNames(embed: Embed): string[] | '*' {
  if (!embed.hoisted.some((h) => h.column === '*')) return spreadColumns(embed.node);
  const others = spreadColumns({ ...embed.node, select: embed.node.select.filter((item) => item.kind !== 'star') });
  return others === '*' ? others : [...others, '*'];
}

/** `rel()`: joined (to filter, with !inner) but not in the answer. */
const isEmptyEmbed = (embed: Embed) => embed.node.select.length === 0 && embed.node.embeds.length === 0;

/** What an embed adds to its parent's select list. */
function embedSelect(embed: Embed): string | undefined {
  const lateral = ident(embed.lateral);
  if (embed.spread) {
    const columns = spreadNames(embed);
    if (columns === '*') return `${lateral}.*`;
    const selected = columns.map((c) => {
      const hoisted = embed.hoisted.find((h) => h.column === c);
      if (!hoisted) return `${lateral}.${ident(c)}`;
      const aggregated = `${hoisted.aggregate}(${lateral}.${c === '*' ? '*' : ident(c)})`;
      return `${hoisted.aggregateCast ? `cast(${aggregated} as ${hoisted.aggregateCast})` : aggregated} as ${ident(hoisted.alias ?? hoisted.aggregate)}`;
    });
    return selected.length > 0 ? selected.join(', ') : undefined;
  }
  if (isEmptyEmbed(embed)) return undefined;
  return isToOne(embed.relationship)
    ? `row_to_json(${lateral}.*)::jsonb as ${ident(embed.name)}`
    : `coalesce(${lateral}.${lateral}, '[]') as ${ident(embed.name)}`;
}

function embedJoin(sql: Sql, embed: Embed): string {
  const lateral = ident(embed.lateral);
  const join = embed.joinType === 'inner' ? 'inner' : 'left';
  const sub = nodeQuery(sql, embed.node, embedFrom(embed), embed.conditions.map(([a, b]) => `${columnRef(a)} = ${columnRef(b)}`));
  if (embed.spread || isToOne(embed.relationship)) return ` ${join} join lateral (${sub}) as ${lateral} on true`;
  const aggregate = `select json_agg(${lateral})::jsonb as ${lateral} from (${sub}) as ${lateral}`;
  return ` ${join} join lateral (${aggregate}) as ${lateral} on ${embed.joinType === 'inner' ? `${lateral} is not null` : 'true'}`;
}

/** What an embed adds to its parent's GROUP BY: its key, or a spread's columns (groupTermFromRelSelectField). */
function embedGroupTerms(embed: Embed): string[] {
  if (embed.spread) {
    // A star's columns by name: the parent selects them all (lateral.*), so it groups by each.
    const columns = spreadNames(embed);
    const named = columns === '*' ? (spreadColumns(embed.node, true) as string[]) : columns;
    return named.filter((c) => c !== '*' && !embed.hoisted.some((h) => h.column === c)).map((c) => `${ident(embed.lateral)}.${ident(c)}`);
  }
  return isEmptyEmbed(embed) ? [] : [ident(embed.name)];
}

function embedByName(node: ReadNode, name: string): Embed | undefined {
  return node.embeds.find((e) => e.name === name);
}

/** One level of a read and, inside it, its embeds (PostgREST's readPlanToQuery). */
function nodeQuery(sql: Sql, node: ReadNode, from: string, joinConditions: string[] = []): string {
  const source = nodeSource(node);
  const prefix = node.qualifier + '.';
  const items: string[] = [];
  if (node.select.length > 0) items.push(selectList(source, node.select, prefix));
  else if (node.embeds.length === 0) items.push(`${node.qualifier}.*`);
  const joins: string[] = [];
  for (const embed of node.embeds) {
    const selected = embedSelect(embed);
    if (selected) items.push(selected);
    joins.push(embedJoin(sql, embed));
  }
  const where = [
    ...conditions(sql, source, node.filters, prefix, (field, related) => {
      const embed = embedByName(node, field);
      return embed && `${ident(embed.lateral)} is ${related ? '' : 'not '}distinct from null`;
    }),
    ...joinConditions,
  ];
  const order = orderClause(source, node.order, prefix, (relation) => ident(embedByName(node, relation)!.lateral));
  const group = groupClause(source, node.select, prefix, node.embeds.flatMap(embedGroupTerms), node.embeds.some((e) => e.hoisted.length > 0));
  return `select ${items.length > 0 ? items.join(', ') : 'null'} from ${from}${joins.join('')}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}${group}${order}${pageClause(sql, node.limit, node.offset)}`;
}

/**
 * The rows a count counts (PostgREST's readPlanToCountQuery): the root's filters, with an
 * embed's null filter and each !inner embed as EXISTS of its related rows.
 */
function countQuery(sql: Sql, node: ReadNode, from: string, joinConditions: string[] = []): string {
  const source = nodeSource(node);
  const prefix = node.qualifier + '.';
  const related = (embed: Embed) =>
    `exists (${countQuery(sql, embed.node, embedFrom(embed), embed.conditions.map(([a, b]) => `${columnRef(a)} = ${columnRef(b)}`))})`;
  const where = [
    ...conditions(sql, source, node.filters, prefix, (field, wanted) => {
      const embed = embedByName(node, field);
      return embed && `${wanted ? '' : 'not '}${related(embed)}`;
    }),
    ...joinConditions,
    ...node.embeds.filter((e) => e.joinType === 'inner').map(related),
  ];
  return `select 1 from ${from}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}`;
}

/**
 * Whether the statement counts the rows (Preferences.hs shouldCount): exact, and estimated (which
 * index.ts may raise to the planner's estimate); planned only asks the planner (plannedCount).
 */
const counts = (request: ApiRequest) => request.prefs.count === 'exact' || request.prefs.count === 'estimated';

export function readStatement(plan: ReadPlan, request: ApiRequest): Statement {
  const sql = new Sql();
  const { tree, relation } = plan;
  const from = qualified(relation);
  // count=estimated counts exactly only up to db-max-rows + 1 (Query.hs limitedQuery).
  const limited = request.prefs.count === 'estimated' && plan.maxRows !== undefined ? ` limit ${plan.maxRows + 1}` : undefined;
  let inner: string;
  let total: string | undefined;
  if (tree.embeds.length === 0) {
    // Without embeds the count repeats the read's WHERE text with the same parameters.
    const source = nodeSource(tree);
    const prefix = tree.qualifier + '.';
    const where = whereClause(sql, source, tree.filters, prefix);
    inner = `select ${selectList(source, tree.select, prefix)} from ${from}${where}${groupClause(source, tree.select, prefix)}${orderClause(source, tree.order, prefix)}${pageClause(sql, tree.limit, tree.offset)}`;
    if (counts(request)) total = limited ? `select count(*) from (select 1 from ${from}${where}${limited}) _pgrst_c` : `select count(*) from ${from}${where}`;
  } else {
    inner = nodeQuery(sql, tree, from);
    if (counts(request)) total = `select count(*) from (${countQuery(sql, tree, from)}${limited ?? ''}) _pgrst_c`;
  }
  return { sql, text: envelope(inner, request.method !== 'HEAD', total, request.shape === 'csv', request.stripNulls) };
}

/**
 * The planner's estimate of a read's row count (Statements.hs preparePlanRows): EXPLAIN of the
 * rows the count counts, as its own statement; its one row is the JSON plan (planRows reads it).
 */
export function plannedCountStatement(plan: ReadPlan): Statement {
  const sql = new Sql();
  const from = qualified(plan.relation);
  return { sql, text: `explain (format json) ${countQuery(sql, plan.tree, from)}` };
}

/** EXPLAIN of a statement in a plan's format with its options (SqlFragment.hs explainF): only those known, never text of the request. */
export function explainStatement(statement: Statement, media: PlanMedia): Statement {
  return { sql: statement.sql, text: `explain (${[`format ${media.format}`, ...media.options].join(', ')}) ${statement.text}` };
}

/** "Plan Rows" of the top node of EXPLAIN (FORMAT JSON) output (json text, or parsed by the driver). */
export function planRows(explained: unknown): number | undefined {
  const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as Array<{ Plan?: { 'Plan Rows'?: unknown } }>;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : undefined;
}

/**
 * Columns the representation of changed rows reads: those selected ('*': all, as for a computed
 * relationship) and those its embeds join on. Computed fields are computed here, on the table's rows, where fn(row) applies.
 */
function returnedColumns(node: ReadNode): { star: boolean; names: string[] } {
  // A computed relationship's function is called with the whole row.
  const star = node.select.some((item) => item.kind === 'star') || node.embeds.some((e) => e.relationship.computed !== undefined);
  const names = new Set<string>();
  for (const item of node.select) if (item.kind === 'field' && (!star || node.relation.computed.has(item.name))) names.add(item.name);
  if (!star) {
    for (const embed of node.embeds) {
      for (const [a, b] of embed.conditions) for (const ref of [a, b]) if (ref.qualifier === node.qualifier) names.add(ref.column);
    }
  }
  return { star, names: [...names] };
}

/** Outer query of writes: the changed rows (_pgrst_src) read as the representation asks (JSON or CSV), or counted. */
function writeEnvelope(sql: Sql, dml: string, plan: MutatePlan, request: ApiRequest, inserted = 'null::int'): string {
  const csv = request.shape === 'csv';
  const read = plan.returning ? nodeQuery(sql, plan.returning, `_pgrst_src as ${ident(plan.relation.name)}`) : 'select 1 from _pgrst_src';
  const body = !plan.returning ? `''` : csv ? csvBody(read) : jsonArray('json_agg(_pgrst_t)', request.stripNulls);
  return `with _pgrst_src as (${dml}) select ${body} as body, count(*)::int as page, null::int as total, ${inserted} as inserted from (${read}) _pgrst_t`;
}

function returningClause(plan: MutatePlan, extra = ''): string {
  const target = qualified(plan.relation);
  if (!plan.returning) return ` returning 1 as _pgrst_one${extra}`;
  const { star, names } = returnedColumns(plan.returning);
  const list = [...(star ? [`${target}.*`] : []), ...names.map((c) => `${target}.${ident(c)} as ${ident(c)}`)];
  return ` returning ${list.length > 0 ? list.join(', ') : '1 as _pgrst_one'}${extra}`;
}

function insertStatement(plan: MutatePlan, request: ApiRequest): Statement {
  const rel = plan.relation;
  const { rows, columns } = plan.payload as { rows: Array<Record<string, unknown>>; columns: string[] };
  const sql = new Sql();
  const target = qualified(rel);
  let dml: string;
  if (columns.length === 0) {
    dml = rows.length === 1 ? `insert into ${target} default values` : `insert into ${target} select * from ${target} where false`;
  } else if (request.prefs.missing === 'default') {
    // missing=default: a key no row has is left out of the insert (its DEFAULT applies); each
    // row's object is laid over the defaults of the other columns, evaluated for every row and
    // column as PostgREST does (jsonb_build_object(defaults) || row), so sequences advance alike.
    const anyGiven = columns.filter((c) => rows.some((r) => c in r));
    // Rows with none of the keys still need one column to be inserted by: its default, per row.
    const given = anyGiven.length > 0 ? anyGiven : columns.slice(0, 1);
    const list = given.map(ident).join(', ');
    const defaults = given.flatMap((c) => {
      const expr = rel.columns.get(c)!.defaultExpr;
      return expr === undefined ? [] : [`${sql.bind(c)}::text, ${expr}`];
    });
    dml = `insert into ${target} (${list}) select ${given.map((c) => `_pgrst_r.${ident(c)}`).join(', ')}
           from jsonb_array_elements(${sql.bind(JSON.stringify(rows))}::jsonb) with ordinality _pgrst_e(j, n)
           cross join lateral (select jsonb_build_object(${defaults.join(', ')}) || _pgrst_e.j as j) _pgrst_d
           cross join lateral jsonb_populate_record(null::${target}, _pgrst_d.j) _pgrst_r order by _pgrst_e.n`;
  } else {
    const list = columns.map(ident).join(', ');
    dml = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${sql.bind(JSON.stringify(rows))}::json) _pgrst_body`;
  }
  const upsert = plan.upsert;
  if (upsert && upsert.conflict.length > 0) {
    dml += ` on conflict (${upsert.conflict.map(ident).join(', ')})`;
    dml +=
      upsert.resolution === 'ignore-duplicates'
        ? ' do nothing'
        : ` do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  const merge = upsert?.resolution === 'merge-duplicates';
  dml += returningClause(plan, merge ? ', (xmax = 0) as _pgrst_inserted' : '');
  const inserted = merge ? '(select count(*)::int from _pgrst_src where _pgrst_inserted)' : undefined;
  return { sql, text: writeEnvelope(sql, dml, plan, request, inserted) };
}

function updateStatement(plan: MutatePlan, request: ApiRequest): Statement {
  const values = (plan.payload as { values: Record<string, unknown> }).values;
  const columns = Object.keys(values);
  const sql = new Sql();
  // Nothing to change: PostgREST answers as if no row matched.
  if (columns.length === 0) return { sql, text: writeEnvelope(sql, 'select 1 as _pgrst_one where false', { ...plan, returning: undefined }, request) };
  const target = qualified(plan.relation);
  const where = whereClause(sql, relationSource(plan.relation), plan.filters, target + '.');
  const body = sql.bind(JSON.stringify(values));
  const dml = `update ${target} set ${columns.map((c) => `${ident(c)} = _pgrst_body.${ident(c)}`).join(', ')} from (select * from json_populate_record(null::${target}, ${body}::json)) _pgrst_body${where}${returningClause(plan)}`;
  return { sql, text: writeEnvelope(sql, dml, plan, request) };
}

function deleteStatement(plan: MutatePlan, request: ApiRequest): Statement {
  const sql = new Sql();
  const target = qualified(plan.relation);
  const where = whereClause(sql, relationSource(plan.relation), plan.filters, target + '.');
  return { sql, text: writeEnvelope(sql, `delete from ${target}${where}${returningClause(plan)}`, plan, request) };
}

export function mutateStatement(plan: MutatePlan, request: ApiRequest): Statement {
  if (plan.mutation === 'insert') return insertStatement(plan, request);
  if (plan.mutation === 'update') return updateStatement(plan, request);
  return deleteStatement(plan, request);
}

/** A JSON (POST) or query-string (GET) argument as the text PostgreSQL casts to the parameter type. */
function argumentValue(value: unknown, type: string, fromJson: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return fromJson ? JSON.stringify(value) : value;
  if (Array.isArray(value)) return (value as unknown[]).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v));
  if (typeof value === 'object') return JSON.stringify(value);
  return `${value as string | number | boolean | bigint}`;
}


/** The body as one argument: text cast to its parameter's type, a bytea's the body's bytes (UTF-8). */
function wholeArgument(sql: Sql, body: string, type: string): string {
  return type === 'bytea' ? `convert_to(${sql.bind(body)}, 'UTF8')` : `${sql.bind(body)}::${type}`;
}

/**
 * A named argument: a JSON object given for a composite (row-type) parameter is read into it field
 * by field, as PostgREST's json_to_recordset does; anything else is the text cast to the type.
 */
function namedArgument(sql: Sql, value: unknown, type: string, fromJson: boolean): string {
  const bound = sql.bind(argumentValue(value, type, fromJson));
  if (fromJson && value !== null && typeof value === 'object' && !Array.isArray(value) && type !== 'json' && type !== 'jsonb') {
    return `json_populate_record(null::${type}, ${bound}::json)`;
  }
  return `${bound}::${type}`;
}

/** A function call; its result rows filtered, ordered and paged like a table's. */
export function callStatement(plan: CallPlan, request: ApiRequest): Statement & { offset: number } {
  const { routine, args } = plan;
  const sql = new Sql();
  const scalar = routine.returnsScalar;
  const keys = Object.keys(args);
  const tail = `${counts(request) && scalar ? ', count(*)::int as total' : ', null::int as total'}, null::int as inserted`;
  const alias = scalar ? '_pgrst_r(pgrst_scalar)' : '_pgrst_r';
  // Each argument is its own typed parameter, passed by name (the whole body: by position).
  const call =
    plan.wholeBody !== undefined
      ? [wholeArgument(sql, plan.wholeBody, routine.params[0]!.type)]
    : routine.params
        .filter((p) => keys.includes(p.name))
          .map((p) => `${ident(p.name)} := ${namedArgument(sql, args[p.name], p.type, plan.fromJson)}`);
  const from = `${qualified(routine)}(${call.join(', ')}) ${alias}`;
  if (scalar && request.shape === 'csv' && request.method !== 'HEAD') {
    // A header of the one column, pgrst_scalar, then the values (as PostgREST).
    const total = counts(request) ? 'select count(*) from _pgrst_rows' : undefined;
    return { sql, text: envelope(`select _pgrst_r.pgrst_scalar from ${from}`, true, total, true), offset: 0 };
  }
  if (scalar) {
    const text = `select ${jsonArray('json_agg(_pgrst_r.pgrst_scalar)', request.stripNulls)} as body, count(*)::int as page${tail} from ${from}`;
    return { sql, text, offset: 0 };
  }
  if (plan.tree) {
    // The call is named as its table, so the embeds' join conditions find their parent.
    const named = `${qualified(routine)}(${call.join(', ')}) as ${plan.tree.qualifier}`;
    const inner = nodeQuery(sql, plan.tree, named);
    const total = counts(request) ? `select count(*) from (${countQuery(sql, plan.tree, named)}) _pgrst_c` : undefined;
    return { sql, text: envelope(inner, request.method !== 'HEAD', total, request.shape === 'csv', request.stripNulls), offset: plan.tree.offset };
  }
  // A function with OUT or TABLE columns: its rows filtered, ordered and paged.
  const { offset, limit } = plan.page;
  const columns = routine.outColumns;
  const source: Source = { name: routine.name, columns, has: (c) => columns.includes(c) };
  const q = request.query;
  const where = whereClause(sql, source, q.filters, '_pgrst_r.');
  const inner = `select ${selectList(source, q.select, '_pgrst_r.')} from ${from}${where}${groupClause(source, q.select, '_pgrst_r.')}${orderClause(source, q.order, '_pgrst_r.')}${pageClause(sql, limit, offset)}`;
  const total = counts(request) ? `select count(*) from ${from}${where}` : undefined;
  return { sql, text: envelope(inner, request.method !== 'HEAD', total, request.shape === 'csv', request.stripNulls), offset };
}
