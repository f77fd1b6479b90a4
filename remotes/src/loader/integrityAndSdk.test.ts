import { describe, expect, it, jest } from '@jest/globals';
import { createHash, webcrypto } from 'node:crypto';
import { createEventBus, createRegistries, definePlugin } from '@cumulus/sdk';
import type { PluginHost } from '@cumulus/sdk';
import { SDK_VERSION } from '@cumulus/sdk/version';
import type { PluginManifestEntry } from '@cumulus/protocol';
import type { PluginLoadError } from './errors';
import type { FederationRemote, FederationRuntime } from './federationRuntime';
import { loadPlugins } from './loadPlugins';

const ENTRY = 'https://plugins.example/notes/remoteEntry.js';
const CODE = 'var cumulus_plugin_notes = {};';
const sri = (text: string): string => `sha384-${createHash('sha384').update(text).digest('base64')}`;

function makeHost(): PluginHost {
  return { registries: createRegistries(), events: createEventBus(), t: (key) => key };
}

/** A runtime that records what was registered and whether the remote ever ran. */
function fakeRuntime(module: unknown): FederationRuntime & { registered: FederationRemote[]; ran: boolean } {
  const runtime = {
    registered: [] as FederationRemote[],
    ran: false,
    registerRemotes(list: FederationRemote[]) {
      runtime.registered.push(...list);
    },
    loadRemote<T>(): Promise<T | null> {
      runtime.ran = true;
      return Promise.resolve(module as T);
    },
  };
  return runtime;
}

const serving = (body: string, status = 200) => jest.fn<typeof fetch>().mockImplementation(() => Promise.resolve(new Response(body, { status })));

function notes(extra: Partial<PluginManifestEntry> = {}): PluginManifestEntry {
  return { id: 'notes', name: 'Notes', version: '1.0.0', entry: ENTRY, enabled: true, source: 'config', ...extra };
}

async function load(entry: PluginManifestEntry, runtime: FederationRuntime, fetchImpl: typeof fetch): Promise<{ errors: PluginLoadError[]; active: string[] }> {
  const errors: PluginLoadError[] = [];
  const result = await loadPlugins({ manifest: { plugins: [entry] }, host: makeHost(), runtime, fetch: fetchImpl, subtle: webcrypto.subtle, onError: (error) => errors.push(error) });
  return { errors, active: result.active.map((plugin) => plugin.id) };
}

const declared = (sdkVersion?: string) => ({ default: definePlugin({ id: 'notes', ...(sdkVersion ? { sdkVersion } : {}), activate: () => undefined }) });

describe('the integrity check of a remote entry', () => {
  it('runs a remote whose bytes match, handing the hash on to the script element', async () => {
    const runtime = fakeRuntime(declared(SDK_VERSION));
    const fetchStub = serving(CODE);
    const { errors, active } = await load(notes({ integrity: sri(CODE) }), runtime, fetchStub);
    expect(errors).toEqual([]);
    expect(active).toEqual(['notes']);
    expect(runtime.registered).toEqual([{ name: 'cumulus_plugin_notes', entry: ENTRY, integrity: sri(CODE) }]);
    expect(fetchStub).toHaveBeenCalledWith(ENTRY, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
  });

  it('refuses a remote whose bytes do not match, before any of it runs', async () => {
    const runtime = fakeRuntime(declared(SDK_VERSION));
    const { errors, active } = await load(notes({ integrity: sri('the bytes the operator checked') }), runtime, serving(CODE));
    expect(active).toEqual([]);
    expect(runtime.ran).toBe(false);
    expect(runtime.registered).toEqual([]);
    expect(errors.map((error) => [error.pluginId, error.kind, error.message])).toEqual([
      [
        'notes',
        'integrity',
        `Plugin "notes" could not be loaded: its remote entry ${ENTRY} does not match its integrity hash (expected ${sri('the bytes the operator checked')}, got ${sri(CODE)})`,
      ],
    ]);
  });

  it('reports an entry that answers 404 as such, without running anything', async () => {
    const runtime = fakeRuntime(declared(SDK_VERSION));
    const { errors } = await load(notes({ integrity: sri(CODE) }), runtime, serving('Not found', 404));
    expect(errors.map((error) => [error.kind, error.status])).toEqual([['http', 404]]);
    expect(runtime.ran).toBe(false);
  });
});

describe('the SDK version check', () => {
  it('refuses a remote built against another major of the SDK, naming the plugin', async () => {
    const major = Number(SDK_VERSION.split('.')[0]) + 1;
    const { errors, active } = await load(notes(), fakeRuntime(declared(`${major}.0.0`)), serving(CODE));
    expect(active).toEqual([]);
    expect(errors.map((error) => [error.pluginId, error.kind, error.message])).toEqual([
      ['notes', 'incompatible', `Plugin "notes" could not be loaded: it was built against SDK ${major}.0.0, and this app provides SDK ${SDK_VERSION} (another major version)`],
    ]);
  });

  it('accepts another patch of the same minor (before 1.0, the minor is part of the contract)', async () => {
    const [major = '0', minor = '0'] = SDK_VERSION.split('.');
    const { errors, active } = await load(notes(), fakeRuntime(declared(`${major}.${minor}.999`)), serving(CODE));
    expect([errors, active]).toEqual([[], ['notes']]);
  });

  it('refuses a remote built for SDK 0.1 on this 0.2 host, before activating it, saying why', async () => {
    expect(SDK_VERSION).toBe('0.2.0');
    const runtime = fakeRuntime(declared('0.1.0'));
    const { errors, active } = await load(notes(), runtime, serving(CODE));
    expect(active).toEqual([]);
    expect(errors.map((error) => [error.pluginId, error.kind, error.message])).toEqual([
      [
        'notes',
        'incompatible',
        'Plugin "notes" could not be loaded: it was built against SDK 0.1.0, and this app provides SDK 0.2.0 (another minor version; before 1.0 each minor version may change the plugin contract)',
      ],
    ]);
  });

  it('refuses a deployment-config remote that does not say which SDK it was built against, and lets a built-in one pass', async () => {
    const third = await load(notes(), fakeRuntime(declared()), serving(CODE));
    expect(third.errors.map((error) => error.kind)).toEqual(['incompatible']);
    expect(third.errors[0]?.reason).toMatch(/^it does not declare the SDK version it was built against/);
    const builtIn = await load(notes({ source: 'build', entry: '/apps/files/plugins/notes/remoteEntry.js' }), fakeRuntime(declared()), serving(CODE));
    expect(builtIn.active).toEqual(['notes']);
  });
});
