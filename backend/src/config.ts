import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import type { BackendConfig, Keys, RealtimeLimits } from './context.ts';
import { LOG_LEVELS, type LogLevel } from './observe.ts';
import type { RuntimeConfig } from '../../shared/src/config/runtimeConfig.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BackendOptions {
  dataDir?: string;
  /** PostgreSQL URL; when absent the embedded PGlite under <dataDir>/pglite is used. */
  databaseUrl?: string;
  /** 0 picks a free port. */
  port?: number;
  functionsDir?: string;
  migrationsDir?: string;
  /** Settings by their environment names (below), over the process's environment: tests pass theirs here. */
  env?: Env;
}

export type Env = Record<string, string | undefined>;

/** GoTrue's default limits (per window) on failed password checks and on sign-ups per address. */
export const DEFAULT_AUTH_RATE_LIMIT = 30;
/** bcrypt's work factor unless AUTH_BCRYPT_COST says otherwise (GoTrue's). */
export const DEFAULT_BCRYPT_COST = 10;
/** STORAGE_RENDER_CACHE_BYTES when unset: 256 MiB of rendered listing photos on disk. */
export const DEFAULT_RENDER_CACHE_BYTES = 256 * 1024 * 1024;
/** The image queue's settings when unset (storage/queue.ts). */
export const DEFAULT_IMAGE_SLOTS = 2;
export const DEFAULT_IMAGE_QUEUE_MAX = 32;
export const DEFAULT_IMAGE_CLIENT_JOBS = 4;
/** libuv's thread pool when UV_THREADPOOL_SIZE is unset. */
const DEFAULT_UV_THREADPOOL_SIZE = 4;
/** Threads of libuv's pool image work never takes: file reads, dns and crypto always find one. */
const UV_THREADS_KEPT_FREE = 2;

/** METRICS_PORT when unset (and PORT is not 0): the OpenTelemetry Prometheus exporter's port. */
export const DEFAULT_METRICS_PORT = 9464;

/** METRICS_HOST and METRICS_PORT: where GET /metrics listens, or undefined for METRICS_PORT=off. */
function metricsListener(env: Env, apiPort: number): { host: string; port: number } | undefined {
  const value = env.METRICS_PORT?.trim();
  if (value === 'off') return undefined;
  const port = value ? Number(value) : apiPort === 0 ? 0 : DEFAULT_METRICS_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port (0-65535) or off, got ${value}`);
  if (port !== 0 && port === apiPort) throw new Error(`METRICS_PORT must not be the API's PORT (${apiPort}): the public would reach it`);
  return { host: env.METRICS_HOST?.trim() || '127.0.0.1', port };
}

/**
 * REST_MAX_ROWS when unset (PostgREST's db-max-rows): the largest page the site asks for, the
 * category strip's one page of 2000 (spec call 1; CATEGORY_PAGE_SIZE), so each of its reads is
 * whole and no answer is larger. (Hosted Supabase's "Max rows" is 1000 unless raised: raise it to
 * 2000 there too.)
 */
export const DEFAULT_REST_MAX_ROWS = 2000;

/** SEED_ROOMS when unset: listings made on first start. */
export const DEFAULT_ROOM_COUNT = 1000;

/**
 * Realtime's bounds unless REALTIME_* says otherwise: hosted Realtime's defaults where it has one
 * (100 channels per socket, 100 events per second, 256 KiB messages), and a minute of silence (the
 * client sends a heartbeat every 25 s). Ours: 1,000 postgres_changes per user (the app subscribes
 * to one per open conversation), 32 levels of nesting (JSON.stringify recurses: thousands would
 * throw) and 16 KiB of presence per channel (every member of the topic receives it, and every
 * joiner all of them).
 */
export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  connectionsPerClient: 100,
  connectionsPerUser: 100,
  subscriptionsPerUser: 1000,
  channelsPerConnection: 100,
  maxMessageBytes: 256 * 1024,
  messagesPerSecond: 100,
  maxBufferedBytes: 1024 * 1024,
  idleTimeoutMs: 60_000,
  maxPayloadDepth: 32,
  maxPresenceBytes: 16 * 1024,
};

