import { describe, expect, it, jest } from '@jest/globals';
import { aFileAction, aFileListFilter, aNewMenuEntry, aFileListAction, aNodeIndicator, aBreadcrumbAction, aSettingsSection, aSidebarTab, aColumn, aView, FOLDER } from '../entries/test-fixtures';
import { createEventBus } from '../events/create-event-bus';
import { createRegistries } from '../registry/registries';
import type { Registry } from '../registry/types';
import { activatePlugin } from './activate-plugin';
import { definePlugin } from './define-plugin';
import type { PluginError } from './plugin-error';
import type { PluginContext, PluginHost } from './types';

function makeHost(): PluginHost & { reported: PluginError[] } {
  const reported: PluginError[] = [];
  return {
    registries: createRegistries(),
    events: createEventBus(),
    t: (key, vars) => (vars ? `${key}|${JSON.stringify(vars)}` : `nl:${key}`),
    reportError: (error) => reported.push(error),
    reported,
  };
}

/** Registers one entry of every kind. */
function registerEverything(ctx: PluginContext, suffix = ''): void {
  ctx.views.register(aView({ id: `view${suffix}` }));
  ctx.columns.register(aColumn({ id: `column${suffix}` }));
  ctx.fileActions.register(aFileAction({ id: `action${suffix}` }));
  ctx.newMenuEntries.register(aNewMenuEntry({ id: `entry${suffix}` }));
  ctx.fileListFilters.register(aFileListFilter(`filter${suffix}`));
  ctx.sidebarTabs.register(aSidebarTab({ id: `tab${suffix}` }));
  ctx.settingsSections.register(aSettingsSection({ id: `section${suffix}`, name: `Section${suffix}` }));
  ctx.fileListActions.register(aFileListAction({ id: `list-action${suffix}` }));
  ctx.nodeIndicators.register(aNodeIndicator({ id: `indicator${suffix}` }));
  ctx.breadcrumbActions.register(aBreadcrumbAction({ id: `crumb-action${suffix}` }));
}

const allRegistries = (host: PluginHost): Registry<{ id: string }>[] => Object.values(host.registries);
const counts = (host: PluginHost): number[] => allRegistries(host).map((registry) => registry.getAll().length);
/** `count` for every registry: what `counts` gives when each holds `count` entries. */
const each = (host: PluginHost, count: number): number[] => allRegistries(host).map(() => count);

