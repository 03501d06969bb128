/**
 * One rspack configuration for every app (the shell and the four remotes), so that they
 * differ only in their federation options.
 *
 * Strategy: every app is built once; its dist/ holds both the federated container
 * (remoteEntry.js + mf-manifest.json) and a standalone index.html that boots the app on its
 * own (src/bootstrap.tsx). The HTML never includes the app's own remote entry, there is no
 * runtimeChunk, and each app has its own uniqueName so several runtimes share one page.
 */
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

export function createAppConfig(
  options: AppBuildOptions,
  argv: { mode?: 'production' | 'development' },
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
      }),
      new rspack.HtmlRspackPlugin({
        template: options.template ?? fileURLToPath(new URL('./standalone.html', import.meta.url)),
        title: options.title,
        excludeChunks: [options.name],
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
