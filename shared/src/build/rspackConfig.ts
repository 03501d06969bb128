/**
 * One rspack configuration for every app (the shell and the five remotes), so that they
 * differ only in their federation options.
 *
 * Strategy: every app is built once; its dist/ holds both the federated container
 * (remoteEntry.js + mf-manifest.json) and a standalone index.html that boots the app on its
 * own (src/bootstrap.tsx). The HTML never includes the app's own remote entry, there is no
 * runtimeChunk, and each app has its own uniqueName so several runtimes share one page.
 *
 * The federation runtime ships once per page: the shell provides its runtime core to the
 * remotes (experiments.provideExternalRuntime) and the remotes' builds leave it out
 * (experiments.externalRuntime). A remote's standalone page has no shell, so each remote also
 * builds the runtime core as a script of its own, which its standalone index.html loads before
 * the app (createAppBuild).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedDependencies } from './sharedDependencies';

export interface AppBuildOptions {
  /** Federation container name, also the package folder name. */
  name: string;
  /** Absolute path of the app's folder. */
  dir: string;
  /** Exposed modules: './Home' -> './src/exposes/Home.tsx'. */
  exposes?: Record<string, string>;
  /** Runtime plugins (files) for the federation runtime. */
  runtimePlugins?: string[];
  /** Page title of the app's own index.html. */
  title: string;
  /** Extra HTML template parameters (the shell's static frame). */
  template?: string;
}

type Mode = 'production' | 'development';

/** The file name prefix of a remote's standalone runtime provider script. */
const STANDALONE_RUNTIME = 'federation-runtime';

/**
 * Everything `rspack build` makes for an app. The shell: its own build. A remote: first the
 * runtime provider for its standalone page (which cleans dist/), then the app itself.
 */
export function createAppBuild(options: AppBuildOptions, argv: { mode?: Mode }): Configuration[] {
  const server = { ...createServerConfig(options, argv), dependencies: [options.name] };
  if (!options.exposes) return [{ ...createAppConfig(options, argv), name: options.name }, server];
  const runtimeName = `${options.name}_standalone_runtime`;
  const app = createAppConfig(options, argv);
  return [
    createStandaloneRuntimeConfig(runtimeName, options, argv),
    { ...app, name: options.name, dependencies: [runtimeName], output: { ...app.output, clean: false } },
    server,
  ];
}

/**
 * The federation runtime core as a plain script that sets the global the remote's build reads
 * (what the shell's provideExternalRuntime plugin sets on the site): the same package the
 * shell bundles, resolved through @module-federation/enhanced, which depends on it.
 */
function createStandaloneRuntimeConfig(name: string, options: AppBuildOptions, argv: { mode?: Mode }): Configuration {
  const production = (argv.mode ?? 'production') === 'production';
  const enhanced = createRequire(import.meta.url).resolve('@module-federation/enhanced/runtime');
  return {
    name,
    mode: argv.mode ?? 'production',
    context: options.dir,
    entry: { [STANDALONE_RUNTIME]: createRequire(enhanced).resolve('@module-federation/runtime-tools/runtime-core') },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      uniqueName: name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      library: { type: 'window', name: '_FEDERATION_RUNTIME_CORE' },
      clean: true,
    },
    optimization: { minimize: production },
    performance: { hints: false },
  };
}

/** The runtime provider script built into dist/ beside the app, by its hashed name. */
function standaloneRuntimeScript(dir: string): string {
  const file = fs.readdirSync(path.join(dir, 'dist')).find((name) => name.startsWith(`${STANDALONE_RUNTIME}.`) && name.endsWith('.js'));
  if (!file) throw new Error(`${dir}/dist has no ${STANDALONE_RUNTIME} script: it is built before the app`);
  return `/${file}`;
}

/** Where an app's Node build goes, beside its browser build. */
export const SERVER_DIR = 'server';

/**
 * The same app built for Node (server rendering): the remotes' exposes as a federated container
 * the shell's server loads over HTTP at runtime (@module-federation/node's runtime plugin), the
 * shell's server entry (src/server/index.ts) as the host. CSS modules give only their class
 * names (the same as the browser build's) and assets only their URLs: the browser loads both.
 * The host provides the libraries (React, the router, Redux, supabase-js: one copy per server
 * process), so a remote's Node build carries none of its own (`import: false`); it keeps its copy
 * of this package's entry points, which the host's server may not use: the first one loaded is
 * the one every remote shares.
 */
export function createServerConfig(options: AppBuildOptions, argv: { mode?: Mode }): Configuration {
  const browser = createAppConfig(options, argv);
  const isShell = !options.exposes;
  const mode = argv.mode ?? 'production';
  const shared = Object.fromEntries(
    Object.entries(sharedDependencies).map(([key, value]) => [
      key,
      isShell || key.startsWith('shared/') ? value : { ...value, import: false as const },
    ]),
  );
  return {
    ...browser,
    name: `${options.name}-server`,
    target: 'async-node',
    entry: isShell ? { server: './src/server/index.ts' } : {},
    devtool: 'source-map',
    output: {
      path: path.join(options.dir, 'dist', SERVER_DIR),
      uniqueName: options.name,
      // Chunks are found beside the entry that loaded them (the runtime plugin's fallback).
      publicPath: isShell ? '/' : '',
      // CommonJS in packages of "type": "module": the shell's server requires its entry.
      filename: '[name].cjs',
      chunkFilename: mode === 'production' ? '[name].[contenthash:8].cjs' : '[name].cjs',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    module: {
      ...browser.module,
      generator: {
        'css/module': { exportsOnly: true },
        css: { exportsOnly: true },
        asset: { emit: false },
        'asset/resource': { emit: false },
      },
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes ?? {},
        shared,
        shareStrategy: 'loaded-first',
        remoteType: 'script',
        library: { type: 'commonjs-module', name: options.name },
        runtimePlugins: [createRequire(import.meta.url).resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
        dts: false,
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
    ],
    // Node packages with native parts stay outside the bundle, required from node_modules.
    externals: { ws: 'commonjs ws' },
    optimization: { minimize: false },
  };
}

export function createAppConfig(
  options: AppBuildOptions,
  argv: { mode?: Mode },
): Configuration {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  const isShell = !options.exposes;
  return {
    mode,
    context: options.dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      uniqueName: options.name,
      publicPath: isShell ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
    },
    module: {
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
            env: { targets: 'chrome >= 109, firefox >= 115, safari >= 16' },
          },
          type: 'javascript/auto',
        },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes ?? {},
        shared: sharedDependencies,
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        manifest: true,
        dts: false,
        experiments: isShell ? { provideExternalRuntime: true } : { externalRuntime: true },
      }),
      new rspack.HtmlRspackPlugin({
        template: options.template ?? fileURLToPath(new URL('./standalone.html', import.meta.url)),
        title: options.title,
        excludeChunks: [options.name],
        templateParameters: (params) => ({ ...params, standaloneRuntime: isShell ? null : standaloneRuntimeScript(options.dir) }),
        // Script URLs from the site root: a standalone remote opened on a deep route
        // (/house/7) must not look for its chunks under /house/.
        publicPath: '/',
        minify: production,
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
      }),
    ],
    optimization: {
      minimize: production,
    },
    performance: { hints: false },
  };
}
