import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Names that trip up clients and servers: spaces, unicode, `#`, `%`, brackets, quotes. */
const NAMES = ['plain', 'with space', 'ünïcödé', '日本語', 'hash #1', 'percent 100%', '%25 literal', 'semi;colon', "it's (1)", 'emoji 😀', 'plus+sign', 'amp & co', 'brackets [x]'];

/**
 * Writes a deterministic tree of `count` files of mixed sizes (0 bytes to
 * ~200 KB, plus one of `bigSize` bytes) and awkward names, in nested folders.
 */
export async function makeTree(root: string, count: number, bigSize = 0): Promise<void> {
  const folders = ['', 'docs', 'docs/sub folder', 'ünï #dir', 'ünï #dir/50%', 'deep/a/b/c'];
  for (const folder of folders) await mkdir(join(root, folder), { recursive: true });
  // Every file a minute old: the desktop client syncs a file modified under 2 s before its upload again on its next run.
  const settled = new Date(Date.now() - 60_000);
  const write = async (file: string, bytes: Buffer): Promise<void> => {
    await writeFile(file, bytes);
    await utimes(file, settled, settled);
  };
  for (let i = 0; i < count; i += 1) {
    const folder = folders[i % folders.length] ?? '';
    const name = `${NAMES[i % NAMES.length]} ${i}.${i % 3 === 0 ? 'txt' : 'bin'}`;
    const size = i % 10 === 0 ? 0 : (i * 7919) % 200_000;
    await write(join(root, folder, name), pseudoRandom(i, size));
  }
  if (bigSize > 0) await write(join(root, 'docs', 'big file.bin'), pseudoRandom(424242, bigSize));
}

/** Deterministic bytes: cheap, and different for every seed. */
function pseudoRandom(seed: number, size: number): Buffer {
  const out = Buffer.alloc(size);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** Relative path → sha1 of every file below `root`. */
export async function hashTree(root: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) result.set(relative(root, full).normalize('NFC'), createHash('sha1').update(await readFile(full)).digest('hex'));
    }
  }
  await walk(root);
  return result;
}
