// The one object every part of the backend receives. Auth, REST, functions, storage and seed code
// code against this interface only.
import type { Db } from './db/index.ts';

/** Signing material, made once per data folder (config.ts) or taken from the environment. */
export interface Keys {
  /** HS256 secret shared by every JWT the backend signs or accepts (>= 32 chars). */
  jwtSecret: string;
  /** Long-lived JWT with role anon, the front end's supabaseAnonKey. */
  anonKey: string;
  /** Long-lived JWT with role service_role; server-side only. */
  serviceRoleKey: string;
}

export interface BackendConfig {
  port: number;
  /** Absolute data folder (keys.json, public-config.json, pglite/, storage/). */
  dataDir: string;
  /** Set when PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Absolute repository root (supabase/migrations and supabase/functions live under it). */
  repoRoot: string;
  migrationsDir: string;
  functionsDir: string;
  /** Public objects: <storageDir>/<bucket>/<path>. */
  storageDir: string;
}

/** Claims of a verified JWT (role is always present after verification). */
export interface JwtClaims {
  role: string;
  sub?: string;
  email?: string;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

/** Why a bearer token was refused; mapped by each service to its own error shape. */
export type JwtFailure = 'malformed' | 'bad_signature' | 'expired' | 'claims';

export class JwtError extends Error {
  constructor(
    readonly failure: JwtFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

export interface BackendContext {
  db: Db;
  keys: Keys;
  config: BackendConfig;
  dataDir: string;
  /** Base URL clients use, e.g. http://localhost:54321 (no trailing slash). */
  publicUrl: string;
  /** Verifies an HS256 JWT signed with keys.jwtSecret (30 s clock skew). Throws JwtError. */
  verifyJwt: (token: string) => Promise<JwtClaims>;
  /** Signs claims with keys.jwtSecret (HS256, typ JWT). Caller sets iat/exp. */
  signJwt(claims: Record<string, unknown>): Promise<string>;
  /** Re-reads the database catalog used by /rest/v1 (call after DDL outside migrations). */
  reloadSchema(): Promise<void>;
}
