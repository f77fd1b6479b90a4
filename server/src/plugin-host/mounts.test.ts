import { describe, expect, it } from '@jest/globals';
import type { PluginMount } from '../plugin-api';
import { mountedLetters } from '../storage/files/mounted-files';
import { PluginHost } from './host';

const errors: string[] = [];
const log = { info: () => undefined, warn: () => undefined, error: (message: string) => void errors.push(message) };
const mount = (path: string, owner = 'alice'): PluginMount => ({ path, owner, fileid: 7, permissions: 1, mountType: 'shared', attributes: '[]', moved: async () => undefined, unmounted: async () => undefined });
const owners = async (uid: string) => (uid === 'alice' ? { displayName: 'Alice', quota: 100 } : null);

describe('mount providers', () => {
  it('gives the mounts of a user with the owner looked up, leaving out unknown owners and the root, and takes them back', async () => {
    const host = new PluginHost(log);
    await host.activate({
      kind: 'cumulus.server-plugin',
      apiVersion: 1,
      id: 'sharing',
      activate: (ctx) => void ctx.mounts.register({ id: 'm', mounts: async (uid) => (uid === 'bob' ? [mount('/A'), mount('/B', 'ghost'), mount('/')] : []) }),
    });
    const mounts = await host.mountsFor('bob', owners);
    expect(mounts.map((m) => [m.path, m.owner, m.ownerDisplayName, m.ownerQuota])).toEqual([['/A', 'alice', 'Alice', 100]]);
    expect(await host.mountsFor('carol', owners)).toEqual([]);
    await host.deactivate('sharing');
    expect(await host.mountsFor('bob', owners)).toEqual([]);
  });

  it('logs a provider that throws with its plugin and gives no mounts from it', async () => {
    const host = new PluginHost(log);
    await host.activate({ kind: 'cumulus.server-plugin', apiVersion: 1, id: 'flaky', activate: (ctx) => void ctx.mounts.register({ id: 'f', mounts: () => Promise.reject(new Error('down')) }) });
    expect(await host.mountsFor('bob', owners)).toEqual([]);
    expect(errors.at(-1)).toBe('[plugin flaky] the mount provider "f" failed: down');
  });
});

describe('replaceable sharing properties', () => {
  it('lets a plugin answer oc:share-types with child elements, but not other server properties', async () => {
    const host = new PluginHost(log);
    await host.activate({
      kind: 'cumulus.server-plugin',
      apiVersion: 1,
      id: 'sharing',
      activate: (ctx) => void ctx.liveProperties.register({ id: 'st', prefix: 'oc', name: 'share-types', get: () => [{ prefix: 'oc', name: 'share-type', text: '3' }] }),
    });
    const property = host.davLiveProperties().get('{http://owncloud.org/ns}share-types');
    expect(property?.get({ fileid: 1 } as never, { user: { uid: 'a' } } as never)).toBe('<oc:share-type>3</oc:share-type>');
    await expect(
      host.activate({ kind: 'cumulus.server-plugin', apiVersion: 1, id: 'other', activate: (ctx) => void ctx.liveProperties.register({ id: 'p', prefix: 'oc', name: 'permissions', get: () => 'RGD' }) }),
    ).rejects.toThrow('oc:permissions is a property of the server');
  });
});

describe('oc:permissions letters inside a mount', () => {
  it('puts S first, D and NV always on the root (leave, rename, move), NV for UPDATE, W or CK last', () => {
    expect(mountedLetters(1, 'folder', true)).toBe('SGDNV');
    // A read-only file mount root: renamed, moved and left, never written.
    expect(mountedLetters(1, 'file', true)).toBe('SGDNV');
    expect(mountedLetters(1, 'file', false)).toBe('SG');
    expect(mountedLetters(31, 'folder', true)).toBe('SRGDNVCK');
    expect(mountedLetters(3, 'file', false)).toBe('SGNVW');
  });
});
