import { describe, expect, it } from '@jest/globals';
import { createUploadFolder, isUploadFolder, uploadTreeFromPaths } from './folder';
import { createMemoryJournal, createStorageJournal, UPLOAD_JOURNAL_KEY } from './journal';
import type { UnfinishedUpload } from './types';

const file = (name: string, size: number, lastModified: number) => new File([new Uint8Array(size)], name, { lastModified });

describe('folder wrapper (product §3)', () => {
  it('has the size of its children together and their newest modification time', () => {
    const folder = createUploadFolder('/A', [file('a', 3, 100), createUploadFolder('/A/B', [file('b', 4, 900)]), file('c', 5, 50)]);
    expect(folder).toMatchObject({ kind: 'folder', name: 'A', originalName: 'A', path: '/A', size: 12, lastModified: 900 });
    expect(createUploadFolder('/Empty', [])).toMatchObject({ size: 0, lastModified: 0 });
  });

  it('builds trees from relative paths, folders first met first, empty folders included', () => {
    const tree = uploadTreeFromPaths([
      { path: 'A/x.txt', file: file('x.txt', 1, 1) },
      { path: 'A/B/y.txt', file: file('y.txt', 2, 2) },
      { path: 'top.txt', file: file('top.txt', 3, 3) },
      { path: 'A/Empty/' },
    ]);
    expect(tree.map((entry) => entry.name)).toEqual(['A', 'top.txt']);
    const a = tree[0];
    if (!a || !isUploadFolder(a)) throw new Error('A is a folder');
    expect(a.children.map((entry) => (isUploadFolder(entry) ? `${entry.path}/` : entry.name))).toEqual(['x.txt', '/A/B/', '/A/Empty/']);
    expect(a.size).toBe(3);
  });
});

describe('upload journals', () => {
  const record: UnfinishedUpload = {
    id: 'w1',
    workspace: 'http://h/remote.php/dav/uploads/a/w1',
    destination: 'http://h/remote.php/dav/files/a/x',
    name: 'x',
    size: 10,
    lastModified: 5,
    type: '',
    chunkSize: 5242880,
    startedAt: 1,
  };

  it('keeps records in a Web Storage across instances (a reload) and tolerates junk', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
    createStorageJournal(storage).put(record);
    createStorageJournal(storage).put({ ...record, id: 'w2' });
    expect(createStorageJournal(storage).list()).toEqual([record, { ...record, id: 'w2' }]);
    createStorageJournal(storage).remove('w1');
    expect(createStorageJournal(storage).list()).toEqual([{ ...record, id: 'w2' }]);
    data.set(UPLOAD_JOURNAL_KEY, '{not json');
    expect(createStorageJournal(storage).list()).toEqual([]);
    data.set(UPLOAD_JOURNAL_KEY, JSON.stringify([{ id: 3 }, record]));
    expect(createStorageJournal(storage).list()).toEqual([record]);
  });

  it('a full storage loses the record, never throws', () => {
    const journal = createStorageJournal({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(() => journal.put(record)).not.toThrow();
  });

  it('the memory journal lists, replaces and removes', () => {
    const journal = createMemoryJournal();
    journal.put(record);
    journal.put({ ...record, size: 11 });
    expect(journal.list()).toEqual([{ ...record, size: 11 }]);
    journal.remove('w1');
    expect(journal.list()).toEqual([]);
  });
});
