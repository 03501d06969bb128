/**
 * Where each part of the site runs. One place for the ports and the runtime configuration
 * the apps read, used by the start script, the standalone servers and the e2e tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** shared/site.json: the apps (the shell, then the remotes) and their default ports. */
const site = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared', 'site.json'), 'utf8'));

export const APPS = Object.keys(site.apps);

const DEFAULT_PORTS = site.apps;

export function appPort(name, env = process.env) {
  const fromEnv = env[`${name.toUpperCase()}_PORT`];
  return fromEnv ? Number(fromEnv) : DEFAULT_PORTS[name];
}

/** The backend's ALLOWED_ORIGINS (CORS): each app's origin on localhost and 127.0.0.1, unless set. */
export function allowedOrigins(env = process.env) {
  if (env.ALLOWED_ORIGINS) return env.ALLOWED_ORIGINS;
  return APPS.flatMap((name) => [`http://localhost:${appPort(name, env)}`, `http://127.0.0.1:${appPort(name, env)}`]).join(',');
}

export function backendUrl(env = process.env) {
  return env.BACKEND_URL ?? `http://localhost:${env.BACKEND_PORT ?? site.backendPort}`;
}

export function dataDir(env = process.env) {
  return path.resolve(repoRoot, env.DATA_DIR ?? '.data');
}

/** remotes.json: a manifest URL per remote (REMOTES_FILE replaces it for a real deployment). */
export function remotesManifest(env = process.env) {
  if (env.REMOTES_FILE) return JSON.parse(fs.readFileSync(env.REMOTES_FILE, 'utf8'));
  return Object.fromEntries(
    APPS.filter((name) => name !== 'shell').map((name) => [
      name,
      `http://localhost:${appPort(name, env)}/mf-manifest.json`,
    ]),
  );
}

/** /config.json: what the backend wrote at start, plus deployment overrides. */
export function runtimeConfig(env = process.env) {
  const file = path.join(dataDir(env), 'public-config.json');
  const written = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return {
    paymentMode: 'test',
    stripePublishableKey: null,
    mapTileUrl: null,
    ...written,
    supabaseUrl: env.PUBLIC_BACKEND_URL ?? written.supabaseUrl ?? backendUrl(env),
    ...(env.STRIPE_PUBLISHABLE_KEY ? { paymentMode: 'stripe', stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
    ...(env.MAP_TILE_URL ? { mapTileUrl: env.MAP_TILE_URL } : {}),
  };
}
