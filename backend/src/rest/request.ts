// HTTP request -> ApiRequest (PostgREST's ApiRequest.hs): what is asked, parsed and checked
// without the schema cache - method and target, query string, preferences, media type, range and
// the body (JSON, or CSV rows to insert). Pure apart from reading the body (apiRequest); parseApiRequest takes it as text.
import { csvRows } from './csv.ts';
import { restError } from './errors.ts';
import { parsePrefer, parseQuery, parseRangeHeader, type Preferences, type QueryParams } from './parse.ts';

export type Shape = 'array' | 'object' | 'csv';

export type Action = 'read' | 'insert' | 'update' | 'delete' | 'call';

/** The JSON body, as each action takes it. */
export type Payload =
  /** insert: the rows and the columns to insert (columns= or the keys all rows share). */
  | { kind: 'rows'; rows: Array<Record<string, unknown>>; columns: string[] }
  /** update: the new values. */
  | { kind: 'values'; values: Record<string, unknown> }
  /**
   * call: named arguments (POST body or GET query string), the body as sent (what a function of
   * one unnamed parameter is called with) and its media type.
   */
  | { kind: 'arguments'; args: Record<string, unknown>; fromJson: boolean; raw: string | undefined; media: CallMedia };

/** Media types a POSTed call's body may have: JSON arguments, or the one argument of a text, xml or bytea parameter. */
export type CallMedia = 'json' | 'text' | 'xml' | 'octet';

const RAW_MEDIA: Record<string, CallMedia> = { 'text/plain': 'text', 'text/xml': 'xml', 'application/octet-stream': 'octet' };

export interface ApiRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  action: Action;
  /** The exposed schema asked for (Accept-Profile / Content-Profile), where target is. */
  schema: string;
  /** Whether the answer names its schema in Content-Profile. */
  negotiated: boolean;
  /** The table or view (read, insert, update, delete) or the function (call). */
  target: string;
  /** Path below /rest/v1 (request.path), e.g. /Rooms or /rpc/search_rooms. */
  path: string;
  /** Path and query string below /rest/v1, for Content-Location. */
  location: string;
  query: QueryParams;
  prefs: Preferences;
  shape: Shape;
  /** Accept asked for the plan of the statement answering `shape` (db-plan-enabled). */
  plan: PlanMedia | undefined;
  /** Accept: application/vnd.pgrst.array+json;nulls=stripped (or object): JSON without null fields. */
  stripNulls: boolean;
  /** The Range header, when it parses. */
  range: { offset: number; limit: number | undefined } | undefined;
  /** Lower-cased request headers (request.headers). */
  headers: Record<string, string>;
  payload: Payload | undefined;
}

/** What parseApiRequest needs of an HTTP request. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Headers;
  /** The body's text (POST and PATCH). */
  body: string | undefined;
}

export const PREFIX = '/rest/v1';
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] as const;

/** EXPLAIN's options a plan may ask for (MediaType.hs MTVndPlanOption), in PostgREST's order. */
export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;

/**
 * Accept: application/vnd.pgrst.plan(+json|+text); for="<media type>"; options=a|b - the EXPLAIN
 * of the statement that would answer `for` (db-plan-enabled). Only these formats and options:
 * nothing from the header reaches the SQL but a choice among them.
 */
export interface PlanMedia {
  format: 'json' | 'text';
  for: Shape;
  options: Array<(typeof PLAN_OPTIONS)[number]>;
}

/** The shape of a media type we answer, undefined for any other. */
function shapeOf(type: string): Shape | undefined {
  if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'object';
  if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === '') return 'array';
  if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array') return 'array';
  if (type === 'text/csv') return 'csv';
  return undefined;
}

const PLAN_FORMATS: Record<string, PlanMedia['format']> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
};

/** A plan media type's parameters (MediaType.hs getPlan): for= defaults to application/json. */
function planParams(params: string[]): { forType: string; options: PlanMedia['options'] } {
  const param = (name: string) => params.find((p) => p.startsWith(`${name}=`))?.slice(name.length + 1);
  const asked = (param('options') ?? '').split('|');
  return { forType: (param('for') ?? 'application/json').replace(/^"+|"+$/g, ''), options: PLAN_OPTIONS.filter((o) => asked.includes(o)) };
}

