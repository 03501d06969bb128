/** One-bundle stand-in for shell/src/federation/remotes.ts: there are no remotes to register. */
import type { RemoteName, RemotesManifest } from '../../../../shared/src/federation/contracts';

export async function loadRemotesManifest(): Promise<RemotesManifest> {
  return {} as RemotesManifest;
}

export function registerAppRemotes(_remotes: RemotesManifest): void {}

export function reRegisterRemote(_name: RemoteName): void {}
