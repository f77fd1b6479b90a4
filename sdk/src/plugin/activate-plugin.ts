import { PluginError } from './plugin-error';
import { createPluginScope } from './plugin-scope';
import { isPluginDefinition } from './define-plugin';
import type { ActivePlugin, PluginDefinition, PluginHost } from './types';

/** Options of {@link activatePlugin}. */
export interface ActivatePluginOptions {
  /**
   * Gives up on an activation that has not settled when aborted (the loader
   * aborts on its activation timeout): everything the plugin registered so
   * far is taken back and the activation rejects with a `PluginError` (phase
   * `'activate'`) whose `cause` is the signal's `reason`. Whatever the
   * plugin's `activate` does later is refused by its disposed context, and a
   * late rejection only goes to `host.reportError`.
   */
  signal?: AbortSignal;
}

/** Rejects with the signal's reason once it aborts; `stop` forgets the signal. */
function untilAborted(signal: AbortSignal): { aborted: Promise<never>; stop(): void } {
  let stop = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    stop = () => signal.removeEventListener('abort', onAbort);
  });
  return { aborted, stop };
}

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
 * `activate` is called synchronously, before the first `await`, so plugins
 * activated one after another register their synchronous entries in that
 * order even when their activations run side by side.
 *
 * @param host the shell's registries, bus, translate function and error sink
 * @param def the plugin, as `definePlugin` made it
 * @param options a signal that gives up on an activation that does not settle
 */
export async function activatePlugin(host: PluginHost, def: PluginDefinition, options: ActivatePluginOptions = {}): Promise<ActivePlugin> {
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

  const { signal } = options;
  const watch = signal === undefined ? undefined : untilAborted(signal);
  try {
    signal?.throwIfAborted();
    const activation = Promise.resolve(def.activate(scope.context));
    if (watch === undefined) {
      await activation;
    } else {
      // Given up on: a later failure is only worth a log line, never an unhandled rejection.
      activation.catch((cause: unknown) => {
        if (signal?.aborted) report(new PluginError({ pluginId, phase: 'activate', cause }));
      });
      await Promise.race([activation, watch.aborted]);
    }
  } catch (cause) {
    reportCleanup(scope.dispose());
    const error = new PluginError({ pluginId, phase: 'activate', cause });
    report(error);
    throw error;
  } finally {
    watch?.stop();
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