describe('activatePlugin', () => {
  it('passes a context with the plugin id and the host translate function', async () => {
    const host = makeHost();
    let seen: PluginContext | undefined;
    await activatePlugin(host, definePlugin({ id: 'favorites', activate: (ctx) => void (seen = ctx) }));
    expect(seen?.pluginId).toBe('favorites');
    expect(seen?.t('Favorites')).toBe('nl:Favorites');
    expect(Object.isFrozen(seen)).toBe(true);
  });

  it('stamps the plugin id as the owner of every registration', async () => {
    const host = makeHost();
    const active = await activatePlugin(host, definePlugin({ id: 'favorites', activate: (ctx) => registerEverything(ctx) }));
    expect(active.id).toBe('favorites');
    expect(counts(host)).toEqual(each(host, 1));
    for (const registry of allRegistries(host)) {
      expect(registry.getAll().map((entry) => entry.pluginId)).toEqual(['favorites']);
    }
  });

  it('awaits an async activate', async () => {
    const host = makeHost();
    await activatePlugin(
      host,
      definePlugin({
        id: 'recent',
        activate: async (ctx) => {
          await Promise.resolve();
          ctx.views.register(aView({ id: 'recent' }));
        },
      }),
    );
    expect(host.registries.views.has('recent')).toBe(true);
  });

  describe('deactivate', () => {
    it('runs the plugin hook, then removes every registration and subscription', async () => {
      const host = makeHost();
      const order: string[] = [];
      const listener = jest.fn();
      const active = await activatePlugin(
        host,
        definePlugin({
          id: 'favorites',
          activate: (ctx) => {
            registerEverything(ctx);
            ctx.events.on('files:node:created', listener);
            ctx.events.once('files:node:deleted', listener);
          },
          deactivate: () => {
            order.push(`hook sees ${host.registries.views.getAll().length} view`);
          },
        }),
      );
      host.registries.views.on('removed', () => order.push('view removed'));
      await active.deactivate();
      expect(order).toEqual(['hook sees 1 view', 'view removed']);
      expect(counts(host)).toEqual(each(host, 0));
      host.events.emit('files:node:created', { node: FOLDER });
      host.events.emit('files:node:deleted', { node: FOLDER });
      expect(listener).not.toHaveBeenCalled();
    });

    it('is idempotent: the hook runs once and a second call returns the same promise', async () => {
      const host = makeHost();
      const hook = jest.fn<() => void>();
      const active = await activatePlugin(host, definePlugin({ id: 'trash', activate: registerEverything, deactivate: hook }));
      const first = active.deactivate();
      expect(active.deactivate()).toBe(first);
      await first;
      await active.deactivate();
      expect(hook).toHaveBeenCalledTimes(1);
    });

    it('reports a failing hook and still cleans up, without rejecting', async () => {
      const host = makeHost();
      const active = await activatePlugin(
        host,
        definePlugin({
          id: 'trash',
          activate: registerEverything,
          deactivate: async () => {
            throw new Error('hook broke');
          },
        }),
      );
      await expect(active.deactivate()).resolves.toBeUndefined();
      expect(counts(host)).toEqual(each(host, 0));
      expect(host.reported).toHaveLength(1);
      expect(host.reported[0]).toMatchObject({ pluginId: 'trash', phase: 'deactivate', message: 'Plugin "trash" failed to deactivate: hook broke' });
    });

    it('leaves alone what the plugin already undid itself and what others registered under the same id since', async () => {
      const host = makeHost();
      let undo: () => void = () => undefined;
      const active = await activatePlugin(host, definePlugin({ id: 'a', activate: (ctx) => void (undo = ctx.views.register(aView({ id: 'shared' }))) }));
      undo();
      host.registries.views.register(aView({ id: 'shared', name: 'Core view' }));
      await active.deactivate();
      expect(host.registries.views.get('shared')?.name).toBe('Core view');
      expect(host.reported).toEqual([]);
    });

    it('refuses registrations and subscriptions after deactivation', async () => {
      const host = makeHost();
      let context: PluginContext | undefined;
      const active = await activatePlugin(host, definePlugin({ id: 'late', activate: (ctx) => void (context = ctx) }));
      await active.deactivate();
      expect(() => context?.views.register(aView())).toThrow('Plugin "late" is no longer active; registration in view refused');
      expect(() => context?.events.on('files:sidebar:closed', () => undefined)).toThrow('Plugin "late" is no longer active; event subscription refused');
      expect(host.registries.views.getAll()).toEqual([]);
    });
  });

  describe('failed activation', () => {
    it('rolls back everything registered and subscribed, reports and rejects with an activate-phase PluginError', async () => {
      const host = makeHost();
      const listener = jest.fn();
      const cause = new Error('activate broke');
      const failing = activatePlugin(
        host,
        definePlugin({
          id: 'broken',
          activate: (ctx) => {
            registerEverything(ctx);
            ctx.events.on('files:node:created', listener);
            throw cause;
          },
        }),
      );
      await expect(failing).rejects.toMatchObject({ code: 'plugin-error', pluginId: 'broken', phase: 'activate', cause, message: 'Plugin "broken" failed to activate: activate broke' });
      expect(counts(host)).toEqual(each(host, 0));
      host.events.emit('files:node:created', { node: FOLDER });
      expect(listener).not.toHaveBeenCalled();
      expect(host.reported.map((error) => error.phase)).toEqual(['activate']);
    });

    it('rolls back when an async activate rejects after registering', async () => {
      const host = makeHost();
      const failing = activatePlugin(
        host,
        definePlugin({
          id: 'broken',
          activate: async (ctx) => {
            ctx.views.register(aView());
            await Promise.resolve();
            throw new Error('later');
          },
        }),
      );
      await expect(failing).rejects.toMatchObject({ phase: 'activate', pluginId: 'broken' });
      expect(host.registries.views.getAll()).toEqual([]);
    });

    it('fails the later plugin when it registers an id another plugin holds; the first keeps it', async () => {
      const host = makeHost();
      await activatePlugin(host, definePlugin({ id: 'first', activate: (ctx) => void ctx.views.register(aView({ id: 'shared', name: 'First' })) }));
      const second = activatePlugin(
        host,
        definePlugin({
          id: 'second',
          activate: (ctx) => {
            ctx.columns.register(aColumn({ id: 'second-column' }));
            ctx.views.register(aView({ id: 'shared', name: 'Second' }));
          },
        }),
      );
      await expect(second).rejects.toMatchObject({
        pluginId: 'second',
        phase: 'activate',
        message: 'Plugin "second" failed to activate: View id shared is already registered',
        cause: expect.objectContaining({ code: 'duplicate', message: 'View id shared is already registered' }),
      });
      expect(host.registries.views.get('shared')).toMatchObject({ name: 'First', pluginId: 'first' });
      expect(host.registries.columns.getAll()).toEqual([]);
    });

    it('rolls back an invalid registration the same way', async () => {
      const host = makeHost();
      const failing = activatePlugin(
        host,
        definePlugin({
          id: 'sloppy',
          activate: (ctx) => {
            ctx.views.register(aView());
            ctx.sidebarTabs.register(aSidebarTab({ icon: 'not svg' }));
          },
        }),
      );
      await expect(failing).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'Invalid entry', reason: 'icon must be a valid SVG string' }) });
      expect(host.registries.views.getAll()).toEqual([]);
    });

    it('without reportError, logs the failure to the console and still rejects', async () => {
      const { reportError: _unused, ...host } = makeHost();
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await expect(activatePlugin(host, definePlugin({ id: 'x', activate: () => Promise.reject(new Error('no')) }))).rejects.toMatchObject({ phase: 'activate' });
      expect(log).toHaveBeenCalledTimes(1);
      log.mockRestore();
    });
  });

  it('refuses a value that is not a plugin definition with a load-phase PluginError', async () => {
    const host = makeHost();
    await expect(activatePlugin(host, { id: 'raw', activate: () => undefined } as never)).rejects.toMatchObject({
      pluginId: 'raw',
      phase: 'load',
      message: 'Plugin "raw" is not a plugin definition',
    });
    expect(host.reported).toHaveLength(1);
  });

  it('keeps two plugins apart: deactivating one leaves the other', async () => {
    const host = makeHost();
    const a = await activatePlugin(host, definePlugin({ id: 'a', activate: (ctx) => registerEverything(ctx, '-a') }));
    await activatePlugin(host, definePlugin({ id: 'b', activate: (ctx) => registerEverything(ctx, '-b') }));
    await a.deactivate();
    expect(host.registries.views.getAll().map((view) => view.id)).toEqual(['view-b']);
    expect(counts(host)).toEqual(each(host, 1));
  });

  describe('with an abort signal', () => {
    it('gives up on an activate that never settles: takes back what it registered and rejects with the reason as cause', async () => {
      const host = makeHost();
      const controller = new AbortController();
      const reason = new Error('timed out');
      let context: PluginContext | undefined;
      const activation = activatePlugin(
        host,
        definePlugin({
          id: 'stuck',
          activate(ctx) {
            context = ctx;
            registerEverything(ctx);
            return new Promise<void>(() => undefined);
          },
        }),
        { signal: controller.signal },
      );
      expect(counts(host)).toEqual(each(host, 1));
      controller.abort(reason);
      await expect(activation).rejects.toMatchObject({ pluginId: 'stuck', phase: 'activate', cause: reason });
      expect(counts(host)).toEqual(each(host, 0));
      // Its stray code can no longer register anything.
      expect(() => context?.views.register(aView({ id: 'late' }))).toThrow('Plugin "stuck" is no longer active; registration in view refused');
    });

    it('only reports a late rejection of an activation it gave up on', async () => {
      const host = makeHost();
      const controller = new AbortController();
      let fail: (error: Error) => void = () => undefined;
      const activation = activatePlugin(
        host,
        definePlugin({ id: 'late', activate: () => new Promise<void>((_resolve, reject) => (fail = reject)) }),
        { signal: controller.signal },
      );
      controller.abort(new Error('timed out'));
      await expect(activation).rejects.toMatchObject({ phase: 'activate' });
      fail(new Error('late failure'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(host.reported.map((error) => error.message)).toEqual([
        'Plugin "late" failed to activate: timed out',
        'Plugin "late" failed to activate: late failure',
      ]);
    });

    it('activates normally when the signal never aborts', async () => {
      const host = makeHost();
      const active = await activatePlugin(host, definePlugin({ id: 'quick', activate: async (ctx) => registerEverything(ctx) }), {
        signal: new AbortController().signal,
      });
      expect(active.id).toBe('quick');
      expect(counts(host)).toEqual(each(host, 1));
    });

    it('does not call activate when the signal has already aborted', async () => {
      const activate = jest.fn<(ctx: PluginContext) => void>();
      await expect(
        activatePlugin(makeHost(), definePlugin({ id: 'never', activate }), { signal: AbortSignal.abort(new Error('gone')) }),
      ).rejects.toMatchObject({ phase: 'activate', message: 'Plugin "never" failed to activate: gone' });
      expect(activate).not.toHaveBeenCalled();
    });
  });

  describe('changeLanguage', () => {
    /** A host whose plugins translate from their catalogue of `host.language`. */
    function multilingualHost() {
      const host = makeHost();
      host.language = 'de';
      host.translatorFor = (_pluginId, catalogue) => (key) => catalogue?.[key] ?? key;
      return host;
    }
    const plugin = (activate: (ctx: PluginContext) => void, deactivate?: () => void) =>
      definePlugin({
        id: 'speaker',
        translations: { de: () => Promise.resolve({ Hello: 'Hallo' }), ar: () => Promise.resolve({ default: { Hello: 'مرحبا' } }) },
        activate,
        ...(deactivate ? { deactivate } : {}),
      });

    it('activates the plugin again in the host language: its entries registered anew with the new ctx.t and ctx.language', async () => {
      const host = multilingualHost();
      const languages: string[] = [];
      const deactivate = jest.fn();
      const active = await activatePlugin(
        host,
        plugin((ctx) => {
          languages.push(ctx.language);
          ctx.views.register(aView({ id: 'greeting', name: ctx.t('Hello') }));
        }, deactivate),
      );
      expect(host.registries.views.get('greeting')?.name).toBe('Hallo');
      host.language = 'ar';
      await active.changeLanguage?.();
      expect(host.registries.views.get('greeting')?.name).toBe('مرحبا');
      expect(host.registries.views.getAll()).toHaveLength(1);
      expect(languages).toEqual(['de', 'ar']);
      expect(deactivate).toHaveBeenCalledTimes(1);
      // A language without a catalogue: English keys.
      host.language = 'en';
      await active.changeLanguage?.();
      expect(host.registries.views.get('greeting')?.name).toBe('Hello');
      // Deactivation takes back what the last activation registered.
      await active.deactivate();
      expect(host.registries.views.getAll()).toHaveLength(0);
      expect(host.reported).toEqual([]);
    });

    it('takes back the subscriptions of the old context, and a deactivation waits for a switch under way', async () => {
      const host = multilingualHost();
      const heard: string[] = [];
      const active = await activatePlugin(
        host,
        plugin((ctx) => {
          ctx.events.on('files:node:deleted', () => heard.push(ctx.language));
        }),
      );
      host.language = 'ar';
      const switching = active.changeLanguage?.();
      const deactivating = active.deactivate();
      await Promise.all([switching, deactivating]);
      host.events.emit('files:node:deleted', { node: FOLDER });
      expect(heard).toEqual([]);
    });

    it('reports a failed new activation and leaves nothing registered', async () => {
      const host = multilingualHost();
      let calls = 0;
      const active = await activatePlugin(
        host,
        plugin((ctx) => {
          calls += 1;
          ctx.views.register(aView({ id: 'greeting' }));
          if (calls > 1) throw new Error('no Arabic today');
        }),
      );
      host.language = 'ar';
      await expect(active.changeLanguage?.()).rejects.toMatchObject({ phase: 'activate' });
      expect(host.registries.views.getAll()).toHaveLength(0);
      expect(host.reported.map((error) => error.phase)).toEqual(['activate']);
    });
  });
});
