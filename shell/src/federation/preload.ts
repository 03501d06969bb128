import { preloadRemote } from '@module-federation/enhanced/runtime';
import { remoteOf, type ExposedId } from 'shared/federation';
import { remotePageOf } from '../app/routes';

/** Modules every page of the frame needs, fetched with the route's page in parallel. */
const FRAME_MODULES: ExposedId[] = ['account/UserMenu', 'discovery/SearchBar'];

/**
 * Starts fetching the remotes the current route needs at once, in parallel, instead of one
 * after another as React discovers them.
 */
export function preloadRemotesFor(pathname: string): void {
  const page = remotePageOf(pathname);
  const ids = page ? [page, ...FRAME_MODULES] : FRAME_MODULES;
  const byRemote = new Map<string, string[]>();
  for (const id of ids) {
    const name = remoteOf(id);
    byRemote.set(name, [...(byRemote.get(name) ?? []), `.${id.slice(name.length)}`]);
  }
  void preloadRemote(
    [...byRemote].map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes, resourceCategory: 'sync' as const })),
  ).catch((error: unknown) => console.warn('[federation] preload failed', error));
}
