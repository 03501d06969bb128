// ApiRequest + schema cache -> ActionPlan (PostgREST's Plan.hs): a read plan tree with the
// relationship of every embedded resource, a mutation with the read of its representation, or a
// function call. Pure: no database, and no SQL but the quoted names tables are known by in the
// statement; query.ts turns a plan into that one statement.
import { restError, type RestError } from './errors.ts';
import { suggest } from './fuzzy.ts';
import type { Aggregate, EmbedItem, Filter, OrderTerm, QueryParams, SelectItem } from './parse.ts';
import type { ApiRequest, CallMedia, Payload } from './request.ts';
import { isToOne, VIEW_KINDS, type Relation, type Relationship, type Routine, type SchemaCache } from './schema.ts';
import { ident, outputName, qualified, qualifiedName } from './sql.ts';

export type FieldItem = Exclude<SelectItem, EmbedItem>;

/** A column reference: the SQL name of its table (public."T", "T_1") and the column. */
export interface ColumnRef {
  qualifier: string;
  column: string;
}

/** One level of a read: a table, what it selects, filters, orders and pages, and its embeds. */
export interface ReadNode {
  relation: Relation;
  /** SQL name its columns are qualified with: public."T" at the root of a read, else its alias. */
  qualifier: string;
  /** The name PostgreSQL gives it in errors: its alias, or its table's name. */
  errorName: string;
  select: FieldItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number;
  embeds: Embed[];
}

export interface Hoisted {
  column: string;
  aggregate: Aggregate;
  aggregateCast: string | undefined;
  alias: string | undefined;
}

/** A spread's aggregated fields of a column, selected plainly there and aggregated by its parent. */
function hoistAggregates(node: PendingNode): Hoisted[] {
  const hoisted: Hoisted[] = [];
  node.select = node.select.map((item) => {
    if (item.kind !== 'field' || !item.aggregate) return item;
    // count() counts the spread's rows: its query selects them whole (*), its parent counts them.
    const plain: FieldItem =
      item.name === '*'
        ? { kind: 'star' }
        : { kind: 'field', name: item.name, alias: item.alias, ...(item.cast ? { cast: item.cast } : {}), ...(item.path ? { path: item.path } : {}) };
    hoisted.push({ column: plain.kind === 'star' ? '*' : outputName(plain), aggregate: item.aggregate, aggregateCast: item.aggregateCast, alias: item.alias });
    return plain;
  });
  return hoisted;
}

/** An embedded resource: a lateral join of its node to the parent through one relationship. */
export interface Embed {
  /** Key in the parent's answer (the alias, else the name as written). */
  name: string;
  /** The name as written (a table, a foreign key or a column). */
  target: string;
  alias: string | undefined;
  relationship: Relationship;
  /** Alias of the lateral subquery (PostgREST's: parent_name_depth). */
  lateral: string;
  joinType: 'inner' | 'left';
  spread: boolean;
  /**
   * A spread's aggregates, applied in its parent (PostgREST's hoistSpreadAggFunctions): the
   * column the embedded query selects plainly, the function, its cast and the parent's key.
   */
  hoisted: Hoisted[];
  /** Tables of the embedded query's FROM, schema-qualified: the table (as its alias) and, many-to-many, the junction. */
  from: { table: string; alias: string | undefined; junction: string | undefined };
  /** Pairs of columns equal between the embedded query and its parent. */
  conditions: Array<[ColumnRef, ColumnRef]>;
  node: ReadNode;
}

export interface ReadPlan {
  kind: 'read';
  relation: Relation;
  tree: ReadNode;
  /** db-max-rows: what Prefer: count=estimated counts exactly up to (query.ts, index.ts). */
  maxRows: number | undefined;
}

