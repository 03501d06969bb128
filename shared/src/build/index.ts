/**
 * shared/build: the rspack configuration and Module Federation options every app builds with.
 * Node only (rspack configs import it); no browser bundle may.
 */
export * from './federationOptions';
export * from './rspackConfig';
export * from './sharedDependencies';
