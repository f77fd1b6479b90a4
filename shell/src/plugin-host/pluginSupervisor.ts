import { MAX_FAILURE_REASON, PLUGIN_ENTRY_FAILURE_KINDS, PLUGIN_FAILURES_PATH } from '@cumulus/protocol';
import type { PluginLoadError, PluginManifestError } from '@cumulus/remotes';
import { CORE_OWNER } from '@cumulus/sdk';
import type { ActivePlugin, PluginError, Translate } from '@cumulus/sdk';
import type { PluginFailures } from './pluginFailures';

/** What the server's log gets about one failed plugin (`POST /apps/files/api/v1/plugins/failures`). */
export interface PluginFailureReport {
  /** The plugin's id (or `manifest entry <n>` for an entry without one). */
  id: string;
  /** A load error's kind, or the phase of a failure inside an entry: `action`, `render`, `filter`. */
  kind: string;
  /** Why, in English, without the plugin id. */
  reason: string;
}

/** What the supervisor needs from the shell. */
export interface PluginSupervisorDeps {
  /** The load failures the page shows as alerts. */
  failures: PluginFailures;
  t: Translate;
  /** Shows the user a notice (a toast) about a plugin that failed after it loaded. */
  notify(message: string): void;
  /** Tells the server; a failure to tell is only logged here. */
  send(report: PluginFailureReport): Promise<void>;
}

/**
 * Keeps the page going when a plugin fails. Every failure is reported once per
 * plugin, with its id: to the user (a load failure as an alert, a later one as
 * a toast), in the console, and to the server's log. A plugin that fails after
 * it was activated (inside a file action, a render, a filter) is deactivated
 * as a whole, so nothing it registered stays behind half-working; one that is
 * still activating is taken back as soon as it finishes. The shell's own
 * entries (`core`) are never switched off.
 */
export interface PluginSupervisor {
  /** A plugin could not be loaded or activated (the loader took back what it registered), or the manifest could not be read. */
  loadFailed(error: PluginLoadError | PluginManifestError): void;
  /** A plugin is active: remembered so that a later failure can take it back. */
  activated(plugin: ActivePlugin): void;
  /** A plugin threw inside one of its entries (`host.reportError` hands these over). */
  failedInside(error: PluginError): void;
  /** The ids of the plugins that failed, in order (for tests and diagnostics). */
  failedIds(): readonly string[];
  /** The plugins active now, in the order they activated (a language switch re-translates them). */
  activePlugins(): readonly ActivePlugin[];
}

/** Phases of a failure inside a registered entry, where the plugin must be taken back. */
const INSIDE = new Set<string>(PLUGIN_ENTRY_FAILURE_KINDS);

function reasonOf(error: PluginError): string {
  const cause = error.cause;
  if (cause instanceof Error) return cause.message;
  return cause === undefined ? error.message : String(cause);
}

/** Creates the supervisor of one page's plugins. */
export function createPluginSupervisor(deps: PluginSupervisorDeps): PluginSupervisor {
  const active = new Map<string, ActivePlugin>();
  const failed: string[] = [];
  const firstTime = (id: string): boolean => {
    if (failed.includes(id)) return false;
    failed.push(id);
    return true;
  };
  const tell = (report: PluginFailureReport): void => {
    deps.send(report).catch((error: unknown) => console.error(`Could not report the failure of plugin "${report.id}" to the server`, error));
  };

  return {
    loadFailed(error) {
      console.error(error.message, error.cause);
      deps.failures.add(error);
      if (error.code === 'plugin-load-error' && firstTime(error.pluginId)) tell({ id: error.pluginId, kind: error.kind, reason: error.reason });
    },
    activated(plugin) {
      // Failed while its activation was still settling: take it back now.
      if (failed.includes(plugin.id)) void plugin.deactivate();
      else active.set(plugin.id, plugin);
    },
    failedInside(error) {
      console.error(error.message, error.cause);
      const id = error.pluginId;
      if (!INSIDE.has(error.phase) || id === CORE_OWNER || !firstTime(id)) return;
      const reason = reasonOf(error);
      // Out of the render or handler that saw the failure: taking entries back changes what is on screen.
      queueMicrotask(() => {
        const plugin = active.get(id);
        active.delete(id);
        void plugin?.deactivate();
        deps.notify(deps.t('Plugin "{id}" failed and was turned off: {reason}', { id, reason }));
        tell({ id, kind: error.phase, reason });
      });
    },
    failedIds: () => [...failed],
    activePlugins: () => [...active.values()],
  };
}

/** Sends a report to the server's plugin failure endpoint as the signed-in user. */
export function sendPluginFailure(origin: string, requestToken: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {
  return async (report: PluginFailureReport): Promise<void> => {
    const response = await fetchImpl(`${origin.replace(/\/+$/, '')}${PLUGIN_FAILURES_PATH}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(requestToken ? { requesttoken: requestToken } : {}) },
      body: JSON.stringify({ ...report, reason: report.reason.slice(0, MAX_FAILURE_REASON) || 'no reason given' }),
    });
    if (!response.ok && response.status !== 429) throw new Error(`the server answered ${response.status}`);
  };
}
