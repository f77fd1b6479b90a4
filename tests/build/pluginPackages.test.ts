/**
 * Which plugin folders the web build turns into remotes: a server-only plugin
 * (no web entry) is skipped rather than failing the build.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPluginPackages } from '../../build/pluginPackages';

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