function realtimeLimits(env: Env): RealtimeLimits {
  const d = DEFAULT_REALTIME_LIMITS;
  return {
    connectionsPerClient: wholeNumber(env, 'REALTIME_MAX_CONNECTIONS_PER_CLIENT', d.connectionsPerClient, 1),
    connectionsPerUser: wholeNumber(env, 'REALTIME_MAX_CONNECTIONS_PER_USER', d.connectionsPerUser, 1),
    subscriptionsPerUser: wholeNumber(env, 'REALTIME_MAX_SUBSCRIPTIONS_PER_USER', d.subscriptionsPerUser, 1),
    channelsPerConnection: wholeNumber(env, 'REALTIME_MAX_CHANNELS_PER_CONNECTION', d.channelsPerConnection, 1),
    maxMessageBytes: wholeNumber(env, 'REALTIME_MAX_MESSAGE_BYTES', d.maxMessageBytes, 1024),
    messagesPerSecond: wholeNumber(env, 'REALTIME_MAX_MESSAGES_PER_SECOND', d.messagesPerSecond, 1),
    maxBufferedBytes: wholeNumber(env, 'REALTIME_MAX_BUFFERED_BYTES', d.maxBufferedBytes, 1024),
    idleTimeoutMs: wholeNumber(env, 'REALTIME_IDLE_TIMEOUT_MS', d.idleTimeoutMs, 1000),
    maxPayloadDepth: wholeNumber(env, 'REALTIME_MAX_PAYLOAD_DEPTH', d.maxPayloadDepth, 4),
    maxPresenceBytes: wholeNumber(env, 'REALTIME_MAX_PRESENCE_BYTES', d.maxPresenceBytes, 256),
  };
}

/** The site's origins as the start script serves it: shell and remotes on ports 3000-3005. */
export const DEFAULT_ALLOWED_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

/** ALLOWED_ORIGINS: comma-separated origins (an entry "http://host:*" allows every port of host). */
function allowedOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return DEFAULT_ALLOWED_ORIGINS;
  return value.split(',').map((entry) => {
    const origin = entry.trim().replace(/\/$/, '');
    if (!/^https?:\/\/[^/\s,]+$/.test(origin)) throw new Error(`Invalid origin in ALLOWED_ORIGINS: ${entry}`);
    return origin;
  });
}

/** A whole number of at least `min`, or `fallback` when unset; anything else is a start-up error. */
function wholeNumber(env: Env, name: string, fallback: number, min = 0): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${value}`);
  return n;
}

/** A switch: unset, '' or '0' is off, '1' is on; anything else is a start-up error. */
function onOff(env: Env, name: string): boolean {
  const value = env[name]?.trim() ?? '';
  if (value !== '' && value !== '0' && value !== '1') throw new Error(`${name} must be 0 or 1, got ${value}`);
  return value === '1';
}

/** REST_MAX_ROWS: a whole number, or `none` for no limit (PostgREST's db-max-rows left unset). */
function restMaxRows(env: Env): number | undefined {
  return env.REST_MAX_ROWS?.trim() === 'none' ? undefined : wholeNumber(env, 'REST_MAX_ROWS', DEFAULT_REST_MAX_ROWS, 1);
}

function bcryptCost(env: Env): number {
  const cost = wholeNumber(env, 'AUTH_BCRYPT_COST', DEFAULT_BCRYPT_COST, 4);
  if (cost > 31) throw new Error(`AUTH_BCRYPT_COST must be at most 31, got ${cost}`);
  return cost;
}

function httpUrl(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got ${value}`);
  return value.replace(/\/$/, '');
}

/**
 * STORAGE_IMAGE_SLOTS, STORAGE_IMAGE_QUEUE_MAX, STORAGE_IMAGE_CLIENT_JOBS. Each image job holds a
 * thread of libuv's pool (UV_THREADPOOL_SIZE, read by Node when the process starts): the slots
 * leave UV_THREADS_KEPT_FREE of them to the rest of the server.
 */
