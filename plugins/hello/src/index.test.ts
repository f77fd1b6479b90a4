import { describe, expect, it } from '@jest/globals';
import { activatePlugin, createEventBus, createRegistries, isPluginDefinition } from '@cumulus/sdk';
import type { View } from '@cumulus/sdk';
import hello from './index';
import { helloContents } from './helloView';

function host() {
  return { registries: createRegistries(), events: createEventBus(), t: (key: string) => `«${key}»` };
}

describe('the Hello plugin', () => {
  it('is a plugin definition with the id its package declares', () => {
    expect(isPluginDefinition(hello)).toBe(true);
    expect(hello.id).toBe('hello');
  });

  it('registers the Hello view and the Say hello action through ctx, translated', async () => {
    const h = host();
    await activatePlugin(h, hello);
    const view = h.registries.views.get('hello');
    expect(view).toMatchObject({ name: '«Hello»', pluginId: 'hello' });
    const action = h.registries.fileActions.get('hello-say-hello');
    expect(action?.pluginId).toBe('hello');
    expect(action?.displayName([], view as View)).toBe('«Say hello»');
  });

  it('takes everything back when deactivated', async () => {
    const h = host();
    const active = await activatePlugin(h, hello);
    await active.deactivate();
    expect(h.registries.views.getAll()).toEqual([]);
    expect(h.registries.fileActions.getAll()).toEqual([]);
  });

  it('lists an empty, read-only folder', async () => {
    const { folder, contents } = await helloContents('/', 'http://127.0.0.1:8080');
    expect(contents).toEqual([]);
    expect(folder).toMatchObject({ type: 'folder', path: '/', root: '/hello', permissions: 1 });
  });
});
