import path from 'node:path';
import type { Configuration } from 'webpack';
import type { BuildMode } from './common';
import { ROOT } from './common';
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
  /** Build only the plugins with these ids (a test that needs a few fixtures of many). */
  only?: readonly string[];
}

/** The shell and every plugin remote, as one multi-compiler configuration. */
export function buildConfigs(options: BuildOptions): Configuration[] {
  const distDir = path.resolve(ROOT, options.distDir ?? 'dist');
  const publicPath = options.publicPath ?? '/apps/files/';
  const pluginsPublicPath = `${publicPath}plugins/`;
  const pluginsOutDir = path.join(distDir, 'plugins');
  const found = findPluginPackages(path.resolve(ROOT, options.pluginsDir ?? 'plugins'));
  const plugins = options.only === undefined ? found : found.filter((plugin) => options.only?.includes(plugin.id));
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
