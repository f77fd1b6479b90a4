import { describe, expect, it } from '@jest/globals';
import * as sdk from '../index';

describe('@cumulus/sdk public API of registries, plugins and events', () => {
  it.each([
    'createRegistry',
    'createRegistries',
    'RegistryError',
    'isRegistryError',
    'CORE_OWNER',
    'isValidSvg',
    'createFileListFilter',
    'FILE_LIST_FILTER_DEFAULT_ORDER',
    'NEW_MENU_CATEGORIES',
    'viewKind',
    'definePlugin',
    'isPluginDefinition',
    'activatePlugin',
    'PluginError',
    'isPluginError',
    'PLUGIN_ID_PATTERN',
    'sdkIncompatibility',
    'sdkMajor',
    'createEventBus',
    'scopeEvents',
  ])('exports %s', (name) => {
    expect(sdk).toHaveProperty(name);
    expect((sdk as Record<string, unknown>)[name]).toBeDefined();
  });

  it('does not export SDK_VERSION from the shared root: a remote would read the shell\'s copy there', () => {
    expect(sdk).not.toHaveProperty('SDK_VERSION');
  });

  it('runs a plugin end to end through the package entry', async () => {
    const host = { registries: sdk.createRegistries(), events: sdk.createEventBus(), t: (key: string) => key };
    const plugin = sdk.definePlugin({
      id: 'hello',
      activate: (ctx) => {
        ctx.settingsSections.register({ id: 'hello', name: ctx.t('Hello'), mount: () => undefined });
      },
    });
    const active = await sdk.activatePlugin(host, plugin);
    expect(host.registries.settingsSections.getAll().map((section) => [section.id, section.pluginId])).toEqual([['hello', 'hello']]);
    await active.deactivate();
    expect(host.registries.settingsSections.getAll()).toEqual([]);
  });
});
