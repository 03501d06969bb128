/**
 * The same pages as ONE bundle, without federation, for comparison: the shell's own config
 * (shared/src/build/rspackConfig.ts) minus the federation plugin, with the shell's three
 * federation modules swapped for stand-ins that import the remotes' exposed modules directly.
 * Output: e2e/perf/one-bundle/dist (a shell-like index.html and its scripts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../../../shared/src/build/rspackConfig';
import type * as RspackCore from '../../../shared/node_modules/@rspack/core';

const here = path.dirname(fileURLToPath(import.meta.url));
const shellDir = path.resolve(here, '../../../shell');
// @rspack/core is a dependency of the apps, not of e2e: take the shell's copy.
const { rspack } = createRequire(path.join(shellDir, 'package.json'))('@rspack/core') as typeof RspackCore;

const STAND_INS = new Set(['loadRemoteModule', 'remotes', 'preload']);

export default function oneBundleConfig(_env: Record<string, unknown>, argv: { mode?: 'production' | 'development' }) {
  const config = createAppConfig(
    { name: 'onebundle', dir: shellDir, title: 'Homestory', template: './src/index.html' },
    { mode: argv.mode ?? 'production' },
  );
  return {
    ...config,
    output: { ...config.output, path: path.join(here, 'dist'), uniqueName: 'onebundle' },
    plugins: [
      ...(config.plugins ?? []).filter((plugin) => plugin?.constructor?.name !== 'ModuleFederationPlugin'),
      new rspack.NormalModuleReplacementPlugin(/^\.{1,2}\/(federation\/)?(loadRemoteModule|remotes|preload)$/, (resource) => {
        const name = path.basename(resource.request);
        if (!STAND_INS.has(name) || !path.resolve(resource.context).startsWith(path.join(shellDir, 'src'))) return;
        resource.request = path.join(here, 'federation', `${name}.ts`);
      }),
    ],
  };
}
