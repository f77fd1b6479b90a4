import { describe, expect, it, jest } from '@jest/globals';
import { createEventBus, createRegistries, definePlugin } from '@cumulus/sdk';
import type { PluginContext, PluginHost } from '@cumulus/sdk';
import type { PluginManifest } from '@cumulus/protocol';
import type { PluginLoadError } from './errors';
import { PluginManifestError } from './errors';
import type { FederationRemote, FederationRuntime } from './federationRuntime';
import { ACTIVATION_TIMEOUT_MS, loadPlugins } from './loadPlugins';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';

function makeHost(): PluginHost {
  return { registries: createRegistries(), events: createEventBus(), t: (key) => key };
}

function registerView(ctx: PluginContext, id: string): void {
  ctx.views.register({
    id,
    name: id,
    icon: ICON,
    getContents: () => Promise.reject(new Error('not used')),
  } as Parameters<PluginContext['views']['register']>[0]);
}

function entry(id: string, enabled = true): PluginManifest['plugins'][number] {
  return { id, name: id, version: '1.0.0', entry: `/apps/files/plugins/${id}/remoteEntry.js`, enabled };
}

/** A runtime whose remotes are the given modules or errors, keyed by container name. */
function fakeRuntime(remotes: Record<string, unknown>): FederationRuntime & { registered: FederationRemote[] } {
  const registered: FederationRemote[] = [];
  return {
    registered,
    registerRemotes(list) {
      registered.push(...list);
    },
    loadRemote<T>(id: string): Promise<T | null> {
      const name = id.split('/')[0] ?? '';
      const remote = remotes[name];
      if (remote instanceof Error) return Promise.reject(remote);
      return Promise.resolve(remote as T);
    },
  };
}

const scriptFailed = (): Error =>
  new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008\nargs: {}\nView the docs');

