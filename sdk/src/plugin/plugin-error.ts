/**
 * When a plugin failed: while loading its remote, activating or
 * deactivating; or later, inside one of its entries: a file action's `exec`
 * (`action`), a render (`render`: a column cell, a sidebar tab, a settings
 * section, a view's surface) or a file-list filter (`filter`).
 */
export type PluginPhase = 'load' | 'activate' | 'deactivate' | 'action' | 'render' | 'filter';

/** What a `PluginError` is made of. */
export interface PluginErrorInit {
  /** The plugin's id (as far as it is known). */
  pluginId: string;
  /** When it failed. */
  phase: PluginPhase;
  /** What the plugin (or the loader) threw. */
  cause?: unknown;
  /** Message; by default it names the plugin and the phase, plus the cause's message. */
  message?: string;
}

const WHAT_FAILED: Record<PluginPhase, string> = {
  load: 'could not be loaded',
  activate: 'failed to activate',
  deactivate: 'failed to deactivate',
  action: 'failed in a file action',
  render: 'failed to render',
  filter: 'failed in a file-list filter',
};

/**
 * A plugin failed. The host reports it to the user and the operator and
 * carries on without the plugin. Recognise it by `code === 'plugin-error'`
 * (see `isPluginError`), not `instanceof`: the shell and a remote may hold
 * different copies of this class.
 */
export class PluginError extends Error {
  /** Type tag of plugin errors. */
  readonly code = 'plugin-error';
  /** The plugin's id. */
  readonly pluginId: string;
  /** When it failed. */
  readonly phase: PluginPhase;

  /** @param init the plugin, the phase, the cause and an optional message */
  constructor(init: PluginErrorInit) {
    const detail = init.cause instanceof Error ? `: ${init.cause.message}` : init.cause === undefined ? '' : `: ${String(init.cause)}`;
    super(init.message ?? `Plugin "${init.pluginId}" ${WHAT_FAILED[init.phase]}${detail}`, { cause: init.cause });
    this.name = 'PluginError';
    this.pluginId = init.pluginId;
    this.phase = init.phase;
  }
}

/** Whether `value` is a `PluginError`, from this bundle or another. */
export function isPluginError(value: unknown): value is PluginError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { code?: unknown }).code === 'plugin-error' &&
    typeof (value as { pluginId?: unknown }).pluginId === 'string'
  );
}
