import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler, WebpackPluginInstance } from 'webpack';
import type { PluginManifest } from '@cumulus/remotes';
import { validateManifest } from '@cumulus/remotes';
import type { PluginPackage } from './pluginPackages';

/**
 * The manifest listing every built plugin at its served remote entry: enabled, but for an
 * example (`hello`), which stays off until an operator runs `cumulus plugins:enable <id>`.
 */
export function pluginManifest(plugins: readonly PluginPackage[], pluginsPublicPath: string): PluginManifest {
  return validateManifest({
    plugins: plugins.map((plugin) => ({
      id: plugin.id,
      name: plugin.name,
      version: plugin.version,
      entry: `${pluginsPublicPath}${plugin.id}/remoteEntry.js`,
      enabled: !plugin.example,
    })),
  });
}

/**
 * Writes `manifest.json` next to the plugin folders once the compiler has
 * emitted. It depends only on which plugins exist, so any one compiler of the
 * build may carry it.
 */
export class WritePluginManifestPlugin implements WebpackPluginInstance {
  constructor(
    private readonly file: string,
    private readonly manifest: PluginManifest,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('WritePluginManifestPlugin', () => {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(this.file, `${JSON.stringify(this.manifest, null, 2)}\n`);
    });
  }
}
