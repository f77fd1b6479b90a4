import { createUndoList } from '@cumulus/protocol';
import { scopeDialogs } from '../dialogs/scope-dialogs';
import { scopeEvents } from '../events/scope-events';
import type { Registries } from '../registry/registries';
import type { Registry, Unregister } from '../registry/types';
import { PluginError } from './plugin-error';
import type { PluginContext, PluginHost, ScopedRegistry, Translate } from './types';

/** A plugin's context and the way to take back everything done through it. */
export interface PluginScope {
  /** What the plugin's `activate` receives. */
  readonly context: PluginContext;
  /**
   * Takes back every registration (newest first) and subscription made
   * through the context, and refuses later ones. Idempotent.
   *
   * @returns the errors thrown by undo functions, which never stop the rest
   */
  dispose(): unknown[];
}

/**
 * Builds the context of plugin `pluginId`: each registry stamps the plugin's
 * id as the entry's owner and remembers the undo; the events remember each
 * subscription. Once disposed, `register`, `on` and `once` throw a
 * `PluginError` (phase `'deactivate'`), so stray async code of a deactivated
 * plugin cannot leave anything behind.
 */
export function createPluginScope(host: PluginHost, pluginId: string, t: Translate = host.t): PluginScope {
  const undos = createUndoList();
  let disposed = false;
  const notActive = (what: string): PluginError =>
    new PluginError({ pluginId, phase: 'deactivate', message: `Plugin "${pluginId}" is no longer active; ${what} refused` });

  const scoped = <T extends { id: string }>(registry: Registry<T>): ScopedRegistry<T> =>
    Object.freeze({
      register(entry: T): Unregister {
        if (disposed) throw notActive(`registration in ${registry.kind}`);
        return undos.add(registry.register(entry, pluginId));
      },
    });

  const events = scopeEvents(host.events, () => notActive('event subscription'));

  const registries: Registries = host.registries;
  const context: PluginContext = Object.freeze({
    pluginId,
    views: scoped(registries.views),
    columns: scoped(registries.columns),
    fileActions: scoped(registries.fileActions),
    newMenuEntries: scoped(registries.newMenuEntries),
    fileListFilters: scoped(registries.fileListFilters),
    sidebarTabs: scoped(registries.sidebarTabs),
    settingsSections: scoped(registries.settingsSections),
    fileListActions: scoped(registries.fileListActions),
    nodeIndicators: scoped(registries.nodeIndicators),
    breadcrumbActions: scoped(registries.breadcrumbActions),
    events: events.events,
    dialogs: scopeDialogs(host.dialogs, () => (disposed ? notActive('dialog') : null)),
    language: host.language ?? 'en',
    t,
  });

  return {
    context,
    dispose() {
      disposed = true;
      const errors = undos.undoAll();
      events.dispose();
      return errors;
    },
  };
}
