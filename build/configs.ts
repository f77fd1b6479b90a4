import path from 'node:path';
import type { Configuration } from 'webpack';
import type { BuildMode } from './common';
import { ROOT } from './common';
import type { PluginPackage } from './pluginPackages';
import { findPluginPackages } from './pluginPackages';
import { remoteConfig } from './remoteConfig';
import { shellConfig } from './shellConfig';
import { WritePluginManifestPlugin, pluginManifest } from './writePluginManifest';

/** What to build and where. */
export interface BuildOptions {
  mode: BuildMode;
  /** Folder holding one folder per plugin (default `plugins/`). */
  pluginsDir?: string;
  /** Output root (default `dist/`): the shell goes to `shell/`, plugins and the manifest to `plugins/`. */
  distDir?: string;
  /** Served path of the shell (default `/apps/files/`); plugins are served under its `plugins/`. */
  publicPath?: string;
  /** Build only the plugin remotes (tests build fixture plugins this way). */
  remotesOnly?: boolean;
  /** Build only the plugins with these ids (a test that needs a few fixtures of many); an example named here is built. */
  only?: readonly string[];
  /** The example plugins (`"example": true`, such as `hello`) to build besides the others; none by default. */
  examples?: readonly string[];
}

/**
 * The plugins a build includes: the ones `only` names, else every plugin but the examples,
 * which are built only when `examples` names them (a default deployment ships none).
 */
export function selectPlugins(found: readonly PluginPackage[], options: Pick<BuildOptions, 'only' | 'examples'>): PluginPackage[] {
  const { only, examples = [] } = options;
  if (only !== undefined) return found.filter((plugin) => only.includes(plugin.id));
  const unknown = examples.filter((id) => !found.some((plugin) => plugin.example && plugin.id === id));
  if (unknown.length > 0) throw new Error(`No example plugin with the id ${unknown.map((id) => `"${id}"`).join(', ')} (examples: ${found.filter((plugin) => plugin.example).map((plugin) => plugin.id).join(', ') || 'none'})`);
  return found.filter((plugin) => !plugin.example || examples.includes(plugin.id));
}

/** The shell and every plugin remote, as one multi-compiler configuration. */
export function buildConfigs(options: BuildOptions): Configuration[] {
  const distDir = path.resolve(ROOT, options.distDir ?? 'dist');
  const publicPath = options.publicPath ?? '/apps/files/';
  const pluginsPublicPath = `${publicPath}plugins/`;
  const pluginsOutDir = path.join(distDir, 'plugins');
  const found = findPluginPackages(path.resolve(ROOT, options.pluginsDir ?? 'plugins'));
  const plugins = selectPlugins(found, options);
  const writeManifest = new WritePluginManifestPlugin(
    path.join(pluginsOutDir, 'manifest.json'),
    pluginManifest(plugins, pluginsPublicPath),
  );

  const remotes = plugins.map((plugin) => remoteConfig(plugin, { pluginsOutDir, pluginsPublicPath }, options.mode));
  if (options.remotesOnly) {
    const [first] = remotes;
    first?.plugins?.push(writeManifest);
    return remotes;
  }
  const shell = shellConfig({ outDir: path.join(distDir, 'shell'), publicPath }, options.mode, [writeManifest]);
  return [shell, ...remotes];
}