function storageImages(env: Env): BackendConfig['storageImages'] {
  const pool = wholeNumber(env, 'UV_THREADPOOL_SIZE', DEFAULT_UV_THREADPOOL_SIZE, 1);
  const slots = wholeNumber(env, 'STORAGE_IMAGE_SLOTS', Math.min(DEFAULT_IMAGE_SLOTS, Math.max(1, pool - UV_THREADS_KEPT_FREE)), 1);
  if (slots > pool - UV_THREADS_KEPT_FREE) {
    throw new Error(
      `STORAGE_IMAGE_SLOTS must leave ${UV_THREADS_KEPT_FREE} of libuv's ${pool} threads (UV_THREADPOOL_SIZE) free, got ${slots}`,
    );
  }
  return {
    slots,
    queueMax: wholeNumber(env, 'STORAGE_IMAGE_QUEUE_MAX', DEFAULT_IMAGE_QUEUE_MAX, 0),
    clientJobs: wholeNumber(env, 'STORAGE_IMAGE_CLIENT_JOBS', DEFAULT_IMAGE_CLIENT_JOBS, 1),
  };
}

const TX_ENDS = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'] as const;
function txEnd(value: string | undefined): (typeof TX_ENDS)[number] {
  if (value === undefined || value === '') return 'commit';
  if (!(TX_ENDS as readonly string[]).includes(value)) throw new Error(`REST_TX_END must be one of ${TX_ENDS.join(', ')}, got ${value}`);
  return value as (typeof TX_ENDS)[number];
}

/** REDIS_URL: a redis:// or rediss:// URL, or undefined when unset. */
function redisUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got ${protocol}`);
  return url;
}

/** SHUTDOWN_GRACE_MS when unset: a stopping process's requests in flight get 10 s to finish. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** LOG_LEVEL: one of pino's levels, info when unset. */
function logLevel(value: string | undefined): LogLevel {
  const level = value?.trim() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${level}`);
  return level as LogLevel;
}

/** REDIS_KEY_PREFIX when unset: the start of every key the backend writes in Redis. */
export const DEFAULT_REDIS_KEY_PREFIX = 'homestory:rate-limit:';

const list = (value: string | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * REST_SCHEMAS (PostgREST's db-schemas): the schemas /rest/v1 exposes, the first the default.
 * Names as PostgreSQL has them (case kept, no quoting), each once.
 */
function restSchemas(value: string | undefined): string[] {
  const schemas = list(value);
  if (schemas.length === 0) return ['public'];
  for (const schema of schemas) {
    if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(schema) || schema.length > 63) throw new Error(`Invalid schema name in REST_SCHEMAS: ${schema}`);
    if (/^pg_|^information_schema$/.test(schema)) throw new Error(`REST_SCHEMAS may not expose a system schema: ${schema}`);
  }
  if (new Set(schemas).size !== schemas.length) throw new Error(`REST_SCHEMAS names a schema twice: ${value}`);
  return schemas;
}

function mfaEncryptionKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error('AUTH_MFA_ENCRYPTION_KEY must be at least 32 characters');
  return value;
}

