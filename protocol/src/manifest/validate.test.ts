import { describe, expect, it } from '@jest/globals';
import { checkManifest, validateManifest, validateManifestEntry } from './validate';

const hello = { id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true };

describe('validateManifestEntry', () => {
  it('accepts a root-relative entry and returns only the known fields', () => {
    expect(validateManifestEntry({ ...hello, extra: 1 })).toEqual(hello);
  });

  it('accepts an absolute https entry and an mf-manifest.json', () => {
    const entry = { ...hello, entry: 'https://plugins.example.org/hello/mf-manifest.json' };
    expect(validateManifestEntry(entry).entry).toBe('https://plugins.example.org/hello/mf-manifest.json');
  });

  it('refuses a non-object with its position', () => {
    expect(() => validateManifestEntry('hello', 3)).toThrow('Plugin manifest entry 3 must be an object, got "hello"');
  });

  it('refuses a missing id with its position', () => {
    expect(() => validateManifestEntry({ ...hello, id: undefined }, 2)).toThrow(
      'Plugin manifest entry 2: "id" must be a non-empty string, got undefined',
    );
  });

  it('refuses an id the SDK would refuse', () => {
    expect(() => validateManifestEntry({ ...hello, id: 'Hello World' })).toThrow(/"id" "Hello World" must match/);
  });

  it('refuses the reserved id of the shell', () => {
    expect(() => validateManifestEntry({ ...hello, id: 'core' })).toThrow('"id" "core" is reserved for the shell');
  });

  it('names the plugin and the field when a field is bad', () => {
    expect(() => validateManifestEntry({ ...hello, name: '' })).toThrow('Plugin "hello": "name" must be a non-empty string, got ""');
    expect(() => validateManifestEntry({ ...hello, version: 1 })).toThrow('Plugin "hello": "version" must be a non-empty string, got a number');
    expect(() => validateManifestEntry({ ...hello, enabled: 'yes' })).toThrow('Plugin "hello": "enabled" must be true or false, got "yes"');
  });

  it.each(['hello/remoteEntry.js', '//evil.example/remoteEntry.js', 'javascript:alert(1)', 'file:///etc/passwd'])(
    'refuses the entry %s',
    (entry) => {
      expect(() => validateManifestEntry({ ...hello, entry })).toThrow(
        'Plugin "hello": "entry" must be an absolute http(s) URL or a root-relative path',
      );
    },
  );
});

describe('integrity and source', () => {
  const sha384 = `sha384-${'A'.repeat(64)}`;

  it('keeps an SRI hash and the source', () => {
    expect(validateManifestEntry({ ...hello, integrity: sha384, source: 'config' })).toEqual({ ...hello, integrity: sha384, source: 'config' });
    const sha256 = `sha256-${'b'.repeat(43)}=`;
    expect(validateManifestEntry({ ...hello, integrity: sha256 }).integrity).toBe(sha256);
  });

  it.each([`sha1-${'A'.repeat(27)}=`, 'sha384-short', `${sha384} ${sha384}`, 42])('refuses the integrity %s', (integrity) => {
    expect(() => validateManifestEntry({ ...hello, integrity })).toThrow('Plugin "hello": "integrity" must be one SRI hash such as "sha384-<base64 digest>"');
  });

  it('refuses an unknown source', () => {
    expect(() => validateManifestEntry({ ...hello, source: 'npm' })).toThrow('Plugin "hello": "source" must be "build" or "config", got "npm"');
  });
});

describe('validateManifest', () => {
  it('accepts an empty list', () => {
    expect(validateManifest({ plugins: [] })).toEqual({ plugins: [] });
  });

  it('keeps the order of the plugins', () => {
    const other = { ...hello, id: 'other', name: 'Other', enabled: false };
    expect(validateManifest({ plugins: [other, hello] }).plugins.map((p) => p.id)).toEqual(['other', 'hello']);
  });

  it('refuses a manifest that is not an object or has no plugin list', () => {
    expect(() => validateManifest(null)).toThrow('Plugin manifest must be an object, got null');
    expect(() => validateManifest({ plugins: {} })).toThrow('Plugin manifest: "plugins" must be an array, got an object');
  });

  it('refuses a duplicate id', () => {
    expect(() => validateManifest({ plugins: [hello, { ...hello, name: 'Again' }] })).toThrow(
      'Plugin "hello" is listed more than once in the plugin manifest',
    );
  });

  it('reports the first bad entry by plugin id', () => {
    expect(() => validateManifest({ plugins: [hello, { ...hello, id: 'two', entry: 42 }] })).toThrow(
      'Plugin "two": "entry" must be a non-empty string, got a number',
    );
  });
});

describe('checkManifest', () => {
  it('keeps the valid entries and reports each refused one with its id, or its position when it has no string id', () => {
    const other = { ...hello, id: 'other', name: 'Other' };
    const result = checkManifest({
      plugins: [{ ...hello, id: 'broken', version: 1 }, hello, 'not an entry', { ...hello, id: 42 }, other, { ...hello, name: 'Again' }],
    });
    expect(result.manifest).toEqual({ plugins: [hello, other] });
    expect(result.rejected).toEqual([
      {
        id: 'broken',
        position: 0,
        problem: '"version" must be a non-empty string, got a number',
        message: 'Plugin "broken": "version" must be a non-empty string, got a number',
      },
      {
        id: undefined,
        position: 2,
        problem: 'it must be an object, got "not an entry"',
        message: 'Plugin manifest entry 2 must be an object, got "not an entry"',
      },
      {
        id: undefined,
        position: 3,
        problem: '"id" must be a non-empty string, got a number',
        message: 'Plugin manifest entry 3: "id" must be a non-empty string, got a number',
      },
      {
        id: 'hello',
        position: 5,
        problem: 'it is listed more than once in the plugin manifest',
        message: 'Plugin "hello" is listed more than once in the plugin manifest',
      },
    ]);
  });

  it('names an entry by its string id even when that id breaks the id rule', () => {
    expect(checkManifest({ plugins: [{ ...hello, id: 'Hello World' }] }).rejected[0]?.id).toBe('Hello World');
  });

  it('still refuses a value that is not a manifest at all', () => {
    expect(() => checkManifest([])).toThrow('Plugin manifest must be an object, got an array');
    expect(() => checkManifest({})).toThrow('Plugin manifest: "plugins" must be an array, got undefined');
  });
});
