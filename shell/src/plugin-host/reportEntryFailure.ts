import { PluginError } from '@cumulus/sdk';
import type { PluginHost, PluginPhase } from '@cumulus/sdk';

/**
 * Hands a failure inside a registered entry (a file action, a render, a
 * filter) to the host, naming the plugin that registered the entry; the
 * supervisor reports it and takes the plugin back.
 */
export function reportEntryFailure(host: Pick<PluginHost, 'reportError'>, pluginId: string, phase: Extract<PluginPhase, 'action' | 'render' | 'filter'>, cause: unknown): void {
  const error = new PluginError({ pluginId, phase, cause });
  if (host.reportError) host.reportError(error);
  else console.error(error);
}