/**
 * Every setting of the backend, read from the environment here and nowhere else:
 * - PORT, DATA_DIR, DATABASE_URL (PostgreSQL; else embedded PGlite), MIGRATIONS_DIR, FUNCTIONS_DIR;
 * - METRICS_PORT: the port of GET /metrics (Prometheus' text), a listener of its own, never the
 *   API's port: 9464 by default (a free one when PORT is 0), 0 for a free one, off for none; on
 *   METRICS_HOST, 127.0.0.1 by default (loopback: the scraper runs on the machine; name another
 *   address, such as a private network's, only where the public cannot reach it);
 * - LOG_LEVEL (pino's: fatal, error, warn, info (default), debug, trace, silent), SHUTDOWN_GRACE_MS
 *   (how long SIGTERM waits for requests in flight before closing their connections, default 10000),
 *   TRUSTED_PROXIES (comma-separated peer addresses, e.g. 127.0.0.1 for a proxy on the machine,
 *   whose X-Forwarded-For's last address is taken as the client's; none by default);
 * - AUTHENTICATOR_PASSWORD: the password of the `authenticator` login role on PostgreSQL, when
 *   the server uses password authentication;
 * - ALLOWED_ORIGINS (CORS), PUBLIC_URL (the URL clients use, default http://localhost:<port>);
 * - REST_TX_END: commit (default), commit-allow-override, rollback or rollback-allow-override, as
 *   PostgREST's db-tx-end (with -allow-override, Prefer: tx=commit|rollback decides);
 * - REST_SCHEMAS: the schemas /rest/v1 exposes (db-schemas; default public), chosen per request
 *   by Accept-Profile / Content-Profile, the first when none is asked;
 * - REST_MAX_ROWS: at most this many rows per read, embed and function call (db-max-rows; 2000 by
 *   default, DEFAULT_REST_MAX_ROWS: a search of a map box covering the world answers its first
 *   2000 homes and their total, and the rest page by Range as the grid does), also the threshold
 *   of Prefer: count=estimated; `none` sets no limit, as PostgREST's default;
 * - REST_PLAN_ENABLED=true: answers Accept: application/vnd.pgrst.plan with the statement's
 *   EXPLAIN (db-plan-enabled; off by default);
 * - REST_AGGREGATES_ENABLED=true: count(), col.sum(), avg(), min(), max() in select, grouped by
 *   the other selected fields (db-aggregates-enabled; off by default: 400 PGRST123);
 * - VITALS_RATE_LIMIT: web-vitals reports (POST /vitals/v1) per client address and minute,
 *   counted as the auth limits are (default 60; vitals.ts);
 * - JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY (else made once per data folder, loadKeys);
 * - JWT_EXPIRY (seconds, default 3600), SITE_URL and ADDITIONAL_REDIRECT_URLS (OAuth redirects),
 *   GOOGLE_OIDC_ISSUER + GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET (else the local stand-in),
 *   AUTH_SIGN_IN_RATE_LIMIT and AUTH_SIGN_UP_RATE_LIMIT (per 5 minutes, default 30; the sign-up
 *   one also bounds mail-sending requests per address), counted across every backend process on
 *   the database (schema rate_limit), or in Redis when REDIS_URL is set (redis:// or rediss://, one
 *   server, not a Cluster; its keys start with REDIS_KEY_PREFIX, default homestory:rate-limit:);
 *   with REDIS_URL the backend does not start without Redis, and while Redis is down the limited
 *   requests (sign-in, sign-up, mail, code checks) answer 503 rather than go uncounted;
 *   AUTH_ANONYMOUS_USERS=false turns anonymous sign-ins off (on by default here, off in GoTrue: the
 *   site's 'Sign in as a Guest user' makes each visitor one; counted as sign-ups per address),
 *   AUTH_MFA_ENCRYPTION_KEY (at least 32 characters: the key of the TOTP secrets at rest, through
 *   HKDF; else the JWT secret's, so a new JWT secret without it makes enrolled factors unusable),
 *   AUTH_MANUAL_LINKING=true (linkIdentity / unlinkIdentity, off by default as GoTrue's
 *   GOTRUE_SECURITY_MANUAL_LINKING_ENABLED),
 *   AUTH_BCRYPT_COST (bcrypt's work factor for new password hashes, 4-31, default 10; the test
 *   suites lower it to 4, except where what they measure is bcrypt's cost);
 * - SMTP_HOST, SMTP_PORT (587), SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL (the sender), SMTP_SENDER_NAME:
 *   the auth mail through a real SMTP server (else the local outbox);
 * - STORAGE_RENDER_CACHE_BYTES: the disk rendered listing photos may take (default 256 MiB);
 * - STORAGE_IMAGE_SLOTS (image jobs, an upload's decode or a render, at once; default 2, at most
 *   UV_THREADPOOL_SIZE - 2, with UV_THREADPOOL_SIZE libuv's pool, default 4),
 *   STORAGE_IMAGE_QUEUE_MAX (jobs waiting at most, default 32; then 503) and
 *   STORAGE_IMAGE_CLIENT_JOBS (one client's jobs running or waiting at most, default 4; then 429):
 *   storage/queue.ts;
 * - SEED_ROOMS;
 * - STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY (card payments through Stripe instead of the test
 *   processor), MAP_TILE_URL (map tiles; else the local stand-in);
 * - /realtime/v1/websocket's bounds (DEFAULT_REALTIME_LIMITS): REALTIME_MAX_CONNECTIONS_PER_CLIENT
 *   (open sockets per client address, the one TRUSTED_PROXIES names behind a proxy, default 100),
 *   REALTIME_MAX_CONNECTIONS_PER_USER (sockets with a channel joined as one signed-in user, the
 *   token's sub; 100), REALTIME_MAX_SUBSCRIPTIONS_PER_USER (postgres_changes of one user over all
 *   its sockets, the client address for anon; 1000), REALTIME_MAX_CHANNELS_PER_CONNECTION (100),
 *   REALTIME_MAX_MESSAGE_BYTES (the largest frame a client may send, 262144; a larger one closes the
 *   socket), REALTIME_MAX_MESSAGES_PER_SECOND (per socket, 100; the rest are refused),
 *   REALTIME_MAX_BUFFERED_BYTES (bytes queued to a socket before it is dropped as a slow consumer,
 *   1048576), REALTIME_IDLE_TIMEOUT_MS (a socket silent this long is closed, 60000),
 *   REALTIME_MAX_PAYLOAD_DEPTH (nesting of a message's payload, 32, at least 4) and
 *   REALTIME_MAX_PRESENCE_BYTES (a tracked presence payload as JSON, 16384); a message past one of
 *   these is refused with an error reply;
 * - MESSAGE_MAIL_DELAY: seconds a new message's mail waits, dropped if the recipient reads it by
 *   then (default 60; messages/mail.ts).
 * - TEST_CLOCK=1 lets the service role move the booking lifecycle's "now" (public.set_test_clock,
 *   migration 20261204000100_booking_lifecycle.sql), so tests and QA walk a stay from request to
 *   expiry or review in seconds. Off by default, and never to be set in production: at every
 *   start the backend writes this setting into the database (off puts the clock back to now).
 * - BOOKING_TIMER_SECONDS: how often the backend expires unanswered requests, releases their
 *   holds and completes past stays (default 60; bookings.ts).
 */
