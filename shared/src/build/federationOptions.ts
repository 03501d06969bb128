import type { AppBuildOptions } from './rspackConfig';

/** What an app's module-federation.config.ts declares: everything but its folder. */
export type FederationOptions = Omit<AppBuildOptions, 'dir'>;