/** A plan media type as PostgREST writes it (toMime): its format, for= and the options it knows. */
export function planType(format: PlanMedia['format'], forType: string, options: PlanMedia['options']): string {
  return `application/vnd.pgrst.plan+${format}; for="${forType}"${options.length ? `; options=${options.join('|')}` : ''}`;
}

/** Accept header -> response shape (and plan), PGRST107 when nothing we produce is acceptable. */
function negotiate(accept: string | null, planEnabled: boolean): { shape: Shape; plan: PlanMedia | undefined; stripNulls: boolean } {
  if (!accept) return { shape: 'array', plan: undefined, stripNulls: false };
  const entries = accept.split(',').map((entry) => entry.split(';').map((part) => part.trim()));
  const types = entries.map(([type]) => type!.toLowerCase());
  const unavailable: string[] = [];
  for (const [i, type] of types.entries()) {
    const shape = shapeOf(type);
    // vnd.pgrst.array / vnd.pgrst.object with nulls=stripped as its only parameter (MediaType.hs).
    const params = entries[i]!.slice(1);
    const strippable = type.startsWith('application/vnd.pgrst.');
    if (shape) return { shape, plan: undefined, stripNulls: strippable && params.length === 1 && params[0] === 'nulls=stripped' };
    const format = PLAN_FORMATS[type];
    if (format === undefined) {
      unavailable.push(type);
      continue;
    }
    const { forType, options } = planParams(entries[i]!.slice(1));
    const forShape = shapeOf(forType.split(';', 1)[0]!.trim().toLowerCase());
    if (forShape && planEnabled) return { shape: forShape, plan: { format, for: forShape, options }, stripNulls: false };
    unavailable.push(planType(format, forType, options));
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${unavailable.join(', ')}`);
}

/**
 * The schema a request asks for (ApiRequest.hs getSchema): Content-Profile for writes and POST
 * calls, Accept-Profile otherwise, the first exposed schema when none is named; only an exposed
 * schema, else 406 PGRST106. `negotiated`: answered with Content-Profile (a profile was named, or
 * there is more than one schema to choose from).
 */
function negotiateSchema(headers: Headers, method: string, schemas: readonly string[]): { schema: string; negotiated: boolean } {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers.get(header);
  if (profile === null) return { schema: schemas[0]!, negotiated: schemas.length > 1 };
  if (!schemas.includes(profile)) {
    throw restError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
  }
  return { schema: profile, negotiated: true };
}

const invalidJson = () => restError(400, 'PGRST102', 'Empty or invalid json');

function jsonBody(text: string | undefined): unknown {
  try {
    if (text === undefined || text.trim() === '') throw new Error('empty');
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a body is CSV (Content-Type: text/csv, with any parameters), else JSON. */
function isCsv(contentType: string | null): boolean {
  return contentType?.split(';', 1)[0]!.trim().toLowerCase() === 'text/csv';
}

/** An insert's rows and columns: columns= names them, else every row must have the same keys. */
function insertPayload(text: string | undefined, columns: string[] | undefined, csv: boolean): Payload {
  const payload = csv ? csvRows(text ?? '') : jsonBody(text);
  const rows = Array.isArray(payload) ? payload : [payload];
  const keysDiffer = () => restError(400, 'PGRST102', csv ? 'All lines must have same number of fields' : 'All object keys must match');
  if (!rows.every(isObject)) throw keysDiffer();
  // columns= applies to JSON; CSV names its columns in its header (PostgREST ignores columns= there).
  if (columns && !csv) return { kind: 'rows', rows, columns };
  const first = Object.keys(rows[0] ?? {});
  const key = [...first].sort().join('\u0000');
  for (const r of rows) if (Object.keys(r).sort().join('\u0000') !== key) throw keysDiffer();
  return { kind: 'rows', rows, columns: first };
}

/**
 * An update's values: a JSON object; or, as PostgREST reads every body as rows and updates with
 * the first (json_populate_recordset ... LIMIT 1), the first row of a JSON array or a CSV body
 * (no rows: no values), its rows checked as an insert's are.
 */
function updatePayload(text: string | undefined, csv: boolean): Payload {
  if (!csv) {
    const body = jsonBody(text);
    if (isObject(body)) return { kind: 'values', values: body };
    if (!Array.isArray(body)) throw invalidJson();
  }
  const rows = insertPayload(text, undefined, csv);
  if (rows.kind !== 'rows') throw invalidJson();
  const first = rows.rows[0] ?? {};
  return { kind: 'values', values: Object.fromEntries(rows.columns.map((column) => [column, first[column]])) };
}

function callPayload(method: string, text: string | undefined, query: QueryParams, contentType: string | null): Payload {
  if (method !== 'POST') return { kind: 'arguments', args: Object.fromEntries(query.params), fromJson: false, raw: undefined, media: 'json' };
  const media = RAW_MEDIA[contentType?.split(';', 1)[0]!.trim().toLowerCase() ?? ''];
  // A text, xml or bytea body is one unnamed argument, not named ones (PostgREST's RawPay).
  if (media) return { kind: 'arguments', args: {}, fromJson: true, raw: text ?? '', media };
  if (text === undefined || text.trim() === '') return { kind: 'arguments', args: {}, fromJson: true, raw: '{}', media: 'json' };
  const args = jsonBody(text);
  if (!isObject(args)) throw invalidJson();
  return { kind: 'arguments', args, fromJson: true, raw: text, media: 'json' };
}

/** What parsing depends on of the settings: the exposed schemas (db-schemas), db-plan-enabled. */
export interface RequestSettings {
  schemas: readonly string[];
  planEnabled: boolean;
}

/** Parses and checks a request to /rest/v1 against the settings, in PostgREST's order of errors. */
export function parseApiRequest(raw: RawRequest, settings: RequestSettings): ApiRequest {
  const url = new URL(raw.url);
  const method = raw.method as ApiRequest['method'];
  const path = url.pathname.slice(PREFIX.length);
  // A malformed escape (%ff) is kept as it is: it names no relation, so it is a 404, not a crash.
  const segments = path.split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (!METHODS.includes(method)) throw restError(405, 'PGRST117', `Unsupported HTTP method: ${raw.method}`);
  const { schema, negotiated } = negotiateSchema(raw.headers, method, settings.schemas);
  const { shape, plan, stripNulls } = negotiate(raw.headers.get('accept'), settings.planEnabled);
  const isCall = segments.length === 2 && segments[0] === 'rpc';
  const prefs = parsePrefer(raw.headers.get('prefer'));
  if (prefs.strict && prefs.invalid.length > 0) {
    throw restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
  }
  const query = parseQuery(url.search.slice(1), isCall);
  let action: Action;
  if (isCall) {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    action = 'call';
  } else if (segments.length === 1) {
    action = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : method === 'DELETE' ? 'delete' : 'read';
  } else {
    throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
  let payload: Payload | undefined;
  if (action === 'insert') payload = insertPayload(raw.body, query.columns, isCsv(raw.headers.get('content-type')));
  else if (action === 'update') payload = updatePayload(raw.body, isCsv(raw.headers.get('content-type')));
  else if (action === 'call') payload = callPayload(method, raw.body, query, raw.headers.get('content-type'));

  const headers: Record<string, string> = {};
  raw.headers.forEach((value, name) => (headers[name] = value));
  return {
    method,
    action,
    schema,
    negotiated,
    target: isCall ? segments[1]! : segments[0]!,
    path: isCall ? `/${segments.join('/')}` : path,
    location: path + url.search,
    query,
    prefs,
    shape,
    plan,
    stripNulls,
    range: parseRangeHeader(raw.headers.get('range')),
    headers,
    payload,
  };
}

/** Reads the body of a Request (POST, PATCH) and parses it with the rest. */
export async function apiRequest(req: Request, settings: RequestSettings): Promise<ApiRequest> {
  const body = req.method === 'POST' || req.method === 'PATCH' ? await req.text() : undefined;
  return parseApiRequest({ method: req.method, url: req.url, headers: req.headers, body }, settings);
}
