/**
 * The remotes as the shell's server sees them: each one's Node build (server/remoteEntry.js
 * beside the browser manifest /remotes.json names), registered with the federation runtime and
 * loaded over HTTP; and its browser manifest, for the stylesheets of the modules a page renders.
 * Every few seconds each Node entry is asked for its ETag: a remote that was redeployed is
 * registered again (the runtime drops what it had loaded) and its manifest read again, so the
 * next page renders the new build with no restart of the shell.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, remoteOf, type ExposedId, type PagePrefetch, type RemoteName, type RemotesManifest } from 'shared/federation';
import { remoteModulesOf } from '../app/routes';
import { forgetRemoteModules, preloadRemoteModule } from '../federation/RemoteSlot';

export const SERVER_ENTRY = 'server/remoteEntry.js';
const WATCH_INTERVAL_MS = 2_000;

interface BrowserManifest {
  exposes: { name: string; assets: { css: { sync: string[] } } }[];
}

export interface ServerRemotes {
  /** The page module's reads for a path, or null (no remote page, or it cannot be loaded). */
  prefetchOf(page: ExposedId): Promise<PagePrefetch | null>;
  /** Loads the remote modules a path renders (those that cannot be loaded are left to the browser). */
  preload(pathname: string): Promise<void>;
  /** The stylesheets of the remote modules a path renders. */
  stylesFor(pathname: string): Promise<string[]>;
  close(): void;
}

/**
 * `manifest`: where the server finds each remote; `publicManifest`: where the browser does (the
 * stylesheets a page links are resolved against it), by default the same.
 */
/** A file of a remote as the browser asks for it: a path when the remote is on the page's own origin. */
function publicUrl(file: string, manifestUrl: string): string {
  const url = new URL(file, new URL(manifestUrl, 'http://shell.invalid/'));
  return url.origin === 'http://shell.invalid' ? `${url.pathname}${url.search}` : url.toString();
}

export function createServerRemotes(
  manifest: RemotesManifest,
  watchIntervalMs = WATCH_INTERVAL_MS,
  publicManifest: RemotesManifest = manifest,
): ServerRemotes {
  const serverEntry = (name: RemoteName) => new URL(SERVER_ENTRY, manifest[name]).toString();
  const versions = new Map<RemoteName, string>();
  const manifests = new Map<RemoteName, Promise<BrowserManifest>>();

  registerRemotes(
    REMOTE_NAMES.map((name) => ({ name, entry: serverEntry(name) })),
    { force: true },
  );
  for (const name of REMOTE_NAMES) forgetRemoteModules(name);

  function browserManifest(name: RemoteName): Promise<BrowserManifest> {
    let loading = manifests.get(name);
    if (!loading) {
      loading = fetch(manifest[name]).then((response) => {
        if (!response.ok) throw new Error(`${manifest[name]}: HTTP ${response.status}`);
        return response.json() as Promise<BrowserManifest>;
      });
      loading.catch(() => manifests.delete(name));
      manifests.set(name, loading);
    }
    return loading;
  }

  async function checkForDeploys(): Promise<void> {
    await Promise.all(
      REMOTE_NAMES.map(async (name) => {
        const response = await fetch(serverEntry(name), { method: 'HEAD' }).catch(() => null);
        const version = response?.ok ? (response.headers.get('etag') ?? response.headers.get('last-modified')) : null;
        if (version === null) return;
        const known = versions.get(name);
        versions.set(name, version);
        if (known === undefined || known === version) return;
        registerRemotes([{ name, entry: `${serverEntry(name)}?v=${encodeURIComponent(version)}` }], { force: true });
        forgetRemoteModules(name);
        manifests.delete(name);
      }),
    );
  }

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    void checkForDeploys().finally(() => {
      if (!stopped) timer = setTimeout(watch, watchIntervalMs).unref();
    });
  };
  watch();

  return {
    async prefetchOf(page) {
      try {
        const module = await loadRemote<{ prefetch?: PagePrefetch }>(page);
        return module?.prefetch ?? null;
      } catch {
        return null;
      }
    },

    async preload(pathname) {
      await Promise.allSettled(remoteModulesOf(pathname).map((id) => preloadRemoteModule(id)));
    },

    async stylesFor(pathname) {
      const ids = remoteModulesOf(pathname);
      const styles = await Promise.all(
        ids.map(async (id) => {
          const name = remoteOf(id);
          try {
            const exposed = (await browserManifest(name)).exposes.find((entry) => entry.name === id.slice(name.length + 1));
            return (exposed?.assets.css.sync ?? []).map((file) => publicUrl(file, publicManifest[name]));
          } catch {
            return [];
          }
        }),
      );
      return [...new Set(styles.flat())];
    },

    close() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
