// /rest/v1 with PostgREST semantics, in PostgREST's stages: ApiRequest (request.ts, a pure parse
// with the body) -> ActionPlan against the schema cache (plan.ts) -> one statement (query.ts) ->
// run inside one transaction as the caller's role -> the response of its action (below).
import type { BackendContext } from '../context.ts';
import { JwtError } from '../context.ts';
import { DbWaitTimeout, type Db, type Queryable } from '../db/index.ts';
import { roleStatement } from '../db/role.ts';
import { callerFrom, type Caller } from '../jwt.ts';
import { textResponse } from '../http/json.ts';
import { fromDbError, restError, RestError } from './errors.ts';
import { actionPlan, type ActionPlan, type CallPlan, type MutatePlan, type PlanSettings, type ReadPlan } from './plan.ts';
import { callStatement, explainStatement, mutateStatement, plannedCountStatement, planRows, readStatement, type Statement } from './query.ts';
import { apiRequest, planType, PREFIX, type ApiRequest, type PlanMedia, type RequestSettings } from './request.ts';
import { loadSchema, type SchemaCache } from './schema.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** Content-Type of a JSON answer: the media type asked for, nulls=stripped included. */
function jsonType(request: ApiRequest): string {
  if (!request.stripNulls) return request.shape === 'object' ? OBJECT_TYPE : JSON_TYPE;
  return `application/vnd.pgrst.${request.shape === 'object' ? 'object' : 'array'}+json;nulls=stripped; charset=utf-8`;
}

interface Result {
  body: string;
  page: number;
  total: number | undefined;
  inserted?: number;
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

/** Thrown by the pipeline's check to end the transaction with a rollback, carrying the rows already read. */
class RollbackRequested extends Error {
  constructor(readonly rows: unknown[][]) {
    super('rollback requested');
  }
}

/** How a statement runs: read-only (GET, HEAD), and whether the answer must be exactly one row. */
interface Execution {
  readOnly: boolean;
  singular: boolean;
  /** End with a rollback (db-tx-end / Prefer: tx=rollback) instead of a commit. */
  rollback: boolean;
}

/** The request's settings (role, claims, schema...), the first statement of its transaction. */
function settingsOf(caller: Caller, request: ApiRequest, readOnly: boolean) {
  return roleStatement({
    role: caller.role,
    claims: caller.claims,
    method: request.method,
    path: request.path,
    headers: request.headers,
    readOnly,
    schema: request.schema,
  });
}

/** Runs a statement as the caller; a singular write with another row count rolls back (406). */
async function execute(db: Db, caller: Caller, request: ApiRequest, statement: Statement, how: Execution): Promise<Result> {
  const settings = settingsOf(caller, request, how.readOnly);
  const singular = (rows: unknown[][]) => {
    const page = Number(rows[0]?.[1] ?? 0);
    if (page !== 1) throw singularity(page);
  };
  // Reads change nothing, so a singular read needs no rollback: check after the transaction.
  const checkSingular = how.singular && !how.readOnly ? singular : undefined;
  // tx=rollback: the answer is computed, then the transaction is rolled back instead of committed.
  const check = how.rollback
    ? (rows: unknown[][]) => {
        checkSingular?.(rows);
        throw new RollbackRequested(rows);
      }
    : checkSingular;
  let rows: unknown[][];
  try {
    rows = await db.pipeline([settings, { text: statement.text, values: statement.sql.values }], check);
  } catch (error) {
    if (!(error instanceof RollbackRequested)) throw error;
    rows = error.rows;
  }
  if (how.singular && how.readOnly) singular(rows);
  const [body, page, total, inserted] = rows[0] ?? [];
  const result: Result = { body: typeof body === 'string' ? body : '', page: Number(page ?? 0), total: total === null || total === undefined ? undefined : Number(total) };
  if (inserted !== null && inserted !== undefined) result.inserted = Number(inserted);
  return result;
}

/** Content-Profile: the schema, beside a Content-Type, when it was negotiated (PostgREST's profileHeader). */
function profileHeader(request: ApiRequest): Record<string, string> {
  return request.negotiated ? { 'content-profile': request.schema } : {};
}

/** The rows of a read or a call: 200, or 206 for a part of a counted whole, 416 past its end. */
function rowsResponse(request: ApiRequest, result: Result, offset: number, call: { unwrap: boolean; noContent: boolean } | undefined, applied: string[]): Response {
  const headers: Record<string, string> = {};
  if (applied.length) headers['preference-applied'] = applied.join(', ');
  const total = result.total;
  let status = 200;
  if (total !== undefined) {
    if (offset > total) {
      throw restError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null, {
        'content-range': `*/${total}`,
        ...profileHeader(request),
      });
    }
    if (result.page < total) status = 206;
  }
  headers['content-range'] = contentRange(offset, result.page, total);
  headers['content-location'] = request.location;
  if (call?.noContent) return new Response(null, { status: 204, headers });
  Object.assign(headers, profileHeader(request));
  if (request.shape === 'csv') {
    headers['content-type'] = CSV_TYPE;
    return new Response(request.method === 'HEAD' ? null : result.body, { status, headers });
  }
  const single = request.shape === 'object' || call?.unwrap;
  headers['content-type'] = jsonType(request);
  const body = request.method === 'HEAD' ? null : single ? unwrapArray(result.body) : result.body;
  return textResponse(body, { status, headers });
}

