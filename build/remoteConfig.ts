import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration } from 'webpack';
import { containerName, sharedSingletons } from '@cumulus/remotes';
import type { BuildMode } from './common';
import { commonConfig } from './common';
import type { PluginPackage } from './pluginPackages';

/** Where a remote is written and served from. */
export interface RemoteTarget {
  /** Folder that receives the plugin's `<id>/` folder. */
  pluginsOutDir: string;
  /** URL path under which that folder is served, ending in `/` (e.g. `/apps/files/plugins/`). */
  pluginsPublicPath: string;
}

/**
 * One plugin as a federated remote: `remoteEntry.js` exposing `./plugin`,
 * sharing the singletons with the shell and leaning on the shell's federation
 * runtime (`externalRuntime`) instead of carrying its own copy.
 */
export function remoteConfig(plugin: PluginPackage, target: RemoteTarget, mode: BuildMode): Configuration {
  const name = containerName(plugin.id);
  return {
    ...commonConfig(mode),
    name: `plugin-${plugin.id}`,
    // A remote needs no entry of its own; the container is its entry.
    entry: {},
    output: {
      path: path.join(target.pluginsOutDir, plugin.id),
      publicPath: `${target.pluginsPublicPath}${plugin.id}/`,
      // Distinct per build, or two remotes' chunk-loading globals collide on one page.
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        // Fixed name: the manifest points at it; the chunks it loads are content-hashed.
        filename: 'remoteEntry.js',
        exposes: { './plugin': plugin.exposes },
        shared: sharedSingletons(),
        dts: false,
        experiments: { externalRuntime: true },
      }),
    ],
  };
}
