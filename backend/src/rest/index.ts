// /rest/v1 with PostgREST semantics: parse -> plan against the schema cache -> one statement
// per request inside one transaction as the caller's role -> response.
import type { BackendContext } from '../context.ts';
import { JwtError } from '../context.ts';
import { DbWaitTimeout, type Db, type Queryable } from '../db/index.ts';
import { roleStatement } from '../db/role.ts';
import { callerFrom, type Caller } from '../jwt.ts';
import { textResponse } from '../http/json.ts';
import { fromDbError, restError, RestError } from './errors.ts';
import { parsePrefer, parseQuery, parseRangeHeader, type Preferences, type QueryParams, type SelectItem } from './parse.ts';
import { loadSchema, type Relation, type Routine, type SchemaCache } from './schema.ts';
import {
  envelope,
  ident,
  noSuchColumn,
  orderClause,
  outputName,
  pageClause,
  qualified,
  relationSource,
  selectList,
  Sql,
  whereClause,
  type Source,
} from './sql.ts';

const PREFIX = '/rest/v1';
const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

type Shape = 'array' | 'object' | 'csv';

interface Result {
  body: string;
  page: number;
  total: number | undefined;
  inserted?: number;
}

interface Plan {
  sql: Sql;
  text: string;
  readOnly: boolean;
  shape: Shape;
  /** Function results that are one value/row rather than a set. */
  unwrap?: boolean;
  /** A void function: 204 and no body. */
  noContent?: boolean;
}

function errorResponse(error: RestError): Response {
  return new Response(JSON.stringify(error.body), {
    status: error.status,
    headers: { 'content-type': JSON_TYPE, ...error.headers },
  });
}

