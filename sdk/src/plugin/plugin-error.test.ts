import { describe, expect, it } from '@jest/globals';
import { isPluginError, PluginError } from './plugin-error';

describe('PluginError', () => {
  it('carries the tag, the plugin id, the phase and the cause', () => {
    const cause = new Error('boom');
    const error = new PluginError({ pluginId: 'trash', phase: 'activate', cause });
    expect(error).toMatchObject({ code: 'plugin-error', name: 'PluginError', pluginId: 'trash', phase: 'activate', cause });
    expect(error.message).toBe('Plugin "trash" failed to activate: boom');
  });

  it('names each phase and takes a message of its own', () => {
    expect(new PluginError({ pluginId: 'a', phase: 'load' }).message).toBe('Plugin "a" could not be loaded');
    expect(new PluginError({ pluginId: 'a', phase: 'deactivate', cause: 'text' }).message).toBe('Plugin "a" failed to deactivate: text');
    expect(new PluginError({ pluginId: 'a', phase: 'load', message: 'HTTP 404' }).message).toBe('HTTP 404');
  });

  it('is recognised by its tag, not its class', () => {
    expect(isPluginError(new PluginError({ pluginId: 'a', phase: 'load' }))).toBe(true);
    expect(isPluginError({ code: 'plugin-error', pluginId: 'a', phase: 'load', message: '' })).toBe(true);
    expect(isPluginError(new Error('x'))).toBe(false);
    expect(isPluginError(null)).toBe(false);
  });
});
