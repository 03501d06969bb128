import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import type { BackendConfig, Keys } from './context.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BackendOptions {
  dataDir?: string;
  /** PostgreSQL URL; when absent the embedded PGlite under <dataDir>/pglite is used. */
  databaseUrl?: string;
  /** 0 picks a free port. */
  port?: number;
  functionsDir?: string;
  migrationsDir?: string;
}

type Env = Record<string, string | undefined>;

/** The site's origins as the start script serves it: shell and remotes on ports 3000-3004. */
export const DEFAULT_ALLOWED_ORIGINS = [3000, 3001, 3002, 3003, 3004].flatMap((port) => [
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

export function resolveConfig(options: BackendOptions = {}, env: Env = process.env): BackendConfig {
  const dataDir = resolve(options.dataDir ?? env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const port = options.port ?? (env.PORT ? Number(env.PORT) : 54321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  return {
    port,
    dataDir,
    databaseUrl: 'databaseUrl' in options ? options.databaseUrl : env.DATABASE_URL || undefined,
    repoRoot: REPO_ROOT,
    migrationsDir: resolve(options.migrationsDir ?? env.MIGRATIONS_DIR ?? join(REPO_ROOT, 'supabase/migrations')),
    functionsDir: resolve(options.functionsDir ?? env.FUNCTIONS_DIR ?? join(REPO_ROOT, 'supabase/functions')),
    storageDir: join(dataDir, 'storage'),
    allowedOrigins: allowedOrigins(env.ALLOWED_ORIGINS),
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
 * JWT secret and the anon / service_role keys: JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY from the
 * environment when given, else made once per data folder and kept in <dataDir>/keys.json (0600).
 */
export async function loadKeys(dataDir: string, env: Env = process.env): Promise<Keys> {
  const file = join(dataDir, 'keys.json');
  let stored: Partial<Keys> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Keys>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwtSecret = env.JWT_SECRET || stored.jwtSecret || randomBytes(32).toString('base64url');
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const sameSecret = stored.jwtSecret === jwtSecret;
  const keys: Keys = {
    jwtSecret,
    anonKey: env.ANON_KEY || (sameSecret && stored.anonKey) || (await signKey(jwtSecret, 'anon')),
    serviceRoleKey:
      env.SERVICE_ROLE_KEY ||
      (sameSecret && stored.serviceRoleKey) ||
      (await signKey(jwtSecret, 'service_role')),
  };
  if (!env.JWT_SECRET && (stored.jwtSecret !== keys.jwtSecret || stored.anonKey !== keys.anonKey || stored.serviceRoleKey !== keys.serviceRoleKey)) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return keys;
}

export interface PublicConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  guestEmail: string;
  guestPassword: string;
  paymentMode: 'test' | 'stripe';
  stripePublishableKey: string | null;
  mapTileUrl: string | null;
}

/** <dataDir>/public-config.json, which the site serves as /config.json. */
export async function writePublicConfig(dataDir: string, config: PublicConfig): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'public-config.json'), JSON.stringify(config, null, 2) + '\n');
}
