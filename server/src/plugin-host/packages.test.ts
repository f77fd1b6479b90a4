import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPluginPackages } from './packages';

describe('findPluginPackages', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cumulus-plugin-packages-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const writePackage = async (folder: string, json: unknown) => {
    await mkdir(join(dir, folder), { recursive: true });
    await writeFile(join(dir, folder, 'package.json'), typeof json === 'string' ? json : JSON.stringify(json));
  };

  it('reads id, name, version and both entries; skips folders that are not plugins; sorts by id', async () => {
    await writePackage('z-fav', { version: '2.0.0', cumulus: { id: 'favorites', name: 'Favorites', web: './src/index.ts', server: './server/index.ts' } });
    await writePackage('hello', { version: '0.1.0', cumulus: { id: 'hello', name: 'Hello', exposes: './src/index.ts' } });
    await writePackage('lib', { name: 'not-a-plugin' });
    await mkdir(join(dir, 'empty'));
    const { packages, rejected } = await findPluginPackages(dir);
    expect(rejected).toEqual([]);
    expect(packages).toEqual([
      { id: 'favorites', name: 'Favorites', version: '2.0.0', dir: join(dir, 'z-fav'), web: './src/index.ts', server: './server/index.ts' },
      { id: 'hello', name: 'Hello', version: '0.1.0', dir: join(dir, 'hello'), web: './src/index.ts' },
    ]);
  });

  it('rejects broken JSON, a bad id, an entry outside the folder and a taken id, keeping the rest', async () => {
    await writePackage('a', '{ nope');
    await writePackage('b', { cumulus: { id: 'Bad Id' } });
    await writePackage('c', { cumulus: { id: 'escape', server: '../../etc/evil.js' } });
    await writePackage('c2', { cumulus: { id: 'escape2', web: './../x/index.ts' } });
    await writePackage('d', { cumulus: { id: 'dup', server: './server/index.ts' } });
    await writePackage('e', { cumulus: { id: 'dup', server: './server/index.ts' } });
    const { packages, rejected } = await findPluginPackages(dir);
    expect(packages.map((p) => p.id)).toEqual(['dup']);
    expect(rejected.map((r) => [r.dir.slice(dir.length + 1), r.message.replace(/:.*$/s, ':')])).toEqual([
      ['a', 'package.json is not valid JSON:'],
      ['b', '"cumulus.id" must match /^[a-z0-9][a-z0-9._-]*$/'],
      ['c', '"cumulus.server" must be a path inside the plugin\'s folder starting with "./"'],
      ['c2', '"cumulus.web" must be a path inside the plugin\'s folder starting with "./"'],
      ['e', 'the plugin id "dup" is already taken'],
    ]);
  });

  it('finds nothing in a missing folder', async () => {
    await expect(findPluginPackages(join(dir, 'missing'))).resolves.toEqual({ packages: [], rejected: [] });
  });
});
