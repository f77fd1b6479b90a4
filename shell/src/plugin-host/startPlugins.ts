import { PluginManifestError, loadPlugins } from '@cumulus/remotes';
import type { LoadPluginsResult } from '@cumulus/remotes';
import type { PluginHost } from '@cumulus/sdk';
import type { PluginSupervisor } from './pluginSupervisor';

/** Where the server lists the plugins of this deployment. */
export const PLUGIN_MANIFEST_URL = '/apps/files/api/v1/plugins';

/**
 * Loads the deployment's plugins into the host. Every failure goes to the
 * supervisor (the page's alerts, the console, the server's log), and every
 * plugin that activates is handed to it, so a later failure can take it back;
 * it never rejects, so the app starts with whatever plugins work.
 */
export async function startPlugins(host: PluginHost, supervisor: PluginSupervisor, manifestUrl = PLUGIN_MANIFEST_URL): Promise<LoadPluginsResult> {
  try {
    return await loadPlugins({
      manifestUrl,
      host,
      onError: (error) => supervisor.loadFailed(error),
      onActivated: (plugin) => supervisor.activated(plugin),
    });
  } catch (error) {
    supervisor.loadFailed(error instanceof PluginManifestError ? error : new PluginManifestError('invalid', String(error), { cause: error }));
    return { active: [], failed: [] };
  }
}
