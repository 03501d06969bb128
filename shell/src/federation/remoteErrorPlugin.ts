/**
 * Runtime plugin: a remote that cannot be reached must never blank the page.
 *
 * Strategy: when loading a remote's manifest, entry or exposed module fails, the federation
 * runtime asks `errorLoadRemote`. We do not hide the failure behind a fake module (that would
 * make Retry useless); we turn it into a RemoteUnavailableError naming the remote, which the
 * slot's error boundary shows with a Retry button. Retries re-register the remote (see
 * loadRemoteModule.ts), so a remote that comes back is picked up without a page reload.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from './RemoteUnavailableError';

const remoteErrorPlugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'homestory-remote-error',
  errorLoadRemote({ id, error, lifecycle }) {
    console.error(`[federation] ${lifecycle} failed for ${id}`, error);
    throw new RemoteUnavailableError(String(id), error);
  },
});

export default remoteErrorPlugin;