function jwtErrorResponse(error: JwtError): Response {
  const code = error.failure === 'expired' || error.failure === 'claims' ? 'PGRST303' : 'PGRST301';
  return errorResponse(
    restError(401, code, error.message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(error.message)}`,
    }),
  );
}

/** Accept header -> response shape, PGRST107 when nothing we produce is acceptable. */
function negotiate(accept: string | null): Shape {
  if (!accept) return 'array';
  const types = accept.split(',').map((t) => t.split(';', 1)[0]!.trim().toLowerCase());
  for (const t of types) {
    if (t === 'application/vnd.pgrst.object+json' || t === 'application/vnd.pgrst.object') return 'object';
    if (t === 'application/json' || t === '*/*' || t === 'application/*' || t === '') return 'array';
    if (t === 'text/csv') return 'csv';
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

function checkProfile(req: Request, method: string): void {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = req.headers.get(header);
  if (profile && profile !== 'public') {
    throw restError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
  }
}

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  try {
    if (text.trim() === '') throw new Error('empty');
    return JSON.parse(text);
  } catch {
    throw restError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function outputNames(source: Source, items: SelectItem[]): string[] {
  const names: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') names.push(...source.columns);
    else names.push(outputName(item));
  }
  return names;
}

function page(q: QueryParams, req: Request): { offset: number; limit: number | undefined } {
  let offset = q.offset ?? 0;
  let limit = q.limit;
  const range = parseRangeHeader(req.headers.get('range'));
  if (range) {
    const upperQ = limit === undefined ? Infinity : offset + limit - 1;
    const upperR = range.limit === undefined ? Infinity : range.offset + range.limit - 1;
    offset = Math.max(offset, range.offset);
    const upper = Math.min(upperQ, upperR);
    limit = upper === Infinity ? undefined : Math.max(0, upper - offset + 1);
  }
  return { offset, limit };
}

function read(rel: Relation, q: QueryParams, prefs: Preferences, req: Request, shape: Shape): Plan & { offset: number } {
  const src = relationSource(rel);
  const sql = new Sql();
  const prefix = qualified(rel) + '.';
  const where = whereClause(sql, src, q.filters, prefix);
  const { offset, limit } = page(q, req);
  const inner = `select ${selectList(src, q.select, prefix)} from ${qualified(rel)}${where}${orderClause(src, q.order, prefix)}${pageClause(sql, limit, offset)}`;
  const total = prefs.count ? `select count(*) from ${qualified(rel)}${where}` : undefined;
  return { sql, text: envelope(inner, req.method !== 'HEAD', total, shape === 'csv'), readOnly: true, shape, offset };
}

/** Outer query of writes; same columns as envelope() (total is null: the page is the count). */
function writeEnvelope(dml: string, outputs: string[] | undefined, inserted = 'null::int'): string {
  const cols = outputs ? outputs.map(ident).join(', ') : '1';
  const body = outputs ? `coalesce(json_agg(_pgrst_t), '[]')::text` : `''`;
  return `with _pgrst_src as (${dml}) select ${body} as body, count(*)::int as page, null::int as total, ${inserted} as inserted from (select ${cols} from _pgrst_src) _pgrst_t`;
}

function returning(rel: Relation, q: QueryParams, representation: boolean, extra = ''): { list: string; outputs: string[] | undefined } {
  const src = relationSource(rel);
  if (!representation) return { list: ` returning 1 as _pgrst_one${extra}`, outputs: undefined };
  return { list: ` returning ${selectList(src, q.select, qualified(rel) + '.')}${extra}`, outputs: outputNames(src, q.select) };
}

async function insert(rel: Relation, q: QueryParams, prefs: Preferences, req: Request, shape: Shape): Promise<Plan & { upsert: boolean }> {
  const payload = await readJson(req);
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) {
    throw restError(400, 'PGRST102', 'All object keys must match');
  }
  let columns = q.columns;
  if (!columns) {
    const first = Object.keys((rows[0] ?? {}) as object);
    const key = [...first].sort().join('\u0000');
    for (const r of rows) {
      if (Object.keys(r as object).sort().join('\u0000') !== key) throw restError(400, 'PGRST102', 'All object keys must match');
    }
    columns = first;
  }
  for (const c of columns) if (!rel.columns.has(c)) throw noSuchColumn(rel.name, c);
  const sql = new Sql();
  const target = qualified(rel);
  let dml: string;
  if (columns.length === 0) {
    if (rows.length > 1) throw restError(400, 'PGRST102', 'All object keys must match');
    dml = rows.length === 1 ? `insert into ${target} default values` : `insert into ${target} select * from ${target} where false`;
  } else if (prefs.missing === 'default' && rows.some((r) => columns.some((c) => !(c in (r as object))))) {
    // missing=default: a key no row has is left out of the insert (its DEFAULT applies); a key
    // only some rows have takes the column's default expression where a row leaves it out,
    // evaluated row by row (the schema cache has it). One statement whatever the row count.
    const anyGiven = columns.filter((c) => rows.some((r) => c in (r as object)));
    // Rows with none of the keys still need one column to be inserted by: its default, per row.
    const given = anyGiven.length > 0 ? anyGiven : columns.slice(0, 1);
    const list = given.map(ident).join(', ');
    const cells = given.map((c) => {
      if (rows.every((r) => c in (r as object))) return `_pgrst_r.${ident(c)}`;
      const fallback = rel.columns.get(c)!.defaultExpr ?? 'null';
      return `case when _pgrst_e.j ? ${sql.bind(c)} then _pgrst_r.${ident(c)} else ${fallback} end`;
    });
    dml = `insert into ${target} (${list}) select ${cells.join(', ')}
           from jsonb_array_elements(${sql.bind(JSON.stringify(rows))}::jsonb) with ordinality _pgrst_e(j, n)
           cross join lateral jsonb_populate_record(null::${target}, _pgrst_e.j) _pgrst_r order by _pgrst_e.n`;
  } else {
    const list = columns.map(ident).join(', ');
    dml = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${sql.bind(JSON.stringify(rows))}::json) _pgrst_body`;
  }
  const upsert = prefs.resolution !== undefined && columns.length > 0;
  if (upsert) {
    const conflict = q.onConflict ?? rel.primaryKey;
    for (const c of conflict) if (!rel.columns.has(c)) throw restError(400, '42703', `column ${rel.name}.${c} does not exist`);
    if (conflict.length > 0) {
      dml += ` on conflict (${conflict.map(ident).join(', ')})`;
      dml +=
        prefs.resolution === 'ignore-duplicates'
          ? ' do nothing'
          : ` do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
    }
  }
  const merge = upsert && prefs.resolution === 'merge-duplicates';
  const { list, outputs } = returning(rel, q, prefs.return === 'representation', merge ? ', (xmax = 0) as _pgrst_inserted' : '');
  dml += list;
  const inserted = merge ? '(select count(*)::int from _pgrst_src where _pgrst_inserted)' : undefined;
  return { sql, text: writeEnvelope(dml, outputs, inserted), readOnly: false, shape, upsert };
}

async function update(rel: Relation, q: QueryParams, prefs: Preferences, req: Request, shape: Shape): Promise<Plan> {
  const payload = await readJson(req);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw restError(400, 'PGRST102', 'Empty or invalid json');
  }
  const columns = Object.keys(payload);
  for (const c of columns) if (!rel.columns.has(c)) throw noSuchColumn(rel.name, c);
  const src = relationSource(rel);
  const sql = new Sql();
  const target = qualified(rel);
  const where = whereClause(sql, src, q.filters, target + '.');
  const { list, outputs } = returning(rel, q, prefs.return === 'representation');
  let dml: string;
  if (columns.length === 0) {
    // Nothing to change: PostgREST answers as if no row matched.
    dml = `select 1 as _pgrst_one where false`;
    return { sql: new Sql(), text: writeEnvelope(dml, undefined), readOnly: false, shape };
  }
  const body = sql.bind(JSON.stringify(payload));
  dml = `update ${target} set ${columns.map((c) => `${ident(c)} = _pgrst_body.${ident(c)}`).join(', ')} from (select * from json_populate_record(null::${target}, ${body}::json)) _pgrst_body${where}${list}`;
  return { sql, text: writeEnvelope(dml, outputs), readOnly: false, shape };
}

function remove(rel: Relation, q: QueryParams, prefs: Preferences, shape: Shape): Plan {
  const src = relationSource(rel);
  const sql = new Sql();
  const target = qualified(rel);
  const where = whereClause(sql, src, q.filters, target + '.');
  const { list, outputs } = returning(rel, q, prefs.return === 'representation');
  return { sql, text: writeEnvelope(`delete from ${target}${where}${list}`, outputs), readOnly: false, shape };
}

function routineNotFound(name: string, keys: string[], isPost: boolean): RestError {
  const sorted = [...keys].sort();
  const func = `public.${name}`;
  const message = `Could not find the function ${func}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`;
  const params = sorted.length
    ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
    : ' without parameters';
  const details = `Searched for the function ${func}${params}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  return restError(404, 'PGRST202', message, details, null);
}

const JSON_TYPES: ReadonlySet<string> = new Set(['json', 'jsonb']);

/** Overloads the arguments cannot tell apart (PostgREST's 300 PGRST203). */
function ambiguousRoutine(candidates: Routine[]): RestError {
  const signature = (r: Routine) => `${qualified(r).replace(/"/g, '')}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  return restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

async function rpc(
  schema: SchemaCache,
  name: string,
  q: QueryParams,
  prefs: Preferences,
  req: Request,
  shape: Shape,
): Promise<Plan & { offset: number }> {
  const isPost = req.method === 'POST';
  let args: Record<string, unknown> = {};
  if (isPost) {
    const text = await req.text();
    if (text.trim() !== '') {
      try {
        args = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw restError(400, 'PGRST102', 'Empty or invalid json');
      }
      if (args === null || typeof args !== 'object' || Array.isArray(args)) throw restError(400, 'PGRST102', 'Empty or invalid json');
    }
  } else {
    for (const [k, v] of q.params) args[k] = v;
  }
  const keys = Object.keys(args);
  const overloads = schema.routines.get(name) ?? [];
  const matches = overloads.filter(
    (r) => keys.every((k) => r.params.some((p) => p.name === k)) && r.params.every((p) => p.optional || keys.includes(p.name)),
  );
  // A POSTed body goes whole to a function whose one parameter is an unnamed json or jsonb.
  const wholeBody = isPost && matches.length === 0
    ? overloads.filter((r) => r.params.length === 1 && r.params[0]!.name === '' && JSON_TYPES.has(r.params[0]!.type))
    : [];
  const candidates = matches.length > 0 ? matches : wholeBody;
  if (candidates.length === 0) throw routineNotFound(name, keys, isPost);
  if (candidates.length > 1) throw ambiguousRoutine(candidates);
  const routine = candidates[0]!;

  const sql = new Sql();
  const scalar = routine.returnsScalar;
  const tail = `${prefs.count && scalar ? ', count(*)::int as total' : ', null::int as total'}, null::int as inserted`;
  const alias = scalar ? '_pgrst_r(pgrst_scalar)' : '_pgrst_r';
  // Each argument is its own typed parameter, passed by name (the whole body: by position).
  const call =
    wholeBody.length > 0
      ? [`${sql.bind(argumentValue(args, routine.params[0]!.type, true))}::${routine.params[0]!.type}`]
      : routine.params
          .filter((p) => keys.includes(p.name))
          .map((p) => `${ident(p.name)} := ${sql.bind(argumentValue(args[p.name], p.type, isPost))}::${p.type}`);
  const from = `${qualified(routine)}(${call.join(', ')}) ${alias}`;
  const readOnly = !isPost;
  const { offset, limit } = page(q, req);
  if (scalar) {
    const text = `select coalesce(json_agg(_pgrst_r.pgrst_scalar), '[]')::text as body, count(*)::int as page${tail} from ${from}`;
    return { sql, text, readOnly, shape, unwrap: !routine.returnsSet, noContent: routine.returnsVoid, offset: 0 };
  }
  const source = routineSource(schema, routine);
  const where = whereClause(sql, source, q.filters, '_pgrst_r.');
  const inner = `select ${selectList(source, q.select, '_pgrst_r.')} from ${from}${where}${orderClause(source, q.order, '_pgrst_r.')}${pageClause(sql, limit, offset)}`;
  const total = prefs.count ? `select count(*) from ${from}${where}` : undefined;
  return {
    sql,
    text: envelope(inner, req.method !== 'HEAD', total),
    readOnly,
    shape,
    unwrap: !routine.returnsSet,
    offset,
  };
}

/** A JSON (POST) or query-string (GET) argument as the text PostgreSQL casts to the parameter type. */
function argumentValue(value: unknown, type: string, fromJson: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return fromJson ? JSON.stringify(value) : value;
  if (Array.isArray(value)) return (value as unknown[]).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v));
  if (typeof value === 'object') return JSON.stringify(value);
  return `${value as string | number | boolean | bigint}`;
}

function routineSource(schema: SchemaCache, routine: Routine): Source {
  if (routine.returnsRelation) {
    const rel = schema.relations.get(routine.returnsRelation);
    if (rel) return relationSource(rel);
  }
  const columns = routine.outColumns;
  return { name: routine.name, columns, has: (c) => columns.includes(c) };
}

function singularity(page: number): RestError {
  return restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${page} rows`);
}

/** The one element of a json_agg array text, e.g. '[{"a":1}]' -> '{"a":1}'. */
function unwrapArray(body: string): string {
  return body.slice(body.indexOf('[') + 1, body.lastIndexOf(']')).trim() || 'null';
}

function contentRange(offset: number, pageRows: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  return pageRows > 0 ? `${offset}-${offset + pageRows - 1}/${t}` : `*/${t}`;
}

/** The database went away (socket errors, a closed pool), as opposed to an SQL error. */
function isConnectionError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && /^E[A-Z]+$/.test(e.code)) return true;
  return typeof e?.message === 'string' && /Connection terminated|pool after calling end|PGlite is closed/i.test(e.message);
}

