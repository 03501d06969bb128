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
  renderer?: unknown;
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
  const serve = (await import(path.join(repoRoot, 'scripts/serve.mjs'))) as {
    shellRenderer: (dir: string, remotes: Record<string, string>, env?: NodeJS.ProcessEnv) => unknown;
  };
  return { ...server, ...site, ...serve };
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

/**
 * A second shell whose remotes.json the test chooses (a dead port is a remote that is down),
 * rendering on the server as the site's does; `serverBackendUrl` gives its server another way to
 * the backend than the browser's (a slow one).
 */
export async function serveShellWith(port: number, overrides: Record<string, string>, { serverBackendUrl }: { serverBackendUrl?: string } = {}) {
  const { serveApp, runtimeConfig, remotesManifest, shellRenderer } = await modules();
  const remotes = { ...remotesManifest(), ...overrides };
  const dir = path.join(repoRoot, 'shell', 'dist');
  return serveApp({
    name: 'shell',
    dir,
    port,
    runtimeConfig: () => runtimeConfig(),
    remotes,
    backendOrigin: new URL(runtimeConfig().supabaseUrl).origin,
    renderer: shellRenderer(dir, remotes, serverBackendUrl ? { ...process.env, PUBLIC_BACKEND_URL: serverBackendUrl } : process.env),
  });
}

/** Client-side navigation, as a link inside the app would do it (no page reload). */
export const navigateInApp = (target: string) => {
  window.history.pushState({}, '', target);
  window.dispatchEvent(new PopStateEvent('popstate'));
};
