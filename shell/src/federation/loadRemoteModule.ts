import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteOf, type ExposedId, type ExposedModules } from 'shared/federation';
import { reRegisterRemote } from './remotes';
import { RemoteUnavailableError } from './RemoteUnavailableError';

const BACKOFF_MS = 400;

/**
 * How remote modules are loaded: the browser retries a failed load (3 attempts) and keeps the
 * failure for its slot's Retry; the server makes one attempt and forgets a failure, so the next
 * request tries again (configured by the server entry).
 */
export const remoteLoading = { attempts: 3, forgetFailures: false };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads an exposed module by its typed id. A transient failure (a remote restarting, a lost
 * request) is retried with backoff, re-registering the remote between attempts.
 */
export async function loadRemoteModule<K extends ExposedId>(id: K): Promise<ExposedModules[K]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < remoteLoading.attempts; attempt += 1) {
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
