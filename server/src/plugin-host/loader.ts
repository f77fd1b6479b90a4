import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isServerPluginDefinition } from '../plugin-api';
import type { PluginHost } from './host';
import { messageOf } from './host';
import type { PluginPackage } from './packages';

/** A plugin whose server part could not be loaded or activated. */
export interface PluginLoadFailure {
  id: string;
  message: string;
}

let typeScriptRegistered = false;

/**
 * Imports a server part's entry. The command line's precompiled bundle runs on plain Node; it
 * defines CUMULUS_PRECOMPILED as the plugins' server parts compiled into it, by their source path:
 * such an entry is imported from the bundle, another `.ts` one after registering tsx.
 */
async function importEntry(path: string): Promise<unknown> {
  const precompiled = process.env.CUMULUS_PRECOMPILED;
  if (precompiled !== undefined) {
    const bundled = (JSON.parse(precompiled) as Record<string, string | undefined>)[path];
    if (bundled !== undefined) return import(bundled);
    if (path.endsWith('.ts') && !typeScriptRegistered) {
      const { register } = await import('tsx/esm/api');
      register();
      typeScriptRegistered = true;
    }
  }
  return import(pathToFileURL(path).href);
}

/**
 * Loads and activates the server parts of the enabled plugins, by a run-time import of each
 * package's `cumulus.server` entry (the server never imports a plugin statically). A plugin
 * that fails is reported with its id and left out, with nothing of it registered; the others
 * load.
 */
export async function loadServerPlugins(host: PluginHost, packages: readonly PluginPackage[], disabled: ReadonlySet<string>): Promise<PluginLoadFailure[]> {
  const failures: PluginLoadFailure[] = [];
  for (const pkg of packages) {
    if (!pkg.server || disabled.has(pkg.id)) continue;
    try {
      const module = (await importEntry(join(pkg.dir, pkg.server))) as { default?: unknown };
      const definition = module.default;
      if (!isServerPluginDefinition(definition)) throw new Error(`${pkg.server} must export as default a server plugin made with defineServerPlugin`);
      if (definition.id !== pkg.id) throw new Error(`its server part declares the id "${definition.id}", its package "${pkg.id}"`);
      await host.activate(definition);
    } catch (error) {
      failures.push({ id: pkg.id, message: messageOf(error) });
    }
  }
  return failures;
}