export function resolveConfig(options: BackendOptions = {}, processEnv: Env = process.env): BackendConfig {
  const env: Env = { ...processEnv, ...options.env };
  const dataDir = resolve(options.dataDir ?? env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const port = options.port ?? (env.PORT ? Number(env.PORT) : 54321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  return {
    port,
    metrics: metricsListener(env, port),
    logLevel: logLevel(env.LOG_LEVEL),
    shutdownGraceMs: wholeNumber(env, 'SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS),
    trustedProxies: list(env.TRUSTED_PROXIES),
    dataDir,
    databaseUrl: 'databaseUrl' in options ? options.databaseUrl : env.DATABASE_URL || undefined,
    repoRoot: REPO_ROOT,
    migrationsDir: resolve(options.migrationsDir ?? env.MIGRATIONS_DIR ?? join(REPO_ROOT, 'supabase/migrations')),
    localMigrationsDir: join(REPO_ROOT, 'backend/migrations'),
    functionsDir: resolve(options.functionsDir ?? env.FUNCTIONS_DIR ?? join(REPO_ROOT, 'supabase/functions')),
    storageDir: join(dataDir, 'storage'),
    renderCacheBytes: wholeNumber(env, 'STORAGE_RENDER_CACHE_BYTES', DEFAULT_RENDER_CACHE_BYTES, 1),
    storageImages: storageImages(env),
    allowedOrigins: allowedOrigins(env.ALLOWED_ORIGINS),
    authenticatorPassword: env.AUTHENTICATOR_PASSWORD || undefined,
    publicUrl: httpUrl(env, 'PUBLIC_URL'),
    keys: { jwtSecret: env.JWT_SECRET || undefined, anonKey: env.ANON_KEY || undefined, serviceRoleKey: env.SERVICE_ROLE_KEY || undefined },
    auth: {
      jwtExpirySeconds: wholeNumber(env, 'JWT_EXPIRY', 3600, 1),
      siteUrl: httpUrl(env, 'SITE_URL') ?? 'http://localhost:3000',
      additionalRedirectUrls: list(env.ADDITIONAL_REDIRECT_URLS),
      google:
        env.GOOGLE_OIDC_ISSUER && env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { issuer: httpUrl(env, 'GOOGLE_OIDC_ISSUER')!, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
          : undefined,
      signInRateLimit: wholeNumber(env, 'AUTH_SIGN_IN_RATE_LIMIT', DEFAULT_AUTH_RATE_LIMIT, 1),
      signUpRateLimit: wholeNumber(env, 'AUTH_SIGN_UP_RATE_LIMIT', DEFAULT_AUTH_RATE_LIMIT, 1),
      anonymousUsers: env.AUTH_ANONYMOUS_USERS !== 'false',
      mfaEncryptionKey: mfaEncryptionKey(env.AUTH_MFA_ENCRYPTION_KEY),
      manualLinking: env.AUTH_MANUAL_LINKING === 'true',
      bcryptCost: bcryptCost(env),
      redisUrl: redisUrl(env.REDIS_URL),
      redisKeyPrefix: env.REDIS_KEY_PREFIX || DEFAULT_REDIS_KEY_PREFIX,
    },
    restTxEnd: txEnd(env.REST_TX_END),
    restSchemas: restSchemas(env.REST_SCHEMAS),
    restMaxRows: restMaxRows(env),
    restPlanEnabled: env.REST_PLAN_ENABLED === 'true',
    restAggregatesEnabled: env.REST_AGGREGATES_ENABLED === 'true',
    vitalsRateLimit: wholeNumber(env, 'VITALS_RATE_LIMIT', 60, 1),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: wholeNumber(env, 'SMTP_PORT', 587, 1),
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
          sender: env.SMTP_ADMIN_EMAIL || 'no-reply@homestory.local',
          senderName: env.SMTP_SENDER_NAME || 'Homestory',
        }
      : undefined,
    seed: {
      rooms: wholeNumber(env, 'SEED_ROOMS', DEFAULT_ROOM_COUNT),
    },
    payments: { stripeSecretKey: env.STRIPE_SECRET_KEY || undefined, stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined },
    mapTileUrl: env.MAP_TILE_URL || undefined,
    realtime: realtimeLimits(env),
    messageMailDelaySeconds: wholeNumber(env, 'MESSAGE_MAIL_DELAY', 60),
    testClock: onOff(env, 'TEST_CLOCK'),
    bookingTimerSeconds: wholeNumber(env, 'BOOKING_TIMER_SECONDS', 60, 1),
  };
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

export async function signKey(secret: string, role: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'supabase', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TEN_YEARS)
    .sign(new TextEncoder().encode(secret));
}

/**
 * JWT secret and the anon / service_role keys: JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY when given
 * (config.keys), else made once per data folder and kept in <dataDir>/keys.json (0600).
 */
export async function loadKeys(dataDir: string, given: Partial<Keys> = {}): Promise<Keys> {
  const file = join(dataDir, 'keys.json');
  let stored: Partial<Keys> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Keys>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwtSecret = given.jwtSecret || stored.jwtSecret || randomBytes(32).toString('base64url');
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const sameSecret = stored.jwtSecret === jwtSecret;
  const keys: Keys = {
    jwtSecret,
    anonKey: given.anonKey || (sameSecret && stored.anonKey) || (await signKey(jwtSecret, 'anon')),
    serviceRoleKey:
      given.serviceRoleKey ||
      (sameSecret && stored.serviceRoleKey) ||
      (await signKey(jwtSecret, 'service_role')),
  };
  if (!given.jwtSecret && (stored.jwtSecret !== keys.jwtSecret || stored.anonKey !== keys.anonKey || stored.serviceRoleKey !== keys.serviceRoleKey)) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return keys;
}

/**
 * <dataDir>/public-config.json, which the site serves as /config.json (in the shape its pages
 * read, shared/config's RuntimeConfig). Written whole under another name and renamed over it: the
 * site's servers read it for every page, also while a backend sharing the data folder restarts
 * and writes it again.
 */
export async function writePublicConfig(dataDir: string, config: RuntimeConfig): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'public-config.json');
  const next = `${file}.${process.pid}.tmp`;
  await writeFile(next, JSON.stringify(config, null, 2) + '\n');
  await rename(next, file);
}
