import { describe, expect, it } from '@jest/globals';
import { collectDroppedFiles, collectPickedFiles, takeDroppedEntries } from './dataTransferFiles';

/** A file entry as webkitGetAsEntry gives it; `broken` makes file() fail. */
function fileEntry(name: string, broken = false) {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file(success: (file: File) => void, failure?: (error: unknown) => void) {
      if (broken) failure?.(new Error('gone'));
      else success(new File([name], name, { lastModified: 1000 }));
    },
  };
}

/** A folder entry whose reader hands out `portion` entries per readEntries call, then an empty array, as Chromium does (100). */
function folderEntry(name: string, children: unknown[], portion = 100, calls?: { count: number }) {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader() {
      let offset = 0;
      return {
        readEntries(success: (entries: never[]) => void) {
          if (calls) calls.count += 1;
          const next = children.slice(offset, offset + portion) as never[];
          offset += next.length;
          setTimeout(() => success(next), 0);
        },
      };
    },
  };
}

describe('collectDroppedFiles', () => {
  it('walks folders of any depth with repeated readEntries until one returns nothing, parents before children', async () => {
    const many = Array.from({ length: 250 }, (_, index) => fileEntry(`f${index}.txt`));
    const calls = { count: 0 };
    const tree = folderEntry('top', [fileEntry('a.txt'), folderEntry('sub', [folderEntry('deeper', [fileEntry('z.txt')]), folderEntry('empty', [])]), folderEntry('big', many, 100, calls)]);
    const result = await collectDroppedFiles({ entries: [tree as never, fileEntry('loose.txt') as never], files: [], noFilesystemApi: false });
    expect(result.directories).toEqual(['top', 'top/sub', 'top/sub/deeper', 'top/sub/empty', 'top/big']);
    const paths = result.files.map((picked) => picked.relativePath);
    expect(paths).toHaveLength(253);
    expect(paths.slice(0, 2)).toEqual(['top/a.txt', 'top/sub/deeper/z.txt']);
    expect(paths).toContain('top/big/f249.txt');
    expect(paths.at(-1)).toBe('loose.txt');
    // 250 entries in portions of 100: 3 full calls and the empty one that ends the folder.
    expect(calls.count).toBe(4);
    expect(result.failures).toBe(0);
    expect(result.noFilesystemApi).toBe(false);
    expect(result.files[0]?.file.name).toBe('a.txt');
  });

  it('counts entries that cannot be read and goes on with the others', async () => {
    const result = await collectDroppedFiles({ entries: [fileEntry('ok.txt') as never, fileEntry('gone.txt', true) as never], files: [], noFilesystemApi: false });
    expect(result.files.map((picked) => picked.relativePath)).toEqual(['ok.txt']);
    expect(result.failures).toBe(1);
  });

  it('takes the plain files when the browser has no file-system entries (folders are left out)', async () => {
    const file = new File(['x'], 'x.txt');
    const transfer = { items: [{ kind: 'file' }], files: [file] } as unknown as DataTransfer;
    const taken = takeDroppedEntries(transfer);
    expect(taken.itemCount).toBe(1);
    const result = await collectDroppedFiles(taken);
    expect(result.noFilesystemApi).toBe(true);
    expect(result.files).toEqual([{ file, relativePath: 'x.txt' }]);
  });

  it('takes the entries of a drop synchronously, a file without an entry as a plain file, and counts its items', async () => {
    const entry = fileEntry('a.txt');
    const scripted = new File(['s'], 'scripted.txt');
    const transfer = {
      items: [
        { kind: 'file', webkitGetAsEntry: () => entry },
        { kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => scripted },
        { kind: 'string', webkitGetAsEntry: () => null },
      ],
      files: [],
    } as unknown as DataTransfer;
    const taken = takeDroppedEntries(transfer);
    expect(taken.entries).toEqual([entry]);
    expect(taken.files).toEqual([scripted]);
    expect(taken.itemCount).toBe(2);
    expect((await collectDroppedFiles(taken)).files.map((picked) => picked.relativePath)).toEqual(['a.txt', 'scripted.txt']);
    expect(takeDroppedEntries({ items: [], files: [] } as unknown as DataTransfer).itemCount).toBe(0);
  });
});

describe('collectPickedFiles', () => {
  it('keeps the relative paths of a folder pick and derives its folders, parents first', () => {
    const file = (path: string) => Object.assign(new File(['x'], path.split('/').pop() ?? path), { webkitRelativePath: path });
    const result = collectPickedFiles([file('Photos/2024/a.jpg'), file('Photos/b.jpg'), file('Photos/2024/c/d.jpg')]);
    expect(result.files.map((picked) => picked.relativePath)).toEqual(['Photos/2024/a.jpg', 'Photos/b.jpg', 'Photos/2024/c/d.jpg']);
    expect(result.directories).toEqual(['Photos', 'Photos/2024', 'Photos/2024/c']);
    expect(collectPickedFiles([new File(['x'], 'plain.txt')]).files[0]?.relativePath).toBe('plain.txt');
  });
});
