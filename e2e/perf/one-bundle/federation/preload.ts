/** One-bundle stand-in for shell/src/federation/preload.ts: everything is in the bundle already. */
export function preloadRemotesFor(_pathname: string): void {}