export interface MutatePlan {
  kind: 'mutate';
  mutation: 'insert' | 'update' | 'delete';
  relation: Relation;
  /** Filters of the rows to change (update, delete). */
  filters: Filter[];
  /** Insert rows and columns; update values. */
  payload: Payload | undefined;
  /** Upsert: the conflict target and what to do on a conflict. */
  upsert: { conflict: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | undefined;
  /** return=representation: the read of the changed rows (root qualifier "T", the changed rows' alias). */
  returning: ReadNode | undefined;
}

export interface CallPlan {
  kind: 'call';
  routine: Routine;
  /** The arguments by name. */
  args: Record<string, unknown>;
  /** The body as sent, for a function of one unnamed parameter: its one argument. */
  wholeBody: string | undefined;
  fromJson: boolean;
  /**
   * The read of a function's result rows when they are a table's (setof "Rooms"): filtered,
   * ordered, paged and embedding like a read of the table, its root the call named as the table.
   */
  tree: ReadNode | undefined;
  /** The page of the rows of a function of no table (OUT or TABLE columns), within db-max-rows. */
  page: { offset: number; limit: number | undefined };
}

export type ActionPlan = ReadPlan | MutatePlan | CallPlan;

/** Settings plans depend on (PostgREST's AppConfig). */
export interface PlanSettings {
  /** db-max-rows: the most rows each level of a read or a call answers. */
  maxRows: number | undefined;
  /** db-aggregates-enabled: count(), sum(), avg(), min(), max() allowed in select. */
  aggregatesEnabled: boolean;
}

const DEFAULTS: PlanSettings = { maxRows: undefined, aggregatesEnabled: false };

function tableNotFound(schema: string, name: string): RestError {
  return restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
}

const noSuchColumn = (rel: string, column: string) =>
  restError(400, 'PGRST204', `Could not find the '${column}' column of '${rel}' in the schema cache`);

const notEmbedded = (name: string) =>
  restError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);

/** PGRST200 with PostgREST's suggestion of a near name: the parent's if unknown, else the child's. */
function noRelationship(schema: SchemaCache, origin: string, target: string, hint: string | undefined): RestError {
  const parentRels = schema.relationships.get(origin);
  let suggestion: string | undefined;
  if (parentRels) {
    const near = suggest([...new Set(parentRels.map((r) => r.foreignTable))], target, true);
    if (near !== undefined) suggestion = `Perhaps you meant '${near}' instead of '${target}'.`;
  } else {
    const near = suggest([...schema.relationships.keys()], origin, false);
    if (near !== undefined) suggestion = `Perhaps you meant '${near}' instead of '${origin}'.`;
  }
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}${hint === undefined ? '' : `' using the hint '${hint}`}' in the schema '${schema.schema}', but no matches were found.`,
    suggestion ?? null,
  );
}

const columnList = (columns: string[]) => `(${columns.join(', ')})`;

/** One candidate of PGRST201's details, as PostgREST's compressedRel. */
function describeRelationship(rel: Relationship): Record<string, string> {
  const embedding = `${rel.table} with ${rel.foreignTable}`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      embedding,
      cardinality: 'many-to-many',
      relationship: `${j.table} using ${j.constraint1}${columnList(j.sourceColumns.map(([, c]) => c))} and ${j.constraint2}${columnList(j.targetColumns.map(([, c]) => c))}`,
    };
  }
  return {
    embedding,
    cardinality: rel.cardinality,
    relationship: `${rel.constraint} using ${rel.table}${columnList(rel.columns.map(([c]) => c))} and ${rel.foreignTable}${columnList(rel.columns.map(([, c]) => c))}`,
  };
}

function ambiguousRelationship(origin: string, target: string, candidates: Relationship[]): RestError {
  const hints = candidates.map((r) => `'${r.foreignTable}!${r.junction ? r.junction.table : r.constraint}'`).join(', ');
  const error = restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    null,
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
  // details is a list here, not a string.
  (error.body as { details: unknown }).details = candidates.map(describeRelationship);
  return error;
}

const singleColumn = (rel: Relationship, side: 0 | 1): string | undefined =>
  !rel.junction && rel.columns.length === 1 ? rel.columns[0]![side] : undefined;

/**
 * The relationship `origin?select=target!hint(...)` names (Plan.hs findRel): the target is a
 * table, or (no hint) a foreign key's name or its one column; a hint is a foreign key's name,
 * one of its columns on either side, or a many-to-many's junction table.
 */
