/** A remote (or one of its modules) could not be loaded. */
export class RemoteUnavailableError extends Error {
  readonly remoteId: string;

  constructor(remoteId: string, cause: unknown) {
    super(`${remoteId} could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
    this.remoteId = remoteId;
  }
}
