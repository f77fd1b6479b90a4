import { describe, expect, it } from '@jest/globals';
import { definePlugin, isPluginDefinition, sdkIncompatibility, sdkMajor } from './define-plugin';
import { isPluginError } from './plugin-error';
import type { PluginDefinitionInput } from './types';

const activate = (): void => undefined;

describe('definePlugin', () => {
  it('stamps the type tag and version and keeps id and hooks', () => {
    const deactivate = (): void => undefined;
    const plugin = definePlugin({ id: 'favorites', activate, deactivate });
    expect(plugin).toEqual({ kind: 'cumulus.plugin', apiVersion: 1, id: 'favorites', activate, deactivate });
    expect(Object.isFrozen(plugin)).toBe(true);
    expect('deactivate' in definePlugin({ id: 'recent', activate })).toBe(false);
  });

  it.each(['files', 'files_sharing', 'cumulus.trash', 'a-b', '0day'])('accepts the id %s', (id) => {
    expect(definePlugin({ id, activate }).id).toBe(id);
  });

  it.each(['', 'Files', '-files', '.files', 'my plugin', 'a/b', 'é'])('refuses the id "%s" with a load-phase PluginError', (id) => {
    let thrown: unknown;
    try {
      definePlugin({ id, activate });
    } catch (error) {
      thrown = error;
    }
    expect(isPluginError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ phase: 'load', pluginId: id, message: 'Invalid plugin definition: id must match /^[a-z0-9][a-z0-9._-]*$/' });
  });

  it('refuses an activate or deactivate that is not a function', () => {
    expect(() => definePlugin({ id: 'x' } as PluginDefinitionInput)).toThrow('Invalid plugin definition: activate must be a function');
    expect(() => definePlugin({ id: 'x', activate, deactivate: 'no' } as never)).toThrow('Invalid plugin definition: deactivate must be a function');
  });
});

describe('isPluginDefinition', () => {
  it('recognises a definition by its tag and version, also one built by another copy of the SDK', () => {
    expect(isPluginDefinition(definePlugin({ id: 'favorites', activate }))).toBe(true);
    expect(isPluginDefinition({ kind: 'cumulus.plugin', apiVersion: 1, id: 'favorites', activate })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a function', activate],
    ['an untagged object', { id: 'favorites', activate }],
    ['another tag', { kind: 'other.plugin', apiVersion: 1, id: 'favorites', activate }],
    ['another version', { kind: 'cumulus.plugin', apiVersion: 2, id: 'favorites', activate }],
    ['a bad id', { kind: 'cumulus.plugin', apiVersion: 1, id: 'Favorites', activate }],
    ['no activate', { kind: 'cumulus.plugin', apiVersion: 1, id: 'favorites' }],
  ])('refuses %s', (_case, value) => {
    expect(isPluginDefinition(value)).toBe(false);
  });
});

describe('the SDK version a plugin declares', () => {
  it('keeps a declared sdkVersion on the definition', () => {
    expect(definePlugin({ id: 'notes', sdkVersion: '0.4.1', activate }).sdkVersion).toBe('0.4.1');
  });

  it.each(['1', 'v1.0.0', '1.0', 'latest'])('refuses the sdkVersion "%s" with a load-phase PluginError', (sdkVersion) => {
    expect(() => definePlugin({ id: 'notes', sdkVersion, activate })).toThrow(
      'Invalid plugin definition: sdkVersion must be a semantic version such as "1.2.3"',
    );
  });

  it('reads the major of a semantic version', () => {
    expect([sdkMajor('0.1.0'), sdkMajor('12.3.4-beta.1'), sdkMajor('1.2')]).toEqual([0, 12, undefined]);
  });

  it('accepts the same major and refuses another, saying both versions', () => {
    expect(sdkIncompatibility('2.0.0', '2.7.1')).toBeNull();
    expect(sdkIncompatibility('2.9.0', '2.0.0')).toBeNull();
    expect(sdkIncompatibility('1.4.0', '2.0.0')).toBe('it was built against SDK 1.4.0, and this app provides SDK 2.0.0 (another major version)');
    expect(sdkIncompatibility('nonsense', '2.0.0')).toBe('its declared SDK version "nonsense" is not a semantic version');
  });

  it('before 1.0, accepts only the same minor: a plugin built for SDK 0.1 is refused by a 0.2 host, saying why', () => {
    expect(sdkIncompatibility('0.2.0', '0.2.3')).toBeNull();
    expect(sdkIncompatibility('0.2.5', '0.2.0')).toBeNull();
    expect(sdkIncompatibility('0.1.0', '0.2.0')).toBe(
      'it was built against SDK 0.1.0, and this app provides SDK 0.2.0 (another minor version; before 1.0 each minor version may change the plugin contract)',
    );
    expect(sdkIncompatibility('0.3.0', '0.2.0')).toMatch(/another minor version/);
    expect(sdkIncompatibility('0.1.0')).toMatch(/this app provides SDK 0\.2\.0 \(another minor version/);
  });
});
