import { PluginError } from './plugin-error';
import { createPluginScope } from './plugin-scope';
import { isPluginDefinition } from './define-plugin';
import type { ActivePlugin, PluginDefinition, PluginHost } from './types';

/**
 * Activates a plugin: calls its `activate` with a context scoped to it.
 *
 * If `activate` throws or rejects, everything it registered or subscribed
 * is taken back first, the failure goes to `host.reportError`, and the
 * returned promise rejects with a `PluginError` (phase `'activate'`, the
 * thrown value as `cause`). This includes a registration the registries
 * refused: a plugin registering an id another plugin (or the shell) already
 * holds fails to activate and leaves nothing behind, unless it catches the
 * `RegistryError` itself. The one duplicate policy is "the first holder
 * keeps the id"; what fails is the later plugin.
 *
 * A value that is not a plugin definition rejects with a `PluginError`
 * (phase `'load'`).
 *
 * @param host the shell's registries, bus, translate function and error sink
 * @param def the plugin, as `definePlugin` made it
 */
export async function activatePlugin(host: PluginHost, def: PluginDefinition): Promise<ActivePlugin> {
  const report = (error: PluginError): void => {
    try {
      if (host.reportError) host.reportError(error);
      else console.error(error);
    } catch (reportFailure) {
      console.error(reportFailure);
    }
  };

  if (!isPluginDefinition(def)) {
    const id = typeof (def as { id?: unknown } | null)?.id === 'string' ? (def as { id: string }).id : 'unknown';
    const error = new PluginError({ pluginId: id, phase: 'load', message: `Plugin "${id}" is not a plugin definition` });
    report(error);
    throw error;
  }

  const pluginId = def.id;
  const scope = createPluginScope(host, pluginId);
  const reportCleanup = (errors: unknown[]): void => {
    for (const cause of errors) report(new PluginError({ pluginId, phase: 'deactivate', cause }));
  };

  try {
    await def.activate(scope.context);
  } catch (cause) {
    reportCleanup(scope.dispose());
    const error = new PluginError({ pluginId, phase: 'activate', cause });
    report(error);
    throw error;
  }

  let deactivation: Promise<void> | null = null;
  const deactivate = async (): Promise<void> => {
    try {
      await def.deactivate?.();
    } catch (cause) {
      report(new PluginError({ pluginId, phase: 'deactivate', cause }));
    } finally {
      reportCleanup(scope.dispose());
    }
  };

  return Object.freeze({
    id: pluginId,
    deactivate: () => (deactivation ??= deactivate()),
  });
}