/** Written rows: 201 for an insert (200 when an upsert only updated), 204 or 200 otherwise. */
function writeResponse(request: ApiRequest, plan: MutatePlan, result: Result, applied: string[]): Response {
  const headers: Record<string, string> = {};
  if (applied.length) headers['preference-applied'] = applied.join(', ');
  const representation = request.prefs.return === 'representation';
  // A write counts its rows for count=exact or estimated; planned is not counted (shouldCount).
  const total = request.prefs.count === 'exact' || request.prefs.count === 'estimated' ? result.page : undefined;
  let status: number;
  if (plan.mutation === 'insert') {
    status = plan.upsert && result.inserted === 0 && result.page > 0 ? 200 : 201;
    headers['content-range'] = `*/${total ?? '*'}`;
  } else {
    status = representation ? 200 : 204;
    headers['content-range'] = plan.mutation === 'update' && result.page > 0 ? `0-${result.page - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
  }
  if (!representation) return new Response(null, { status, headers });
  Object.assign(headers, profileHeader(request));
  headers['content-type'] = request.shape === 'csv' ? CSV_TYPE : jsonType(request);
  return textResponse(request.shape === 'object' ? unwrapArray(result.body) : result.body, { status, headers });
}

/** A read's statement with what its response needs, kept per request shape (see readKey). */
interface PreparedRead {
  request: ApiRequest;
  plan: ReadPlan;
  statement: Statement;
}

const MAX_READ_PLANS = 1000;

/**
 * Reads repeat (the grid asks the same page again and again): the same method, URL and the
 * headers a read's plan depends on give the same statement, reused until the schema is reloaded.
 */
function readKey(req: Request): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.url.includes(`${PREFIX}/rpc/`)) return undefined;
  const h = req.headers;
  return `${req.method} ${req.url} ${h.get('accept')} ${h.get('prefer')} ${h.get('range')} ${h.get('accept-profile')}`;
}

/** The REST service with PostgREST's settings: db-schemas, db-max-rows, db-plan-enabled. */
export function createRest(settings: RequestSettings & PlanSettings): RestService {
  const { schemas } = settings;
  let caches = new Map<string, SchemaCache>();
  const readPlans = new Map<string, PreparedRead>();

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
    const key = readKey(req);
    const cached = key === undefined ? undefined : readPlans.get(key);
    if (cached) {
      const headers: Record<string, string> = {};
      req.headers.forEach((value, name) => (headers[name] = value));
      return read(ctx, caller, { ...cached, request: { ...cached.request, headers } });
    }
    const request = await apiRequest(req, settings);
    const plan = actionPlan(caches.get(request.schema)!, request, settings);
    if (request.plan) return explain(ctx, caller, request, request.plan, plan);
    switch (plan.kind) {
      case 'read': {
        const prepared = { request, plan, statement: readStatement(plan, request) };
        if (key !== undefined) {
          if (readPlans.size >= MAX_READ_PLANS) readPlans.clear();
          readPlans.set(key, prepared);
        }
        return read(ctx, caller, prepared);
      }
      case 'mutate':
        return mutate(ctx, caller, request, plan);
      case 'call':
        return call(ctx, caller, request, plan);
    }
  }

  /**
   * The total of a read (Query.hs resultSetWTotal): count=planned is the planner's estimate;
   * count=estimated is the exact count unless it passes db-max-rows (always, without one), then
   * the larger of it and the estimate.
   */
  async function readTotal(ctx: BackendContext, caller: Caller, request: ApiRequest, plan: ReadPlan, counted: number | undefined): Promise<number | undefined> {
    const count = request.prefs.count;
    const estimate = count === 'planned' || (count === 'estimated' && (plan.maxRows === undefined || (counted ?? 0) > plan.maxRows));
    if (!estimate) return counted;
    const statement = plannedCountStatement(plan);
    const [row] = await ctx.apiDb.pipeline([settingsOf(caller, request, true), { text: statement.text, values: statement.sql.values }]);
    const planned = planRows(row?.[0]);
    if (count === 'planned') return planned;
    return planned === undefined ? counted : Math.max(counted ?? 0, planned);
  }

  /**
   * The EXPLAIN of the statement that would answer the request (Accept: application/vnd.pgrst.plan,
   * db-plan-enabled), in its transaction as the caller: with analyze it runs, as a write commits
   * unless the transaction ends in a rollback (db-tx-end, Prefer: tx).
   */
  async function explain(ctx: BackendContext, caller: Caller, request: ApiRequest, media: PlanMedia, plan: ActionPlan): Promise<Response> {
    const statement =
      plan.kind === 'read' ? readStatement(plan, request) : plan.kind === 'mutate' ? mutateStatement(plan, request) : callStatement(plan, request);
    const explained = explainStatement(statement, media);
    const end = transactionEnd(ctx, request);
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    const statements = [settingsOf(caller, request, readOnly), { text: explained.text, values: explained.sql.values }];
    const rollback = (explained: unknown[][]) => {
      throw new RollbackRequested(explained);
    };
    let rows: unknown[][];
    try {
      rows = await ctx.apiDb.pipeline(statements, end.rollback ? rollback : undefined);
    } catch (error) {
      if (!(error instanceof RollbackRequested)) throw error;
      rows = error.rows;
    }
    // One row of JSON (the driver may have parsed it), or one row per line of text.
    const lines = rows.map(([cell]) => (typeof cell === 'string' ? cell : JSON.stringify(cell, null, 2)));
    const forType = request.shape === 'object' ? 'application/vnd.pgrst.object+json' : request.shape === 'csv' ? 'text/csv' : 'application/json';
    const headers = { 'content-type': `${planType(media.format, forType, media.options)}; charset=utf-8`, ...profileHeader(request) };
    return textResponse(request.method === 'HEAD' ? null : lines.map((line) => `${line}\n`).join(''), { status: 200, headers });
  }

  /** PostgREST's db-tx-end: the configured end, or Prefer: tx where an override is allowed. */
  function transactionEnd(ctx: BackendContext, request: ApiRequest): { rollback: boolean; applied: string[] } {
    const txEnd = ctx.config.restTxEnd;
    const overridable = txEnd.endsWith('-allow-override');
    const tx = request.prefs.tx;
    return {
      rollback: overridable && tx ? tx === 'rollback' : txEnd.startsWith('rollback'),
      applied: overridable && tx ? [`tx=${tx}`] : [],
    };
  }

  async function read(ctx: BackendContext, caller: Caller, { request, plan, statement }: PreparedRead): Promise<Response> {
    const end = transactionEnd(ctx, request);
    const result = await execute(ctx.apiDb, caller, request, statement, { readOnly: true, singular: request.shape === 'object', rollback: end.rollback });
    const applied = [...(request.prefs.count ? [`count=${request.prefs.count}`] : []), ...end.applied];
    return rowsResponse(request, { ...result, total: await readTotal(ctx, caller, request, plan, result.total) }, plan.tree.offset, undefined, applied);
  }

  async function mutate(ctx: BackendContext, caller: Caller, request: ApiRequest, plan: MutatePlan): Promise<Response> {
    const statement = mutateStatement(plan, request);
    const end = transactionEnd(ctx, request);
    const result = await execute(ctx.apiDb, caller, request, statement, { readOnly: false, singular: request.shape === 'object', rollback: end.rollback });
    const { prefs } = request;
    const applied: string[] = [];
    if (prefs.return) applied.push(`return=${prefs.return}`);
    if (prefs.count) applied.push(`count=${prefs.count}`);
    if (prefs.resolution && plan.upsert) applied.push(`resolution=${prefs.resolution}`);
    if (prefs.missing && plan.mutation === 'insert') applied.push(`missing=${prefs.missing}`);
    return writeResponse(request, plan, result, [...applied, ...end.applied]);
  }

  async function call(ctx: BackendContext, caller: Caller, request: ApiRequest, plan: CallPlan): Promise<Response> {
    const statement = callStatement(plan, request);
    const end = transactionEnd(ctx, request);
    const readOnly = request.method !== 'POST';
    const result = await execute(ctx.apiDb, caller, request, statement, { readOnly, singular: request.shape === 'object', rollback: end.rollback });
    const applied = [...(request.prefs.count ? [`count=${request.prefs.count}`] : []), ...end.applied];
    const { routine } = plan;
    return rowsResponse(request, result, statement.offset, { unwrap: !routine.returnsSet, noContent: routine.returnsVoid }, applied);
  }

  return {
    handle,
    reload: async (q) => {
      caches = await loadSchema(q, schemas);
      readPlans.clear();
    },
  };
}
