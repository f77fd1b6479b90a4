import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const INJECT_RUNTIME_PLUGIN = '@module-federation/inject-external-runtime-core-plugin';

/**
 * `provideExternalRuntime` adds this runtime plugin by its CommonJS file
 * (`require.resolve`), which `require`s the CommonJS build of the federation
 * runtime, while the bundler runtime imports its ES build: two copies of the
 * same runtime in main.js (about 25 KB gzipped of the shell's first script).
 * Pointing the plugin at its ES build leaves one copy, the one the remotes get.
 */
function oneFederationRuntime(): Record<string, string> {
  const commonJs = createRequire(path.join(ROOT, 'package.json')).resolve(INJECT_RUNTIME_PLUGIN);
  const packageDir = path.resolve(path.dirname(commonJs), '..');
  const { module: esModule } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { module: string };
  return { [commonJs]: path.join(packageDir, esModule) };
}

/**
 * The federated host. It declares no remotes at build time: the loader
 * registers them from the manifest at start-up, so operators turn plugins on
 * and off without rebuilding the shell. It provides the federation runtime
 * that the remotes (built with `externalRuntime`) use.
 */
export function shellConfig(target: ShellTarget, mode: BuildMode, extraPlugins: WebpackPluginInstance[] = []): Configuration {
  const common = commonConfig(mode);
  return {
    ...common,
    name: 'shell',
    resolve: { ...common.resolve, alias: oneFederationRuntime() },
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