export function findRelationship(schema: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship {
  const candidates = (schema.relationships.get(origin) ?? []).filter((rel) => {
    // A function is embedded by its name alone.
    if (rel.computed !== undefined) return hint === undefined && target === rel.computed;
    if (rel.isSelf) {
      if (hint === undefined) {
        return (target === rel.foreignTable && rel.cardinality === 'one-to-many') || (singleColumn(rel, 0) === target && rel.cardinality === 'many-to-one');
      }
      return target === rel.foreignTable && rel.cardinality === 'one-to-many' && singleColumn(rel, 1) === hint;
    }
    if (hint === undefined) {
      // A foreign key's name or column names the relationship to its table, not to a view of it.
      const toView = VIEW_KINDS.has(schema.relations.get(rel.foreignTable)?.kind ?? '');
      return target === rel.foreignTable || (!rel.junction && !toView && (rel.constraint === target || singleColumn(rel, 0) === target));
    }
    return (
      target === rel.foreignTable &&
      (rel.junction
        ? rel.junction.table === hint
        : rel.constraint === hint || singleColumn(rel, 0) === hint || singleColumn(rel, 1) === hint)
    );
  });
  if (candidates.length === 0) throw noRelationship(schema, origin, target, hint);
  if (candidates.length > 1) throw ambiguousRelationship(origin, target, candidates);
  return candidates[0]!;
}


interface Pending {
  item: EmbedItem;
  node: PendingNode;
}

interface PendingNode {
  select: FieldItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  embeds: Pending[];
}

function pendingTree(select: SelectItem[], aggregatesEnabled: boolean): PendingNode {
  const node: PendingNode = { select: [], filters: [], order: [], limit: undefined, offset: undefined, embeds: [] };
  for (const item of select) {
    if (item.kind === 'field' && item.aggregate && !aggregatesEnabled) throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    if (item.kind === 'embed') node.embeds.push({ item, node: pendingTree(item.select, aggregatesEnabled) });
    else node.select.push(item);
  }
  return node;
}

/** The embed a parameter path names, by its name as written or its alias (PGRST108 if none). */
function nodeAt(root: PendingNode, path: string[]): PendingNode {
  let node = root;
  for (const name of path) {
    const next = node.embeds.find((e) => e.item.target === name || e.item.alias === name);
    if (!next) throw notEmbedded(name);
    node = next.node;
  }
  return node;
}

function resolve(
  schema: SchemaCache,
  relation: Relation,
  pending: PendingNode,
  qualifier: string,
  errorName: string,
  depth: number,
  forMutation = false,
): ReadNode {
  // A computed relationship's function takes the parent's row; the changed rows of a write are
  // records (_pgrst_src), cast back to the table's row type.
  const rowArgument = forMutation && depth === 0 ? `row(${qualifier}.*)::${qualifiedName(schema.schema, relation.name)}` : `${qualifier}.*`;
  const embeds = pending.embeds.map(({ item, node }): Embed => {
    const relationship = findRelationship(schema, relation.name, item.target, item.hint);
    const foreign = schema.relations.get(relationship.foreignTable)!;
    const childDepth = depth + 1;
    const name = item.alias ?? item.target;
    const junction = relationship.junction;
    // Many-to-many joins the junction in the embedded query's FROM and needs no alias.
    const alias = junction ? undefined : `${relationship.foreignTable}_${childDepth}`;
    const foreignName = qualifiedName(schema.schema, relationship.foreignTable);
    const junctionName = junction && qualifiedName(schema.schema, junction.table);
    const childQualifier = alias ? ident(alias) : foreignName;
    const conditions: Array<[ColumnRef, ColumnRef]> = relationship.computed !== undefined
      ? []
      : junction
      ? [
          ...junction.targetColumns.map(([column, jcol]): [ColumnRef, ColumnRef] => [
            { qualifier: junctionName!, column: jcol },
            { qualifier: childQualifier, column },
          ]),
          ...junction.sourceColumns.map(([column, jcol]): [ColumnRef, ColumnRef] => [
            { qualifier: junctionName!, column: jcol },
            { qualifier, column },
          ]),
        ]
      : relationship.columns.map(([column, fcolumn]): [ColumnRef, ColumnRef] => [
          { qualifier: childQualifier, column: fcolumn },
          { qualifier, column },
        ]);
    if (item.spread && !isToOne(relationship)) {
      throw restError(
        400,
        'PGRST119',
        `A spread operation on '${item.target}' is not possible`,
        `'${relationship.table}' and '${item.target}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    return {
      name,
      target: item.target,
      alias: item.alias,
      relationship,
      lateral: `${relationship.table}_${name}_${childDepth}`,
      joinType: item.joinType === 'inner' ? 'inner' : 'left',
      spread: item.spread,
      hoisted: item.spread ? hoistAggregates(node) : [],
      // A computed relationship's rows are its function's, called with the parent's row.
      from: {
        table: relationship.computed === undefined ? foreignName : `${qualifiedName(schema.schema, relationship.computed)}(${rowArgument})`,
        alias,
        junction: junctionName,
      },
      conditions,
      node: resolve(schema, foreign, node, childQualifier, alias ?? relationship.foreignTable, childDepth),
    };
  });
  for (const term of pending.order) {
    if (term.relation === undefined) continue;
    const embed = embeds.find((e) => e.name === term.relation);
    if (!embed) throw notEmbedded(term.relation);
    if (!isToOne(embed.relationship)) {
      throw restError(
        400,
        'PGRST118',
        `A related order on '${embed.name}' is not possible`,
        `'${relation.name}' and '${embed.name}' do not form a many-to-one or one-to-one relationship`,
      );
    }
  }
  return {
    relation,
    qualifier,
    errorName,
    select: pending.select,
    filters: pending.filters,
    order: pending.order,
    limit: pending.limit,
    offset: pending.offset ?? 0,
    embeds,
  };
}

/**
 * The read tree of a select: embedded parameters attached to their embeds (a path naming no
 * embed is PGRST108), then each embed's relationship. Mutations read their representation
 * without the embeds' order and page, as PostgREST.
 */
export function readTree(
  schema: SchemaCache,
  relation: Relation,
  query: QueryParams,
  root: { qualifier: string; filters: Filter[]; order: OrderTerm[]; limit: number | undefined; offset: number },
  options: { aggregatesEnabled: boolean; forMutation?: boolean },
): ReadNode {
  const forMutation = options.forMutation ?? false;
  const pending = pendingTree(query.select, options.aggregatesEnabled);
  Object.assign(pending, { filters: root.filters, order: root.order, limit: root.limit, offset: root.offset });
  for (const params of query.embedded) {
    const node = nodeAt(pending, params.path);
    node.filters.push(...params.filters);
    if (forMutation) continue;
    node.order.push(...params.order);
    node.limit = params.limit;
    node.offset = params.offset;
  }
  return resolve(schema, relation, pending, root.qualifier, relation.name, 0, forMutation);
}

/** A limit within db-max-rows (Plan.hs restrictRange: the range intersected with the first maxRows rows from its offset). */
const withinMaxRows = (limit: number | undefined, maxRows: number | undefined) =>
  maxRows === undefined ? limit : Math.min(limit ?? maxRows, maxRows);

/** db-max-rows on every level of a read tree (treeRestrictRange); writes' representations are not limited. */
function restrictRange(node: ReadNode, maxRows: number | undefined): ReadNode {
  if (maxRows === undefined) return node;
  return {
    ...node,
    limit: withinMaxRows(node.limit, maxRows),
    embeds: node.embeds.map((embed) => ({ ...embed, node: restrictRange(embed.node, maxRows) })),
  };
}

/** The root's page: limit/offset intersected with the Range header. */
export function rootPage(request: ApiRequest): { offset: number; limit: number | undefined } {
  let offset = request.query.offset ?? 0;
  let limit = request.query.limit;
  const range = request.range;
  if (range) {
    const upperQ = limit === undefined ? Infinity : offset + limit - 1;
    const upperR = range.limit === undefined ? Infinity : range.offset + range.limit - 1;
    offset = Math.max(offset, range.offset);
    const upper = Math.min(upperQ, upperR);
    limit = upper === Infinity ? undefined : Math.max(0, upper - offset + 1);
  }
  return { offset, limit };
}

/**
 * PGRST202, as PostgREST words it for the arguments and the body's media type, with its hint
 * (Error.hs noRpcHint): the nearest overload's parameters, else the nearest function's name.
 */
function routineNotFound(schema: SchemaCache, name: string, keys: string[], isPost: boolean, media: CallMedia): RestError {
  const sorted = [...keys].sort();
  const func = `${schema.schema}.${name}`;
  const single = isPost && media !== 'json';
  const message = `Could not find the function ${func}${single ? '' : sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`;
  const params = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters';
  const searched = single ? ` with a single unnamed ${UNNAMED_TYPE[media]} parameter` : `${params}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}`;
  const details = `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`;
  const overloads = schema.routines.get(name) ?? [];
  const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const near =
    overloads.length === 0
      ? suggest([...schema.routines.keys()], name, false)
      : suggest(overloads.map((r) => paramList(r.params.map((p) => p.name))), paramList(keys), false);
  const hint = single || near === undefined ? null : `Perhaps you meant to call the function ${func.slice(0, -name.length)}${overloads.length === 0 ? near : name + near}`;
  return restError(404, 'PGRST202', message, details, hint);
}

/** The type of the one parameter a POSTed body of each media type can be the argument of. */
const UNNAMED_TYPE: Record<CallMedia, string> = { json: 'json/jsonb', text: 'text', xml: 'xml', octet: 'bytea' };
const UNNAMED_TYPES: Record<CallMedia, readonly string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], octet: ['bytea'] };

/** Overloads the arguments cannot tell apart (PostgREST's 300 PGRST203), in the schema cache's order. */
function ambiguousRoutine(candidates: Routine[]): RestError {
  const signature = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  return restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/**
 * The function a call names (Plan.hs findProc): the overloads whose parameters the argument
 * names fit (every required one given, none unknown; an unnamed parameter is named ""), else
 * those of one parameter of the type the POSTed body's media type is the argument of.
 */
function findRoutine(schema: SchemaCache, request: ApiRequest, keys: string[], media: CallMedia): Routine {
  const isPost = request.method === 'POST';
  const rawBody = isPost && media !== 'json';
  const overloads = schema.routines.get(request.target) ?? [];
  const fits = (r: Routine) =>
    r.params.length === 0
      ? keys.length === 0 && !rawBody
      : keys.every((k) => r.params.some((p) => p.name === k)) && r.params.every((p) => p.optional || keys.includes(p.name));
  const matches = overloads.filter(fits);
  const fallbacks = isPost ? overloads.filter((r) => !fits(r) && r.params.length === 1 && UNNAMED_TYPES[media].includes(r.params[0]!.type)) : [];
  const candidates = matches.length > 0 ? matches : fallbacks;
  if (candidates.length === 0) throw routineNotFound(schema, request.target, keys, isPost, media);
  if (candidates.length > 1) throw ambiguousRoutine(candidates);
  return candidates[0]!;
}

function callPlan(schema: SchemaCache, request: ApiRequest, settings: PlanSettings): CallPlan {
  const payload = request.payload as Extract<Payload, { kind: 'arguments' }>;
  const keys = Object.keys(payload.args);
  const routine = findRoutine(schema, request, keys, payload.media);
  const relation = routine.returnsRelation ? schema.relations.get(routine.returnsRelation) : undefined;
  const { query } = request;
  let tree: ReadNode | undefined;
  if (relation && !routine.returnsScalar) {
    const { offset, limit } = rootPage(request);
    tree = restrictRange(
      readTree(schema, relation, query, { qualifier: ident(relation.name), filters: query.filters, order: query.order, limit, offset }, settings),
      settings.maxRows,
    );
  } else {
    // Rows of no table have no relationships.
    const embed = query.select.find((item): item is EmbedItem => item.kind === 'embed');
    if (embed) throw noRelationship(schema, routine.name, embed.target, embed.hint);
    pendingTree(query.select, settings.aggregatesEnabled);
  }
  const page = rootPage(request);
  // A function of one unnamed parameter is called with the whole body (PostgREST's OnePosParam).
  const wholeBody = routine.params.length === 1 && routine.params[0]!.name === '';
  return {
    kind: 'call',
    routine,
    args: payload.args,
    wholeBody: wholeBody ? (payload.raw ?? JSON.stringify(payload.args)) : undefined,
    fromJson: payload.fromJson,
    tree,
    page: { offset: page.offset, limit: withinMaxRows(page.limit, settings.maxRows) },
  };
}

function mutatePlan(schema: SchemaCache, request: ApiRequest, relation: Relation, aggregatesEnabled: boolean): MutatePlan {
  const { query, prefs, payload } = request;
  const mutation = request.action as MutatePlan['mutation'];
  let upsert: MutatePlan['upsert'];
  if (payload?.kind === 'rows') {
    for (const c of payload.columns) if (!relation.columns.has(c)) throw noSuchColumn(relation.name, c);
    if (prefs.resolution !== undefined && payload.columns.length > 0) {
      const conflict = query.onConflict ?? relation.primaryKey;
      for (const c of conflict) if (!relation.columns.has(c)) throw restError(400, '42703', `column ${relation.name}.${c} does not exist`);
      upsert = { conflict, resolution: prefs.resolution };
    }
  } else if (payload?.kind === 'values') {
    for (const c of Object.keys(payload.values)) if (!relation.columns.has(c)) throw noSuchColumn(relation.name, c);
  }
  const returning =
    prefs.return === 'representation'
      ? readTree(schema, relation, query, { qualifier: ident(relation.name), filters: [], order: [], limit: undefined, offset: 0 }, { aggregatesEnabled, forMutation: true })
      : undefined;
  return { kind: 'mutate', mutation, relation, filters: query.filters, payload, upsert, returning };
}

/** The plan of a request (Plan.hs actionPlan): PGRST205 for an unknown table. */
export function actionPlan(schema: SchemaCache, request: ApiRequest, settings: PlanSettings = DEFAULTS): ActionPlan {
  if (request.action === 'call') return callPlan(schema, request, settings);
  const relation = schema.relations.get(request.target);
  if (!relation) throw tableNotFound(schema.schema, request.target);
  if (request.action !== 'read') return mutatePlan(schema, request, relation, settings.aggregatesEnabled);
  const { offset, limit } = rootPage(request);
  const { query } = request;
  const tree = readTree(schema, relation, query, { qualifier: qualified(relation), filters: query.filters, order: query.order, limit, offset }, settings);
  return { kind: 'read', relation, tree: restrictRange(tree, settings.maxRows), maxRows: settings.maxRows };
}
