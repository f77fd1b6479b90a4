/**
 * Which plugin folders the web build turns into remotes: a server-only plugin
 * (no web entry) is skipped rather than failing the build.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../build/common';
import { selectPlugins } from '../../build/configs';
import { findPluginPackages } from '../../build/pluginPackages';
import { pluginManifest } from '../../build/writePluginManifest';

let dir: string;

function plugin(folder: string, cumulus: Record<string, unknown>, files: string[] = []): void {
  const at = path.join(dir, folder);
  mkdirSync(path.join(at, 'src'), { recursive: true });
  writeFileSync(path.join(at, 'package.json'), JSON.stringify({ name: folder, version: '1.2.3', cumulus }));
  for (const file of files) writeFileSync(path.join(at, file), 'export {};\n');
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cumulus-plugin-packages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('findPluginPackages (web build)', () => {
  it('builds a plugin named by "web" and by the older "exposes", and skips a server-only plugin', () => {
    plugin('a', { id: 'a', name: 'A', web: './src/index.ts', server: './server/index.ts' }, ['src/index.ts']);
    plugin('b', { id: 'b', name: 'B', exposes: './src/index.ts' }, ['src/index.ts']);
    plugin('audit', { id: 'audit', name: 'Audit', server: './server/index.ts' });
    expect(findPluginPackages(dir).map((found) => [found.id, path.relative(dir, found.exposes)])).toEqual([
      ['a', path.join('a', 'src', 'index.ts')],
      ['b', path.join('b', 'src', 'index.ts')],
    ]);
  });

  it('refuses a plugin with neither a web nor a server part, and a web entry that does not exist', () => {
    plugin('empty', { id: 'empty', name: 'Empty' });
    expect(() => findPluginPackages(dir)).toThrow('"web" must name the module to expose (or "server" the server part, for a plugin without a web part)');
    rmSync(path.join(dir, 'empty'), { recursive: true });
    plugin('ghost', { id: 'ghost', name: 'Ghost', web: './src/missing.ts' });
    expect(() => findPluginPackages(dir)).toThrow('"web" ./src/missing.ts does not exist');
  });
});

describe('example plugins (hello) in the build', () => {
  it('the default build of the repository leaves the example out; the first-party plugins are in', () => {
    const found = findPluginPackages(path.join(ROOT, 'plugins'));
    expect(found.find((plugin) => plugin.id === 'hello')).toMatchObject({ example: true });
    const ids = selectPlugins(found, {}).map((plugin) => plugin.id);
    expect(ids).toEqual(expect.arrayContaining(['favorites', 'recent', 'sharing', 'trash']));
    expect(ids).not.toContain('hello');
  });

  it('builds an example only on request (--env examples=hello or only=hello), and writes it disabled into the manifest', () => {
    plugin('a', { id: 'a', name: 'A', web: './src/index.ts' }, ['src/index.ts']);
    plugin('demo', { id: 'demo', name: 'Demo', web: './src/index.ts', example: true }, ['src/index.ts']);
    const found = findPluginPackages(dir);
    expect(selectPlugins(found, {}).map((plugin) => plugin.id)).toEqual(['a']);
    expect(selectPlugins(found, { examples: ['demo'] }).map((plugin) => plugin.id)).toEqual(['a', 'demo']);
    expect(selectPlugins(found, { only: ['demo'] }).map((plugin) => plugin.id)).toEqual(['demo']);
    expect(() => selectPlugins(found, { examples: ['a'] })).toThrow('No example plugin with the id "a" (examples: demo)');
    expect(pluginManifest(selectPlugins(found, { examples: ['demo'] }), '/p/').plugins.map((entry) => [entry.id, entry.enabled])).toEqual([
      ['a', true],
      ['demo', false],
    ]);
  });

  it('refuses an "example" that is not true or false', () => {
    plugin('odd', { id: 'odd', name: 'Odd', web: './src/index.ts', example: 'yes' }, ['src/index.ts']);
    expect(() => findPluginPackages(dir)).toThrow('"example" must be true or false');
  });
});
