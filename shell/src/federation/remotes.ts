import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from 'shared/federation';

let manifest: RemotesManifest | null = null;

/** Reads /remotes.json: the deployment decides where each remote lives, not the shell build. */
export async function loadRemotesManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  const value = (await response.json()) as Record<string, unknown>;
  const result = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const entry = value[name];
    if (typeof entry !== 'string') throw new Error(`${url} has no manifest URL for ${name}`);
    result[name] = new URL(entry, window.location.href).toString();
  }
  return result;
}

export function registerAppRemotes(remotes: RemotesManifest): void {
  manifest = remotes;
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: remotes[name] })));
}

/** Registers one remote again, dropping what the runtime cached of a failed load. */
export function reRegisterRemote(name: RemoteName): void {
  if (!manifest) return;
  registerRemotes([{ name, entry: manifest[name] }], { force: true });
}
