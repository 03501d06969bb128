// The few Supabase calls the checkout functions make, as plain fetch (no SDK, so the functions
// deploy unchanged): who is calling (GoTrue /user with the caller's token), REST as the caller
// (RLS and column grants apply) and service-role REST.
import { requiredEnv } from './env.ts';
import { Refusal } from './http.ts';

export interface Caller {
  id: string;
  email: string;
  /** The request's Authorization header, for REST calls made as the caller. */
  authorization: string;
  /** The session_id claim of the caller's token ('' when it has none). */
  sessionId: string;
}

/** A claim of a JWT's payload; call only once the token was verified (here by GoTrue /user). */
function verifiedClaim(authorization: string, name: string): string {
  try {
    const payload = authorization.replace(/^bearer\s+/i, '').split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const value = (JSON.parse(json) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** The signed-in user behind the request's bearer token, or a 401 refusal. */
export async function requireUser(req: Request): Promise<Caller> {
  const authorization = req.headers.get('Authorization');
  const notSignedIn = new Refusal(401, 'not_signed_in', 'You need to be logged in to book.');
  if (!authorization) throw notSignedIn;
  const response = await fetch(`${requiredEnv('SUPABASE_URL')}/auth/v1/user`, {
    headers: { Authorization: authorization, apikey: requiredEnv('SUPABASE_ANON_KEY') },
  });
  if (!response.ok) throw notSignedIn;
  const user = (await response.json()) as { id?: string; email?: string };
  if (!user.id) throw notSignedIn;
  return { id: user.id, email: user.email ?? '', authorization, sessionId: verifiedClaim(authorization, 'session_id') };
}

export interface RestError {
  status: number;
  code?: string;
  message: string;
  hint?: string;
}

export class RestCallError extends Error {
  constructor(readonly error: RestError) {
    super(error.message);
  }
}

/** Deadlock and serialization failures: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

/** Runs a REST call again, after a short random wait, while it fails only as RETRYABLE says. */
export async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const retryable = error instanceof RestCallError && RETRYABLE.has(error.error.code ?? '');
      if (!retryable || attempt === ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
    }
  }
}

interface RestInit {
  method?: string;
  body?: unknown;
  prefer?: string;
}

/** A PostgREST call with the service_role key (RLS bypassed; only server code holds the key). */
export function serviceRest<T>(path: string, init: RestInit = {}): Promise<T> {
  const key = requiredEnv('SUPABASE_SERVICE_ROLE_KEY');
  return rest<T>(key, `Bearer ${key}`, path, init);
}

/** A PostgREST call as the signed-in caller: their RLS policies and column grants apply. */
export function callerRest<T>(caller: Caller, path: string, init: RestInit = {}): Promise<T> {
  return rest<T>(requiredEnv('SUPABASE_ANON_KEY'), caller.authorization, path, init);
}

async function rest<T>(apikey: string, authorization: string, path: string, init: RestInit): Promise<T> {
  const headers: Record<string, string> = { apikey, Authorization: authorization };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.prefer) headers.Prefer = init.prefer;
  const response = await fetch(`${requiredEnv('SUPABASE_URL')}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const body = text === '' ? null : (JSON.parse(text) as unknown);
  if (!response.ok) {
    const error = (body ?? {}) as { code?: string; message?: string; hint?: string | null };
    throw new RestCallError({
      status: response.status,
      code: error.code,
      message: error.message ?? response.statusText,
      hint: error.hint ?? undefined,
    });
  }
  return body as T;
}

