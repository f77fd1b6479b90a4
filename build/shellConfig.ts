import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { sharedSingletons } from '@cumulus/remotes';
import type { BuildMode } from './common';
import { ROOT, commonConfig } from './common';

/** Where the shell is written and served from. */
export interface ShellTarget {
  outDir: string;
  /** `/apps/files/`: the spec's base path. */
  publicPath: string;
}

/**
 * The federated host. It declares no remotes at build time: the loader
 * registers them from the manifest at start-up, so operators turn plugins on
 * and off without rebuilding the shell. It provides the federation runtime
 * that the remotes (built with `externalRuntime`) use.
 */
export function shellConfig(target: ShellTarget, mode: BuildMode, extraPlugins: WebpackPluginInstance[] = []): Configuration {
  return {
    ...commonConfig(mode),
    name: 'shell',
    entry: { main: path.join(ROOT, 'shell/src/index.ts') },
    output: {
      path: target.outDir,
      publicPath: target.publicPath,
      uniqueName: 'cumulus_shell',
      // No hash in the entry's name: the federation runtime resolves this template before
      // hashes exist. index.html busts the cache with `?<hash>` instead (hash: true below).
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'cumulus_shell',
        shared: sharedSingletons(),
        dts: false,
        experiments: { provideExternalRuntime: true },
      }),
      new HtmlWebpackPlugin({ template: path.join(ROOT, 'shell/src/index.html'), scriptLoading: 'defer', hash: true }),
      ...extraPlugins,
    ],
  };
}