export interface RestService {
  handle: (req: Request, ctx: BackendContext) => Promise<Response>;
  reload(db: Queryable): Promise<void>;
}

/** Runs a plan as the caller; a singular request with another row count rolls back (406). */
/** Thrown by the pipeline's check to end the transaction with a rollback, carrying the rows already read. */
class RollbackRequested extends Error {
  constructor(readonly rows: unknown[][]) {
    super('rollback requested');
  }
}

async function execute(db: Db, caller: Caller, req: Request, path: string, plan: Plan, rollback: boolean): Promise<Result> {
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => (headers[name] = value));
  const settings = roleStatement({
    role: caller.role,
    claims: caller.claims,
    method: req.method,
    path,
    headers,
    readOnly: plan.readOnly,
  });
  const singular = (rows: unknown[][]) => {
    const page = Number(rows[0]?.[1] ?? 0);
    if (page !== 1) throw singularity(page);
  };
  // Reads change nothing, so a singular read needs no rollback: check after the transaction.
  const checkSingular = plan.shape === 'object' && !plan.readOnly ? singular : undefined;
  // tx=rollback: the answer is computed, then the transaction is rolled back instead of committed.
  const check = rollback
    ? (rows: unknown[][]) => {
        checkSingular?.(rows);
        throw new RollbackRequested(rows);
      }
    : checkSingular;
  let rows: unknown[][];
  try {
    rows = await db.pipeline([settings, { text: plan.text, values: plan.sql.values }], check);
  } catch (error) {
    if (!(error instanceof RollbackRequested)) throw error;
    rows = error.rows;
  }
  if (plan.shape === 'object' && plan.readOnly) singular(rows);
  const [body, page, total, inserted] = rows[0] ?? [];
  const result: Result = { body: typeof body === 'string' ? body : '', page: Number(page ?? 0), total: total === null || total === undefined ? undefined : Number(total) };
  if (inserted !== null && inserted !== undefined) result.inserted = Number(inserted);
  return result;
}

