// The one object every part of the backend receives. Auth, REST, functions, storage and seed code
// code against this interface only.
import type { LimitStore } from './auth/limit-store.ts';
import type { Db } from './db/index.ts';
import type { LogLevel, Observe } from './observe.ts';

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
  /** Where GET /metrics listens (METRICS_HOST, METRICS_PORT): its own loopback port; none when off. */
  metrics: { host: string; port: number } | undefined;
  /** LOG_LEVEL: pino's level for the JSON logs on stdout (default info). */
  logLevel: LogLevel;
  /** TRUSTED_PROXIES: peer addresses whose X-Forwarded-For names the client (the reverse proxy). */
  trustedProxies: string[];
  /** SHUTDOWN_GRACE_MS: how long a stopping process lets requests in flight finish (default 10000). */
  shutdownGraceMs: number;
  /** Absolute data folder (keys.json, public-config.json, pglite/, storage/). */
  dataDir: string;
  /** Set when PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Absolute repository root (supabase/migrations and supabase/functions live under it). */
  repoRoot: string;
  migrationsDir: string;
  /** The local backend's own schema (the test payment processor's), applied after migrationsDir; never deployed. */
  localMigrationsDir: string;
  functionsDir: string;
  /** Public objects: <storageDir>/<bucket>/<path>. */
  storageDir: string;
  /** The disk the render endpoint's cached images may take in all (STORAGE_RENDER_CACHE_BYTES). */
  renderCacheBytes: number;
  /** The image queue (storage/queue.ts): jobs at once, jobs waiting at most, a client's jobs at most. */
  storageImages: { slots: number; queueMax: number; clientJobs: number };
  /** Browser origins allowed to read answers (CORS); "scheme://host:*" allows any port. */
  allowedOrigins: string[];
  /** The `authenticator` login role's password on PostgreSQL (none with trust authentication). */
  authenticatorPassword: string | undefined;
  /** The URL clients use when set (else http://localhost:<port>), no trailing slash. */
  publicUrl: string | undefined;
  /** Signing material given by the operator; what is missing is made per data folder. */
  keys: Partial<Keys>;
  auth: {
    /** Seconds an access token lives (GoTrue's jwt_exp). */
    jwtExpirySeconds: number;
    /** Where OAuth sends the browser back by default; its origin is an allowed redirect. */
    siteUrl: string;
    /** Further allowed redirect_to prefixes. */
    additionalRedirectUrls: string[];
    /** A real OpenID provider for Google sign-in; else the local stand-in. */
    google: { issuer: string; clientId: string; clientSecret: string } | undefined;
    /** Failed password checks per bucket and window (rate-limit.ts). */
    signInRateLimit: number;
    /** Sign-ups per client address and window. */
    signUpRateLimit: number;
    /** Whether signInAnonymously may make users with no email (GoTrue's anonymous sign-ins; the site's guest button). */
    anonymousUsers: boolean;
    /** What the MFA secrets' encryption key derives from (AUTH_MFA_ENCRYPTION_KEY); else the JWT secret. */
    mfaEncryptionKey: string | undefined;
    /** Whether signed-in users may link and unlink identities themselves (AUTH_MANUAL_LINKING, GoTrue's GOTRUE_SECURITY_MANUAL_LINKING_ENABLED). */
    manualLinking: boolean;
    /** bcrypt's work factor for new password hashes (AUTH_BCRYPT_COST). */
    bcryptCost: number;
    /** Where the rate limits count when set (REDIS_URL); else the database. */
    redisUrl: string | undefined;
    /** The start of every Redis key (REDIS_KEY_PREFIX). */
    redisKeyPrefix: string;
  };
  /** How a REST transaction ends (PostgREST's db-tx-end): commit or rollback, and whether Prefer: tx may override it. */
  restTxEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
  /** The schemas /rest/v1 exposes (PostgREST's db-schemas), the first the default. */
  restSchemas: string[];
  /** The most rows a read answers, per level (PostgREST's db-max-rows); none when undefined. */
  restMaxRows: number | undefined;
  /** Whether Accept: application/vnd.pgrst.plan answers the EXPLAIN of a request (db-plan-enabled). */
  restPlanEnabled: boolean;
  /** REST_AGGREGATES_ENABLED: PostgREST's db-aggregates-enabled. */
  restAggregatesEnabled: boolean;
  /** Web-vitals reports per client address and minute (vitals.ts). */
  vitalsRateLimit: number;
  /** A real SMTP server for the auth mail; else the local outbox (auth/mail.ts). */
  smtp: { host: string; port: number; user: string | undefined; pass: string | undefined; sender: string; senderName: string } | undefined;
  seed: {
    /** Listings made on first start when "Rooms" is empty. */
    rooms: number;
  };
  payments: { stripeSecretKey: string | undefined; stripePublishableKey: string | undefined };
  mapTileUrl: string | undefined;
  /** /realtime/v1/websocket's bounds (config.ts, REALTIME_*). */
  realtime: RealtimeLimits;
  /** Seconds a new message's mail notice waits before it is sent, unless read by then (MESSAGE_MAIL_DELAY). */
  messageMailDelaySeconds: number;
  /** TEST_CLOCK=1: the service role may move the booking lifecycle's clock. */
  testClock: boolean;
  /** BOOKING_TIMER_SECONDS: the period of expiring requests and completing stays. */
  bookingTimerSeconds: number;
}

export interface RealtimeLimits {
  /**
   * Open sockets per client address (behind a trusted proxy, the address it names); one more is
   * refused 429 at the upgrade.
   */
  connectionsPerClient: number;
  /**
   * Sockets with a channel joined as one signed-in user (the token's sub; anonymous clients'
   * sockets are counted per address); a join that would add one more is answered with an error.
   */
  connectionsPerUser: number;
  /** postgres_changes one user (the token's sub, or the address for anon) may have at once, over all its sockets. */
  subscriptionsPerUser: number;
  /** Channels one socket may have joined at once; one more join is answered with an error. */
  channelsPerConnection: number;
  /** The largest frame a client may send, in bytes; a larger one closes the socket (1009). */
  maxMessageBytes: number;
  /** Messages one socket may send per second; the rest are refused (and not delivered). */
  messagesPerSecond: number;
  /** Bytes queued to one socket before it counts as a slow consumer and is dropped. */
  maxBufferedBytes: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. */
  idleTimeoutMs: number;
  /** Nesting of arrays and objects in a message's payload; a deeper one is refused. */
  maxPayloadDepth: number;
  /** A tracked presence payload, as JSON; a larger one is refused. */
  maxPresenceBytes: number;
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
  /** The connecting (migrating) user: auth, seed, storage and payments code, as GoTrue's admin. */
  db: Db;
  /**
   * Where /rest/v1 requests run: on PostgreSQL a connection pool logged in as `authenticator`
   * (NOSUPERUSER NOINHERIT, may only become anon / authenticated / service_role), as PostgREST
   * does; on PGlite, which has a single superuser connection, `db` itself (requests still run
   * under SET LOCAL ROLE anon / authenticated / service_role).
   */
  apiDb: Db;
  /** Where the auth rate limits count, shared by every backend process (the database, or Redis). */
  limits: LimitStore;
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
  /** The process's metrics and logger. */
  observe: Observe;
}
