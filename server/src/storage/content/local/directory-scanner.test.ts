import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanDirectory } from './directory-scanner';

describe('scanDirectory', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cumulus-scan-'));
    await writeFile(join(dir, 'a.txt'), 'hello');
    await utimes(join(dir, 'a.txt'), 1_700_000_000.25, 1_700_000_000.25);
    await mkdir(join(dir, 'Sub'));
    await symlink('/etc/passwd', join(dir, 'link'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists files and folders with their lstat, leaving symlinks out', async () => {
    const children = await scanDirectory(dir);
    const byName = new Map(children.map((child) => [child.name, child]));
    expect([...byName.keys()].sort()).toEqual(['Sub', 'a.txt']);
    expect(byName.get('a.txt')).toEqual({ name: 'a.txt', type: 'file', size: 5, mtimeUs: 1_700_000_000_250_000 });
    expect(byName.get('Sub')).toMatchObject({ name: 'Sub', type: 'folder', size: 0 });
  });

  it('fails like readdir, with its code, for a missing folder or a file', async () => {
    await expect(scanDirectory(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(scanDirectory(join(dir, 'a.txt'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('answers scans under way at once, each with its own folder', async () => {
    const [root, sub] = await Promise.all([scanDirectory(dir), scanDirectory(join(dir, 'Sub'))]);
    expect(root).toHaveLength(2);
    expect(sub).toEqual([]);
  });
});
