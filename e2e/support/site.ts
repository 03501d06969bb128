/**
 * Extra copies of the site's servers for tests that take parts of it down: the same static
 * server the site uses (scripts/static-server.mjs), on ports of the test's own.
 */
import path from 'node:path';
import { repoRoot } from './paths';

interface Served {
  name: string;
  port: number;
  close: () => Promise<void>;
}

interface ServeAppOptions {
  name: string;
  dir: string;
  port: number;
  runtimeConfig: () => object;
  remotes?: Record<string, string>;
  backendOrigin: string;
}

type SiteModule = {
  runtimeConfig: (env?: NodeJS.ProcessEnv) => { supabaseUrl: string };
  remotesManifest: (env?: NodeJS.ProcessEnv) => Record<string, string>;
};

async function modules() {
  const server = (await import(path.join(repoRoot, 'scripts/static-server.mjs'))) as {
    serveApp: (options: ServeAppOptions) => Promise<Served>;
  };
  const site = (await import(path.join(repoRoot, 'scripts/site.mjs'))) as SiteModule;
  return { ...server, ...site };
}

/** Serves one app's build (by default its dist/) on a port of the test's own. */
export async function serveAppCopy(name: string, port: number, dir = path.join(repoRoot, name, 'dist')) {
  const { serveApp, runtimeConfig } = await modules();
  return serveApp({
    name,
    dir,
    port,
    runtimeConfig: () => runtimeConfig(),
    backendOrigin: new URL(runtimeConfig().supabaseUrl).origin,
  });
}

/** A second shell whose remotes.json the test chooses (a dead port is a remote that is down). */
export async function serveShellWith(port: number, overrides: Record<string, string>) {
  const { serveApp, runtimeConfig, remotesManifest } = await modules();
  const remotes = { ...remotesManifest(), ...overrides };
  return serveApp({
    name: 'shell',
    dir: path.join(repoRoot, 'shell', 'dist'),
    port,
    runtimeConfig: () => runtimeConfig(),
    remotes,
    backendOrigin: new URL(runtimeConfig().supabaseUrl).origin,
  });
}

/** Client-side navigation, as a link inside the app would do it (no page reload). */
export const navigateInApp = (target: string) => {
  window.history.pushState({}, '', target);
  window.dispatchEvent(new PopStateEvent('popstate'));
};
