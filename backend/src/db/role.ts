import type { Queryable, Statement } from './index.ts';

export interface RequestIdentity {
  /** Database role: anon, authenticated, service_role. */
  role: string;
  /** Verified JWT claims ({} when no token); "role" is forced to `role`. */
  claims: Record<string, unknown>;
  method: string;
  /** Path below the service root, e.g. /Rooms or /rpc/search_rooms. */
  path: string;
  /** Lower-cased request headers. */
  headers: Record<string, string>;
  /** GET/HEAD run read-only, as PostgREST does (writes then fail with 25006). */
  readOnly?: boolean;
  /** The exposed schema the request asked for: first on the search path, as PostgREST sets it. */
  schema?: string;
}

/** The login role API requests run as (migration 20261121000001_platform.sql, as on Supabase). */
export const API_LOGIN_ROLE = 'authenticator';

/**
 * DATABASE_URL with the user replaced by authenticator. With its password when one is set (servers
 * with password authentication), else none (trust authentication, as the local setup has).
 */
export function apiDatabaseUrl(databaseUrl: string, password: string | undefined): string {
  const url = new URL(databaseUrl);
  url.username = API_LOGIN_ROLE;
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

const SETTINGS_SQL =
  "select set_config('search_path', $10, true)," +
  " set_config('role', $1, true)," +
  " set_config('request.jwt.claims', $2, true)," +
  " set_config('request.method', $3, true)," +
  " set_config('request.path', $4, true)," +
  " set_config('request.headers', $5, true)," +
  " set_config('request.cookies', '{}', true)," +
  " set_config('request.jwt.claim.sub', $6, true)," +
  " set_config('request.jwt.claim.role', $1, true)," +
  " set_config('request.jwt.claim.email', $7, true)," +
  " set_config('transaction_read_only', $8, true)," +
  " set_config('statement_timeout', $9, true)";

/**
 * How long one statement of a request may run, per role (Supabase's defaults for anon and
 * authenticated): a statement past it is cancelled with 57014, so no request holds a connection
 * for long (PostgREST answers its 57014 with 500, as we do). PGlite cannot interrupt a running
 * statement; there the request limits of rest/parse.ts (REQUEST_LIMITS) and rest/regex.ts bound
 * what a request may ask instead.
 */
export const STATEMENT_TIMEOUTS: Record<string, string> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '60s',
};

/**
 * PostgREST's per-request settings (contract 2.3 step 3), transaction-local: the role switch
 * (set_config('role') is SET LOCAL ROLE) and the claims RLS policies read through auth.uid() etc.
 * Throws SQLSTATE 22023 when the role does not exist.
 */
export async function asRole(q: Queryable, who: RequestIdentity): Promise<void> {
  const { text, values } = roleStatement(who);
  await q.query(text, values);
}

/** The request's schema, then public and extensions (PostgREST's db-extra-search-path on Supabase). */
function searchPath(schema: string | undefined): string {
  const rest = 'public, extensions';
  return schema === undefined || schema === 'public' ? rest : `"${schema.replace(/"/g, '""')}", ${rest}`;
}

/** The statement asRole runs, for Db.pipeline(). */
export function roleStatement(who: RequestIdentity): Statement {
  const claims: Record<string, unknown> = { ...who.claims, role: who.role };
  return { text: SETTINGS_SQL, values: [
    who.role,
    JSON.stringify(claims),
    who.method,
    who.path,
    JSON.stringify(who.headers),
    typeof claims.sub === 'string' ? claims.sub : '',
    typeof claims.email === 'string' ? claims.email : '',
    who.readOnly ? 'on' : 'off',
    STATEMENT_TIMEOUTS[who.role] ?? STATEMENT_TIMEOUTS.anon,
    searchPath(who.schema),
  ] };
}
