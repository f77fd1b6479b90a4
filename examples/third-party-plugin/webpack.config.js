// The remote's build: one federated container, `remoteEntry.js`, exposing `./plugin`.
// Nothing here comes from the Cumulus repository: only @cumulus/sdk (the package) and the
// published conventions of the shell (container name, exposed module, shared singletons).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  mode: 'production',
  context: here,
  target: 'web',
  // A remote has no entry of its own: the container is its entry.
  entry: {},
  output: {
    path: path.join(here, 'dist'),
    // Everything is in remoteEntry.js (see LimitChunkCountPlugin), so no chunk URL is ever built.
    publicPath: 'auto',
    uniqueName: 'cumulus_plugin_acme_2enotes',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        // @cumulus/sdk (and @cumulus/protocol, which it depends on) ship TypeScript sources: compile them too, nothing else from node_modules.
        exclude: /node_modules[\\/](?!@cumulus[\\/](sdk|protocol)[\\/])/,
        loader: 'ts-loader',
        // Type-checked against the SDK's types while building.
        options: { configFile: path.join(here, 'tsconfig.json'), onlyCompileBundledFiles: true },
      },
    ],
  },
  plugins: [
    new ModuleFederationPlugin({
      // containerName('acme.notes'): "cumulus_plugin_" + the id with every character outside [a-z0-9] as _ + its hex code.
      name: 'cumulus_plugin_acme_2enotes',
      filename: 'remoteEntry.js',
      exposes: { './plugin': './src/index.ts' },
      shared: {
        // The shell's own copy, never one of ours (import: false bundles no fallback).
        // @cumulus/sdk/version is deliberately NOT shared: it says which SDK this build used.
        '@cumulus/sdk': { singleton: true, requiredVersion: '^0.2.0', import: false },
      },
      dts: false,
      // The shell provides the federation runtime; the remote does not carry its own.
      experiments: { externalRuntime: true },
    }),
    // One file: the integrity hash of remoteEntry.js then covers every byte that runs.
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};
