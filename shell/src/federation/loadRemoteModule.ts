import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteOf, type ExposedId, type ExposedModules } from 'shared/federation';
import { reRegisterRemote } from './remotes';
import { RemoteUnavailableError } from './RemoteUnavailableError';

const ATTEMPTS = 3;
const BACKOFF_MS = 400;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads an exposed module by its typed id. A transient failure (a remote restarting, a lost
 * request) is retried with backoff, re-registering the remote between attempts.
 */
export async function loadRemoteModule<K extends ExposedId>(id: K): Promise<ExposedModules[K]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) {
      reRegisterRemote(remoteOf(id));
      await wait(BACKOFF_MS * attempt);
    }
    try {
      const module = await loadRemote<{ default: ExposedModules[K] }>(id);
      if (module?.default) return module.default;
      lastError = new Error(`${id} has no default export`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof RemoteUnavailableError ? lastError : new RemoteUnavailableError(id, lastError);
}