describe('loadPlugins', () => {
  it('registers each enabled remote under its container name with an absolute entry and activates it', async () => {
    const host = makeHost();
    const runtime = fakeRuntime({
      cumulus_plugin_hello: { default: definePlugin({ id: 'hello', activate: (ctx) => registerView(ctx, 'hello-view') }) },
    });
    const onError = jest.fn();
    const result = await loadPlugins({
      manifest: { plugins: [entry('hello'), entry('off', false)] },
      host,
      runtime,
      onError,
      baseUrl: 'http://127.0.0.1:8080/apps/files/',
    });
    expect(runtime.registered).toEqual([
      { name: 'cumulus_plugin_hello', entry: 'http://127.0.0.1:8080/apps/files/plugins/hello/remoteEntry.js' },
    ]);
    expect(result.active.map((plugin) => plugin.id)).toEqual(['hello']);
    expect(host.registries.views.get('hello-view')?.pluginId).toBe('hello');
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports an unreachable remote as a network error and keeps loading the others', async () => {
    const host = makeHost();
    const runtime = fakeRuntime({
      cumulus_plugin_dead: scriptFailed(),
      cumulus_plugin_hello: { default: definePlugin({ id: 'hello', activate: (ctx) => registerView(ctx, 'hello-view') }) },
    });
    const fetchStub = jest.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const errors: PluginLoadError[] = [];
    const result = await loadPlugins({
      manifest: { plugins: [entry('dead'), entry('hello')] },
      host,
      runtime,
      fetch: fetchStub,
      onError: (error) => errors.push(error),
      baseUrl: 'http://127.0.0.1/',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ pluginId: 'dead', kind: 'network', code: 'plugin-load-error' });
    expect(errors[0]?.message).toBe(
      'Plugin "dead" could not be loaded: its remote entry http://127.0.0.1/apps/files/plugins/dead/remoteEntry.js could not be fetched',
    );
    expect(result.active.map((plugin) => plugin.id)).toEqual(['hello']);
    expect(host.registries.views.has('hello-view')).toBe(true);
  });

  it('tells an HTTP error status apart from an unreachable server', async () => {
    const fetchStub = jest.fn<typeof fetch>().mockResolvedValue(new Response('gone', { status: 404 }));
    const result = await loadPlugins({
      manifest: { plugins: [entry('dead')] },
      host: makeHost(),
      runtime: fakeRuntime({ cumulus_plugin_dead: scriptFailed() }),
      fetch: fetchStub,
      baseUrl: 'http://127.0.0.1/',
    });
    expect(result.failed[0]).toMatchObject({ pluginId: 'dead', kind: 'http', status: 404 });
    expect(result.failed[0]?.reason).toBe('its remote entry http://127.0.0.1/apps/files/plugins/dead/remoteEntry.js answered HTTP 404');
  });

  it('reports a remote whose code throws as an evaluation error', async () => {
    const result = await loadPlugins({
      manifest: { plugins: [entry('broken')] },
      host: makeHost(),
      runtime: fakeRuntime({ cumulus_plugin_broken: new ReferenceError('window.nope is not defined') }),
    });
    expect(result.failed[0]).toMatchObject({ pluginId: 'broken', kind: 'evaluation' });
    expect(result.failed[0]?.reason).toBe('its code failed to run: window.nope is not defined');
  });

  it('reports a remote without ./plugin, a module that is no plugin, and a wrong id as invalid', async () => {
    const result = await loadPlugins({
      manifest: { plugins: [entry('noexpose'), entry('notplugin'), entry('other')] },
      host: makeHost(),
      runtime: fakeRuntime({
        cumulus_plugin_noexpose: new Error('The remote does not expose the requested module. #RUNTIME-014'),
        cumulus_plugin_notplugin: { default: { id: 'notplugin', activate() {} } },
        cumulus_plugin_other: { default: definePlugin({ id: 'someone-else', activate() {} }) },
      }),
    });
    expect(result.failed.map((error) => [error.pluginId, error.kind, error.reason])).toEqual([
      ['noexpose', 'invalid', 'its remote does not expose "./plugin"'],
      ['notplugin', 'invalid', '"./plugin" does not export a plugin definition (export default definePlugin(…))'],
      ['other', 'invalid', 'its definition declares the id "someone-else"'],
    ]);
  });

  it('reports a plugin that throws while activating, leaving nothing of it registered', async () => {
    const host = makeHost();
    const result = await loadPlugins({
      manifest: { plugins: [entry('thrower'), entry('hello')] },
      host,
      runtime: fakeRuntime({
        cumulus_plugin_thrower: {
          default: definePlugin({
            id: 'thrower',
            activate(ctx) {
              registerView(ctx, 'thrower-view');
              throw new Error('boom');
            },
          }),
        },
        cumulus_plugin_hello: { default: definePlugin({ id: 'hello', activate: (ctx) => registerView(ctx, 'hello-view') }) },
      }),
    });
    expect(result.failed[0]).toMatchObject({ pluginId: 'thrower', kind: 'activation', reason: 'activation failed: boom' });
    expect(host.registries.views.has('thrower-view')).toBe(false);
    expect(host.registries.views.get('hello-view')?.pluginId).toBe('hello');
  });

  it('accepts a remote whose module is the definition itself', async () => {
    const result = await loadPlugins({
      manifest: { plugins: [entry('bare')] },
      host: makeHost(),
      runtime: fakeRuntime({ cumulus_plugin_bare: definePlugin({ id: 'bare', activate() {} }) }),
    });
    expect(result.active.map((plugin) => plugin.id)).toEqual(['bare']);
  });

  it('fetches and validates the manifest from a URL', async () => {
    const manifest = { plugins: [entry('hello', false)] };
    const fetchStub = jest.fn<typeof fetch>().mockResolvedValue(Response.json(manifest));
    const runtime = fakeRuntime({});
    const result = await loadPlugins({ manifestUrl: '/apps/files/api/v1/plugins', host: makeHost(), runtime, fetch: fetchStub });
    expect(fetchStub).toHaveBeenCalledWith('/apps/files/api/v1/plugins', expect.objectContaining({ credentials: 'same-origin' }));
    expect(result).toEqual({ active: [], failed: [] });
    expect(runtime.registered).toEqual([]);
  });

  it('rejects with a typed error when the manifest cannot be read', async () => {
    const load = (response: Response | Error): Promise<unknown> =>
      loadPlugins({
        manifestUrl: '/apps/files/api/v1/plugins',
        host: makeHost(),
        runtime: fakeRuntime({}),
        fetch: () => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)),
      });
    await expect(load(new Response('', { status: 503 }))).rejects.toMatchObject({ kind: 'http', status: 503 });
    await expect(load(new TypeError('Failed to fetch'))).rejects.toMatchObject({ kind: 'network' });
    await expect(load(new Response('<html>'))).rejects.toMatchObject({ kind: 'invalid' });
    await expect(load(Response.json({ plugins: 'x' }))).rejects.toThrow(PluginManifestError);
    await expect(load(Response.json({ plugins: 'x' }))).rejects.toThrow('Plugin manifest: "plugins" must be an array, got "x"');
  });

  it('loads the valid entries of a manifest and reports each entry that breaks the schema as invalid', async () => {
    const host = makeHost();
    const manifest = { plugins: [{ id: 'x' }, entry('hello'), { ...entry('y'), id: 7 }] };
    const errors: PluginLoadError[] = [];
    const result = await loadPlugins({
      manifestUrl: '/apps/files/api/v1/plugins',
      host,
      runtime: fakeRuntime({
        cumulus_plugin_hello: { default: definePlugin({ id: 'hello', activate: (ctx) => registerView(ctx, 'hello-view') }) },
      }),
      fetch: () => Promise.resolve(Response.json(manifest)),
      onError: (error) => errors.push(error),
    });
    expect(result.active.map((plugin) => plugin.id)).toEqual(['hello']);
    expect(host.registries.views.has('hello-view')).toBe(true);
    expect(result.failed).toEqual(errors);
    expect(errors.map((error) => [error.pluginId, error.kind, error.position, error.message])).toEqual([
      ['x', 'invalid', 0, 'Plugin "x" could not be loaded: its manifest entry is invalid: "name" must be a non-empty string, got undefined'],
      [
        'manifest entry 2',
        'invalid',
        2,
        'Plugin "manifest entry 2" could not be loaded: its manifest entry is invalid: "id" must be a non-empty string, got a number',
      ],
    ]);
  });

  describe('activation', () => {
    const later = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));

    it('gives up on an activate that never settles, takes back its registrations and reports it, without delaying the others', async () => {
      const host = makeHost();
      const events: string[] = [];
      const result = await loadPlugins({
        manifest: { plugins: [entry('stuck'), entry('hello')] },
        host,
        activationTimeoutMs: 50,
        runtime: fakeRuntime({
          cumulus_plugin_stuck: {
            default: definePlugin({
              id: 'stuck',
              activate(ctx) {
                registerView(ctx, 'stuck-view');
                return new Promise<void>(() => undefined);
              },
            }),
          },
          cumulus_plugin_hello: {
            default: definePlugin({
              id: 'hello',
              activate: async (ctx) => {
                registerView(ctx, 'hello-view');
                events.push('hello activated');
              },
            }),
          },
        }),
        onError: (error) => events.push(`${error.pluginId} failed`),
      });
      expect(events).toEqual(['hello activated', 'stuck failed']);
      expect(result.active.map((plugin) => plugin.id)).toEqual(['hello']);
      expect(result.failed.map((error) => [error.pluginId, error.kind, error.message])).toEqual([
        ['stuck', 'activation', 'Plugin "stuck" could not be loaded: activation timed out after 0.05 s'],
      ]);
      expect(host.registries.views.has('stuck-view')).toBe(false);
      expect(host.registries.views.get('hello-view')?.pluginId).toBe('hello');
    });

    it('waits ten seconds by default', () => {
      expect(ACTIVATION_TIMEOUT_MS).toBe(10_000);
    });

    it('starts activations in manifest order, so the earlier plugin keeps a contested id even when its remote arrives last', async () => {
      const host = makeHost();
      const claim = (id: string) => definePlugin({ id, activate: (ctx) => registerView(ctx, 'shared-view') });
      const result = await loadPlugins({
        manifest: { plugins: [entry('first'), entry('second')] },
        host,
        runtime: fakeRuntime({
          cumulus_plugin_first: later(30, { default: claim('first') }),
          cumulus_plugin_second: { default: claim('second') },
        }),
      });
      expect(host.registries.views.get('shared-view')?.pluginId).toBe('first');
      expect(result.active.map((plugin) => plugin.id)).toEqual(['first']);
      expect(result.failed.map((error) => [error.pluginId, error.reason])).toEqual([['second', 'activation failed: View id shared-view is already registered']]);
    });

    it('lists active and failed plugins in manifest order whatever order they settle in', async () => {
      const slow = definePlugin({ id: 'slow', activate: () => later(30, undefined) });
      const quick = definePlugin({ id: 'quick', activate: () => undefined });
      const failing = definePlugin({ id: 'failing', activate: () => later(20, undefined).then(() => Promise.reject(new Error('no'))) });
      const result = await loadPlugins({
        manifest: { plugins: [entry('slow'), entry('failing'), entry('quick'), entry('dead')] },
        host: makeHost(),
        runtime: fakeRuntime({
          cumulus_plugin_slow: slow,
          cumulus_plugin_failing: failing,
          cumulus_plugin_quick: quick,
          cumulus_plugin_dead: new ReferenceError('nope'),
        }),
      });
      expect(result.active.map((plugin) => plugin.id)).toEqual(['slow', 'quick']);
      expect(result.failed.map((error) => error.pluginId)).toEqual(['failing', 'dead']);
    });
  });
});
