import { PluginManifestError, loadPlugins } from '@cumulus/remotes';
import type { LoadPluginsResult } from '@cumulus/remotes';
import type { PluginHost } from '@cumulus/sdk';
import type { PluginFailures } from './pluginFailures';

/** Where the server lists the plugins of this deployment. */
export const PLUGIN_MANIFEST_URL = '/apps/files/api/v1/plugins';

/**
 * Loads the deployment's plugins into the host. Every failure lands in
 * `failures` and the console (for the operator); it never rejects, so the app
 * starts with whatever plugins work.
 */
export async function startPlugins(
  host: PluginHost,
  failures: PluginFailures,
  manifestUrl = PLUGIN_MANIFEST_URL,
): Promise<LoadPluginsResult> {
  try {
    return await loadPlugins({
      manifestUrl,
      host,
      onError(error) {
        // Activation failures already reached host.reportError through the SDK.
        if (error.kind !== 'activation') console.error(error.message, error.cause);
        failures.add(error);
      },
    });
  } catch (error) {
    const failure = error instanceof PluginManifestError ? error : new PluginManifestError('invalid', String(error), { cause: error });
    console.error(failure.message, failure.cause);
    failures.add(failure);
    return { active: [], failed: [] };
  }
}
