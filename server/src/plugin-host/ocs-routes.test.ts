import { describe, expect, it } from '@jest/globals';
import { PluginHost } from './host';
import { ocsInput } from './ocs-routes';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('OCS routes of plugins', () => {
  it('merges query and body, the body winning, PHP list keys as arrays', () => {
    expect(ocsInput({ path: '/a', 'shareType[]': ['0', '3'], format: 'json' }, { path: '/b', permissions: 1 })).toEqual({ path: '/b', shareType: ['0', '3'], format: 'json', permissions: 1 });
    expect(ocsInput({ 'shareType[]': '0' }, undefined)).toEqual({ shareType: ['0'] });
    expect(ocsInput(undefined, ['not', 'an', 'object'])).toEqual({});
  });

  it('takes OCS routes only under /apps/<app>/, and gives them back on deactivation', async () => {
    const host = new PluginHost(quiet);
    const handle = () => ({ data: [] });
    await expect(
      host.activate({ kind: 'cumulus.server-plugin', apiVersion: 1, id: 'bad', activate: (ctx) => void ctx.ocs.register({ id: 'x', method: 'GET', path: '/cloud/user', handle }) }),
    ).rejects.toThrow('its path must start with "/apps/<app>/"');
    await host.activate({ kind: 'cumulus.server-plugin', apiVersion: 1, id: 'good', activate: (ctx) => void ctx.ocs.register({ id: 'y', method: 'GET', path: '/apps/good/api/v1/items', handle }) });
    expect(host.ocsRoutes.list().map(({ owner, entry }) => [owner, entry.path])).toEqual([['good', '/apps/good/api/v1/items']]);
    await host.deactivate('good');
    expect(host.ocsRoutes.list()).toEqual([]);
  });

  it('refuses ctx.files and ctx.users naming the plugin when the host has none', async () => {
    const host = new PluginHost(quiet);
    let files: Promise<unknown> = Promise.resolve();
    await host.activate({ kind: 'cumulus.server-plugin', apiVersion: 1, id: 'reader', activate: (ctx) => void (files = ctx.files.stat('admin', '/')) });
    await expect(files).rejects.toThrow('Plugin "reader": has no file access here');
  });
});
