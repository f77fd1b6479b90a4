import { PluginError } from './plugin-error';
import { createPluginScope } from './plugin-scope';
import { isPluginDefinition } from './define-plugin';
import type { ActivePlugin, PluginDefinition, PluginHost, TranslationCatalogue, Translate } from './types';

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
 * The plugin's `ctx.t`: its catalogue of the interface language, loaded
 * first, through `host.translatorFor`. A catalogue that fails to load is
 * reported (phase 'load') and the plugin runs in English.
 */
async function pluginTranslate(host: PluginHost, def: PluginDefinition, report: (error: PluginError) => void): Promise<Translate> {
  if (host.translatorFor === undefined) return host.t;
  const loader = def.translations?.[host.language ?? 'en'];
  let catalogue: TranslationCatalogue | null = null;
  if (loader !== undefined) {
    try {
      const loaded = await loader();
      const entries: unknown = 'default' in loaded && typeof loaded.default === 'object' ? loaded.default : loaded;
      if (typeof entries !== 'object' || entries === null) throw new Error('the catalogue is not an object');
      catalogue = entries as TranslationCatalogue;
    } catch (cause) {
      report(new PluginError({ pluginId: def.id, phase: 'load', message: `Plugin "${def.id}": its ${host.language ?? 'en'} catalogue did not load; it shows English`, cause }));
    }
  }
  return host.translatorFor(def.id, catalogue);
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
 * order even when their activations run side by side; except a plugin
 * with a catalogue for the interface language (`translations`), which
 * activates once its catalogue has loaded, so `ctx.t` translates from the
 * first call.
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
  /** Whether the plugin has a catalogue of the host's language now (loaded before `ctx.t` exists). */
  const hasCatalogue = (): boolean => def.translations?.[host.language ?? 'en'] !== undefined;
  /** `ctx.t` in the host's language now; without a catalogue at once, so `activate` runs synchronously. */
  const plainTranslator = (): Translate => host.translatorFor?.(pluginId, null) ?? host.t;
  const translator = async (): Promise<Translate> => (hasCatalogue() ? pluginTranslate(host, def, report) : plainTranslator());
  let scope = createPluginScope(host, pluginId, hasCatalogue() ? await pluginTranslate(host, def, report) : plainTranslator());
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

  /** The language change under way, if any: a deactivation waits for it, a second change queues behind it. */
  let switching: Promise<void> | null = null;
  const changeLanguage = async (): Promise<void> => {
    if (deactivation !== null) return;
    const t = await translator();
    if (deactivation !== null) return;
    try {
      await def.deactivate?.();
    } catch (cause) {
      report(new PluginError({ pluginId, phase: 'deactivate', cause }));
    }
    if (deactivation !== null) return;
    // Taken back and registered again in one go: the screen sees the entries swapped, never missing.
    reportCleanup(scope.dispose());
    scope = createPluginScope(host, pluginId, t);
    try {
      await def.activate(scope.context);
    } catch (cause) {
      reportCleanup(scope.dispose());
      const error = new PluginError({ pluginId, phase: 'activate', cause });
      report(error);
      throw error;
    }
  };

  return Object.freeze({
    id: pluginId,
    deactivate: () => (deactivation ??= switching === null ? deactivate() : switching.catch(() => undefined).then(deactivate)),
    changeLanguage: () => {
      const run = (switching ?? Promise.resolve()).catch(() => undefined).then(changeLanguage);
      const settled: Promise<void> = run.then(
        () => undefined,
        () => undefined,
      );
      switching = settled;
      void settled.then(() => {
        if (switching === settled) switching = null;
      });
      return run;
    },
  });
}
