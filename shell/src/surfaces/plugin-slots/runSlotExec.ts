import type { PluginHost } from '@cumulus/sdk';
import { reportEntryFailure } from '../../plugin-host/reportEntryFailure';

/**
 * Runs a slot entry's `exec` (a node indicator's, a breadcrumb action's): a
 * throw or a rejection is logged and reported as the owning plugin's action
 * failure, never left unhandled in a click handler.
 */
export function runSlotExec(host: Pick<PluginHost, 'reportError'>, entry: { id: string; pluginId: string }, exec: () => void | Promise<void>): void {
  const failed = (error: unknown): void => {
    console.error(`"${entry.id}" of plugin "${entry.pluginId}" failed`, error);
    reportEntryFailure(host, entry.pluginId, 'action', error);
  };
  try {
    void Promise.resolve(exec()).catch(failed);
  } catch (error) {
    failed(error);
  }
}
