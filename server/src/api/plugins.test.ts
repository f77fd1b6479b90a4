import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RejectedManifestEntry } from '@cumulus/protocol';
import { PluginManifestSource } from './plugins';

const hello = { id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true };

describe('PluginManifestSource', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cumulus-manifest-'));
    await mkdir(join(dist, 'plugins'));
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  const writeManifest = (manifest: unknown) => writeFile(join(dist, 'plugins', 'manifest.json'), JSON.stringify(manifest));

  it('serves the valid entries when one entry breaks the schema, and tells of the refused one once', async () => {
    await writeManifest({ plugins: [{ ...hello, id: 'broken', version: 2 }, hello] });
    const rejected: RejectedManifestEntry[] = [];
    const source = new PluginManifestSource(dist, (entry) => rejected.push(entry));
    await expect(source.read()).resolves.toEqual({ plugins: [hello] });
    await expect(source.read()).resolves.toEqual({ plugins: [hello] });
    expect(rejected).toEqual([
      { id: 'broken', position: 0, problem: '"version" must be a non-empty string, got a number', message: 'Plugin "broken": "version" must be a non-empty string, got a number' },
    ]);
  });

  it('still refuses a file that is not a manifest at all', async () => {
    await writeManifest({ plugins: 'nope' });
    await expect(new PluginManifestSource(dist).read()).rejects.toThrow('Plugin manifest: "plugins" must be an array, got "nope"');
  });

  it('serves an empty manifest when the plugins are not built', async () => {
    await expect(new PluginManifestSource(dist).read()).resolves.toEqual({ plugins: [] });
  });
});