const MAX_READ_PLANS = 1000;
const EMPTY_QUERY = parseQuery('');

export function createRest(): RestService {
  let schema: SchemaCache = { relations: new Map(), routines: new Map() };
  const readPlans = new Map<string, Plan & { offset: number }>();

  async function handle(req: Request, ctx: BackendContext): Promise<Response> {
    let caller: Caller = { role: 'anon', claims: {} };
    try {
      caller = await callerFrom(req.headers.get('authorization'), ctx.verifyJwt);
      return await serve(req, ctx, caller);
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error);
      if (error instanceof JwtError) return jwtErrorResponse(error);
      const fromDb = fromDbError(error, caller.role !== 'anon');
      if (fromDb) return errorResponse(fromDb);
      if (error instanceof DbWaitTimeout) {
        return errorResponse(
          restError(503, 'PGRST003', 'Timed out acquiring connection from connection pool.', error.message, null, { 'retry-after': '1' }),
        );
      }
      if (isConnectionError(error)) {
        return errorResponse(restError(503, 'PGRST001', 'Database client error. Retrying the connection.', String((error as Error).message)));
      }
      throw error;
    }
  }

  async function serve(req: Request, ctx: BackendContext, caller: Caller): Promise<Response> {
    const url = new URL(req.url);
    const method = req.method;
    const path = url.pathname.slice(PREFIX.length);
    // A malformed escape (%ff) is kept as it is: it names no relation, so it is a 404, not a crash.
    const segments = path.split('/').filter(Boolean).map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    checkProfile(req, method);
    const shape = negotiate(req.headers.get('accept'));
    const isRpc = segments.length === 2 && segments[0] === 'rpc';
    const prefs = parsePrefer(req.headers.get('prefer'));
    if (prefs.strict && prefs.invalid.length > 0) {
      throw restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
    }
    // Reads repeat (the grid asks the same page again and again): their plan - statement text
    // and values - is kept per request shape and reused until the schema is reloaded.
    const cacheKey =
      (method === 'GET' || method === 'HEAD') && !isRpc
        ? `${method} ${url.pathname}?${url.search} ${shape} ${prefs.count ?? ''} ${req.headers.get('range') ?? ''}`
        : undefined;
    const cached = cacheKey ? readPlans.get(cacheKey) : undefined;
    const q = cached ? EMPTY_QUERY : parseQuery(url.search.slice(1), isRpc);

    // CSV is a table's read only (GET/HEAD); anything else answers JSON or nothing.
    if (shape === 'csv' && (isRpc || (method !== 'GET' && method !== 'HEAD'))) {
      throw restError(406, 'PGRST107', 'None of these media types are available: text/csv');
    }
    let plan: Plan & { offset?: number; upsert?: boolean };
    let kind: 'read' | 'insert' | 'update' | 'delete' | 'rpc';
    if (isRpc) {
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
        throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      }
      kind = 'rpc';
      plan = await rpc(schema, segments[1]!, q, prefs, req, shape);
    } else if (segments.length === 1) {
      const rel = schema.relations.get(segments[0]!);
      if (!rel) {
        throw restError(404, 'PGRST205', `Could not find the table 'public.${segments[0]}' in the schema cache`);
      }
      if (method === 'GET' || method === 'HEAD') {
        kind = 'read';
        let readPlan = cached;
        if (!readPlan) {
          readPlan = read(rel, q, prefs, req, shape);
          if (cacheKey) {
            if (readPlans.size >= MAX_READ_PLANS) readPlans.clear();
            readPlans.set(cacheKey, readPlan);
          }
        }
        plan = readPlan;
      } else if (method === 'POST') {
        kind = 'insert';
        plan = await insert(rel, q, prefs, req, shape);
      } else if (method === 'PATCH') {
        kind = 'update';
        plan = await update(rel, q, prefs, req, shape);
      } else {
        kind = 'delete';
        plan = remove(rel, q, prefs, shape);
      }
    } else {
      throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
    }

    // PostgREST's db-tx-end: the configured end, or Prefer: tx where an override is allowed.
    const txEnd = ctx.config.restTxEnd;
    const overridable = txEnd.endsWith('-allow-override');
    const rollback = overridable && prefs.tx ? prefs.tx === 'rollback' : txEnd.startsWith('rollback');
    const result = await execute(ctx.apiDb, caller, req, segments.length === 2 ? `/${segments.join('/')}` : path, plan, rollback);
    const applied: string[] = [];
    if (prefs.return && kind !== 'read' && kind !== 'rpc') applied.push(`return=${prefs.return}`);
    if (prefs.count) applied.push(`count=${prefs.count}`);
    if (prefs.resolution && plan.upsert) applied.push(`resolution=${prefs.resolution}`);
    if (prefs.missing && kind === 'insert') applied.push(`missing=${prefs.missing}`);
    if (overridable && prefs.tx) applied.push(`tx=${prefs.tx}`);
    const headers: Record<string, string> = {};
    if (applied.length) headers['preference-applied'] = applied.join(', ');

    if (kind === 'read' || kind === 'rpc') {
      const offset = plan.offset ?? 0;
      const total = result.total;
      let status = 200;
      if (total !== undefined) {
        if (offset > total) {
          throw restError(
            416,
            'PGRST103',
            'Requested range not satisfiable',
            `An offset of ${offset} was requested, but there are only ${total} rows.`,
            null,
            { 'content-range': `*/${total}` },
          );
        }
        if (result.page < total) status = 206;
      }
      headers['content-range'] = contentRange(offset, result.page, total);
      headers['content-location'] = url.pathname.slice(PREFIX.length) + url.search;
      if (plan.noContent) return new Response(null, { status: 204, headers });
      if (shape === 'csv') {
        headers['content-type'] = 'text/csv; charset=utf-8';
        return new Response(method === 'HEAD' ? null : result.body, { status, headers });
      }
      const single = shape === 'object' || plan.unwrap;
      headers['content-type'] = shape === 'object' ? OBJECT_TYPE : JSON_TYPE;
      const body = method === 'HEAD' ? null : single ? unwrapArray(result.body) : result.body;
      return textResponse(body, { status, headers });
    }

    const representation = prefs.return === 'representation';
    const total = prefs.count ? result.page : undefined;
    let status: number;
    if (kind === 'insert') {
      status = plan.upsert && result.inserted === 0 && result.page > 0 ? 200 : 201;
      headers['content-range'] = `*/${total ?? '*'}`;
    } else {
      status = representation ? 200 : 204;
      headers['content-range'] =
        kind === 'update' && result.page > 0 ? `0-${result.page - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
    }
    if (!representation) return new Response(null, { status, headers });
    headers['content-type'] = shape === 'object' ? OBJECT_TYPE : JSON_TYPE;
    return textResponse(shape === 'object' ? unwrapArray(result.body) : result.body, { status, headers });
  }

  return {
    handle,
    reload: async (q) => {
      schema = await loadSchema(q);
      readPlans.clear();
    },
  };
}
