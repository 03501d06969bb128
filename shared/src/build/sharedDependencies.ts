/**
 * The Module Federation shared-dependency map, used by every app's rspack config.
 *
 * Strategy: one copy of each library that holds global state (React, the Redux store
 * libraries, the supabase client and each entry point of this workspace package) for the whole
 * page. The router is one copy as the entry point shared/router, which re-exports the part of
 * React Router the apps use (a shared package is shipped whole; shared this way, it is
 * tree-shaken). Versions are those installed, read from each library's own package.json: the
 * pnpm catalog (pnpm-workspace.yaml) pins one exact version for every app, so the map cannot
 * drift from it.
 */
import { createRequire } from 'node:module';
import manifest from '../../package.json' with { type: 'json' };

type SharedConfig = {
  singleton: true;
  requiredVersion: string | false;
  version?: string;
};

const require = createRequire(import.meta.url);

function singleton(name: string): SharedConfig {
  const { version } = require(`${name}/package.json`) as { version: string };
  return { singleton: true, requiredVersion: version };
}

/** Not shared: shared/build is for Node only (rspack configs); site.json is data, read once. */
const NOT_SHARED = new Set(['./build', './site.json']);

/** shared's browser entry points (its package.json exports), each one instance for the page. */
function sharedEntries(): Record<string, SharedConfig> {
  return Object.fromEntries(
    Object.keys(manifest.exports)
      .filter((key) => !NOT_SHARED.has(key))
      .map((key) => [`shared${key.slice(1)}`, { singleton: true, requiredVersion: false, version: manifest.version }]),
  );
}

export const sharedDependencies: Record<string, SharedConfig> = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  'react-redux': singleton('react-redux'),
  '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
  '@supabase/supabase-js': singleton('@supabase/supabase-js'),
  ...sharedEntries(),
};
