import { preloadRemote } from '@module-federation/enhanced/runtime';
import { remoteOf } from 'shared/federation';
import { remoteModulesOf } from '../app/routes';

/**
 * Starts fetching the remotes the current route needs at once, in parallel, instead of one
 * after another as React discovers them.
 */
export function preloadRemotesFor(pathname: string): void {
  const ids = remoteModulesOf(pathname);
  const byRemote = new Map<string, string[]>();
  for (const id of ids) {
    const name = remoteOf(id);
    byRemote.set(name, [...(byRemote.get(name) ?? []), `.${id.slice(name.length)}`]);
  }
  void preloadRemote(
    [...byRemote].map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes, resourceCategory: 'sync' as const })),
  ).catch((error: unknown) => console.warn('[federation] preload failed', error));
}
