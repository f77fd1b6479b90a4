import { describe, expect, it } from '@jest/globals';
import { containerName } from './containerName';

describe('containerName', () => {
  it('prefixes a plain id', () => {
    expect(containerName('hello')).toBe('cumulus_plugin_hello');
  });

  it('escapes every character a JavaScript global name cannot hold, keeping ids apart', () => {
    const names = ['a-b', 'a.b', 'a_b'].map(containerName);
    expect(names).toEqual(['cumulus_plugin_a_2db', 'cumulus_plugin_a_2eb', 'cumulus_plugin_a_5fb']);
    for (const name of names) expect(name).toMatch(/^[A-Za-z_$][\w$]*$/);
  });
});
