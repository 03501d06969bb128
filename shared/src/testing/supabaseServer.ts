/**
 * The one HTTP-level fake of the backend for the jsdom suites. The real supabase-js client
 * (shared/supabase/client) talks to TEST_SUPABASE_URL; msw answers its PostgREST requests there,
 * tables and rpc alike. Each request is parsed back into a Read (table or rpc, columns, filters,
 * range, arguments), recorded, and answered by the test's ReadAnswer. Requests nobody answers fail
 * the test (onUnhandledRequest: 'error', in shared/vitest.setup.ts). Auth (password sign-in,
 * sign-up, user update, an authenticator app's code) is answered from the test's accounts, GoTrue's way. The real backend behind
 * the same client runs in the e2e suites. Realtime's socket opens and stays silent: live changes
 * are the e2e suites' and the backend's matter.
 */
import { http, HttpResponse, ws, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const TEST_SUPABASE_URL = 'http://supabase.test';

/** A request of the REST API (a read, or a write with its body) as the test sees it. Filter operands are the wire's text. */
export interface Read {
  method: string;
  table?: string;
  rpc?: string;
  args?: Record<string, unknown>;
  body?: unknown;
  columns?: string;
  filters: [column: string, operator: string, operand: string | string[]][];
  range?: [from: number, to: number];
  /** The order items as sent (`column.direction`), when the request orders. */
  order?: string[];
}

export interface Answer {
  data?: JsonBodyType;
  error?: { message: string; code?: string } | null;
  count?: number | null;
}

export type ReadAnswer = (read: Read) => Answer | Promise<Answer>;

const answerNothing: ReadAnswer = () => ({ data: [] });
let answer: ReadAnswer = answerNothing;
let reads: Read[] = [];

/** A request to /auth/v1 as the test sees it: the endpoint (token, signup, recover, user) and its JSON body. */
export interface AuthCall {
  endpoint: string;
  body: Record<string, unknown>;
}

interface Account {
  password: string;
  name?: string;
  /** An anonymous account (signInAnonymously): keyed by a made-up key, no email until it gives one. */
  anonymous?: boolean;
  /** Its user id when it is not the email's (an anonymous account keeps its id when it gets an email). */
  id?: string;
  /** The code its authenticator app shows (authTwoStep): it has a verified TOTP factor. */
  twoStepCode?: string;
}
const FACTOR_ID = 'factor-totp';
let accounts = new Map<string, Account>();
/** Anonymous accounts' keys, to the email each was given. */
const renamed = new Map<string, string>();
let authCalls: AuthCall[] = [];

/** Query parameters of PostgREST that are not filters. */
const NOT_FILTERS = new Set(['select', 'order', 'offset', 'limit', 'columns', 'on_conflict']);

function readOf(request: Request, target: { table?: string; rpc?: string }, args?: Record<string, unknown>): Read {
  const url = new URL(request.url);
  const filters: Read['filters'] = [];
  for (const [column, value] of url.searchParams) {
    if (NOT_FILTERS.has(column)) continue;
    const dot = value.indexOf('.');
    const operator = value.slice(0, dot);
    const operand = value.slice(dot + 1);
    filters.push([column, operator, operator === 'in' ? operand.slice(1, -1).split(',') : operand]);
  }
  const read: Read = { method: request.method, ...target, filters };
  if (args) read.args = args;
  const columns = url.searchParams.get('select');
  if (columns !== null) read.columns = columns;
  const order = url.searchParams.get('order');
  if (order !== null) read.order = order.split(',');
  const limit = url.searchParams.get('limit');
  if (limit !== null) {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    read.range = [offset, offset + Number(limit) - 1];
  }
  return read;
}

/** PostgREST's response to a read: rows (or one object), Content-Range with the count, or an error. */
async function respond(request: Request, read: Read): Promise<Response> {
  reads.push(read);
  const { data = null, error = null, count = null } = await answer(read);
  if (error) return HttpResponse.json({ details: null, hint: null, code: 'XX000', ...error }, { status: 400 });
  const headers = new Headers();
  if (count !== null) {
    const rows = Array.isArray(data) ? data.length : 1;
    const from = read.range?.[0] ?? 0;
    headers.set('Content-Range', rows > 0 ? `${from}-${from + rows - 1}/${count}` : `*/${count}`);
  }
  if (request.method === 'HEAD') return new HttpResponse(null, { headers });
  return HttpResponse.json(data, { headers });
}

function authError(status: number, code: string, message: string): Response {
  return HttpResponse.json({ code, message }, { status, headers: { 'x-supabase-api-version': '2024-01-01' } });
}

/** The user of an account, by its key (its email, or an anonymous account's made-up key). */
function authUser(key: string) {
  const account = accounts.get(key);
  const name = account?.name;
  const factors = account?.twoStepCode ? [{ id: FACTOR_ID, factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' }] : [];
  return {
    id: account?.id ?? testUserId(key),
    aud: 'authenticated',
    role: 'authenticated',
    email: account?.anonymous ? '' : key,
    is_anonymous: account?.anonymous === true,
    user_metadata: name ? { name } : {},
    factors,
  };
}

/** A session as GoTrue returns it; the token is a JWT the client can decode (not signed: nothing here verifies it). */
function authSession(key: string, aal: 'aal1' | 'aal2' = 'aal1') {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const user = authUser(key);
  const claims = { sub: user.id, email: user.email, account: key, is_anonymous: user.is_anonymous, role: 'authenticated', aud: 'authenticated', exp: expiresAt, aal };
  return {
    access_token: `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.test`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: `refresh-${key}`,
    user,
  };
}

/** The signed-in account's key and the session's level, from the Bearer token authSession gave. */
function bearerClaims(request: Request): { key: string; aal?: string } | undefined {
  const payload = request.headers.get('Authorization')?.split('.')[1];
  if (!payload) return undefined;
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { account?: string; aal?: string };
  return claims.account !== undefined && accounts.has(claims.account) ? { key: claims.account, aal: claims.aal } : undefined;
}

async function authCall(request: Request, endpoint: string): Promise<Record<string, unknown>> {
  const body = (await request.json()) as Record<string, unknown>;
  authCalls.push({ endpoint, body });
  return body;
}

export const supabaseServer = setupServer(
  http.post(`${TEST_SUPABASE_URL}/auth/v1/token`, async ({ request }) => {
    const { email, password, refresh_token: refreshToken } = await authCall(request, 'token');
    if (typeof refreshToken === 'string') {
      // A refresh: the session of the account its token was given to (under its email once it has one).
      const key = refreshToken.replace(/^refresh-/, '');
      const current = renamed.get(key) ?? key;
      if (!accounts.has(current)) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return HttpResponse.json(authSession(current));
    }
    const account = typeof email === 'string' ? accounts.get(email) : undefined;
    if (!account || account.password !== password) return authError(400, 'invalid_credentials', 'Invalid login credentials');
    return HttpResponse.json(authSession(email as string));
  }),
  http.post(`${TEST_SUPABASE_URL}/auth/v1/signup`, async ({ request }) => {
    const { email, password, data } = await authCall(request, 'signup');
    if (email === undefined && password === undefined) {
      // signInAnonymously: an account of its own, with no email.
      const key = `anonymous-${crypto.randomUUID()}`;
      const name = (data as { name?: unknown } | undefined)?.name;
      accounts.set(key, { password: '', anonymous: true, ...(typeof name === 'string' ? { name } : {}) });
      return HttpResponse.json(authSession(key));
    }
    if (typeof email !== 'string' || typeof password !== 'string') return authError(400, 'validation_failed', 'Missing email or password');
    // As the backend (and GoTrue with confirmations on) answers: a registered email signs in with
    // its own password, and with another gets an obfuscated user with no identities and no session.
    const existing = accounts.get(email);
    if (existing && existing.password === password) return HttpResponse.json(authSession(email));
    if (existing) return HttpResponse.json({ id: crypto.randomUUID(), aud: 'authenticated', role: '', email, identities: [], user_metadata: {} });
    accounts.set(email, { password });
    return HttpResponse.json(authSession(email));
  }),
  // A reset link is 'sent' for any email, as GoTrue answers (nothing tells accounts apart).
  http.post(`${TEST_SUPABASE_URL}/auth/v1/recover`, async ({ request }) => {
    await authCall(request, 'recover');
    return HttpResponse.json({});
  }),
  http.get(`${TEST_SUPABASE_URL}/auth/v1/user`, ({ request }) => {
    const key = bearerClaims(request)?.key;
    if (!key) return authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    return HttpResponse.json(authUser(key));
  }),
  http.put(`${TEST_SUPABASE_URL}/auth/v1/user`, async ({ request }) => {
    const { data, email: newEmail, password } = await authCall(request, 'user');
    const caller = bearerClaims(request);
    if (!caller) return authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let { key } = caller;
    const account = accounts.get(key)!;
    // GoTrue: with a verified factor, a new password or email needs a session that used it.
    if (account.twoStepCode && caller.aal !== 'aal2' && (password !== undefined || newEmail !== undefined)) {
      return authError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    const name = (data as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string') account.name = name;
    // An anonymous account given an email and a password becomes that email's, keeping its id.
    if (account.anonymous && typeof newEmail === 'string') {
      if (accounts.has(newEmail)) return authError(422, 'email_exists', 'A user with this email address has already been registered');
      accounts.delete(key);
      accounts.set(newEmail, { ...account, anonymous: false, id: testUserId(key), password: typeof password === 'string' ? password : '' });
      renamed.set(key, newEmail);
      key = newEmail;
    }
    return HttpResponse.json(authUser(key));
  }),
  http.post(`${TEST_SUPABASE_URL}/auth/v1/factors/:id/challenge`, async ({ request, params }) => {
    await authCall(request, 'challenge');
    if (params.id !== FACTOR_ID || !bearerClaims(request)) return authError(404, 'mfa_factor_not_found', 'Factor not found');
    return HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
  }),
  http.post(`${TEST_SUPABASE_URL}/auth/v1/factors/:id/verify`, async ({ request }) => {
    const { code } = await authCall(request, 'verify');
    const key = bearerClaims(request)?.key;
    if (!key) return authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    if (code !== accounts.get(key)!.twoStepCode) return authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    return HttpResponse.json(authSession(key, 'aal2'));
  }),
  http.post(`${TEST_SUPABASE_URL}/rest/v1/rpc/:name`, async ({ request, params }) =>
    respond(request, readOf(request, { rpc: String(params.name) }, (await request.json()) as Record<string, unknown>)),
  ),
  http.all(`${TEST_SUPABASE_URL}/rest/v1/:table`, async ({ request, params }) => {
    const read = readOf(request, { table: String(params.table) });
    const text = await request.text();
    if (text !== '') read.body = JSON.parse(text);
    return respond(request, read);
  }),
  ws.link(`${TEST_SUPABASE_URL.replace(/^http/, 'ws')}/realtime/v1/websocket`).addEventListener('connection', () => undefined),
);

/**
 * Answers this test's reads with `readAnswer` and returns the list they are recorded in. Each test
 * starts answering every read with no rows.
 */
export function answerReads(readAnswer: ReadAnswer): Read[] {
  answer = readAnswer;
  reads = [];
  return reads;
}

/**
 * The accounts this test's auth knows, email to password, and the list its auth requests are
 * recorded in. Each test starts with none.
 */
export function authAccounts(passwords: Record<string, string>): AuthCall[] {
  accounts = new Map(Object.entries(passwords).map(([email, password]) => [email, { password }]));
  renamed.clear();
  authCalls = [];
  return authCalls;
}

/** Gives this test's account of `email` a verified authenticator app whose code is `code`. */
export function authTwoStep(email: string, code: string): void {
  accounts.get(email)!.twoStepCode = code;
}

/** Back to answering every read with no rows and knowing no account; called after each test. */
export function resetBackend(): void {
  answerReads(answerNothing);
  authAccounts({});
}

/** The id auth gives the account of `email`. */
export function testUserId(email: string): string {
  return `id-${email}`;
}
