import { describe, expect, it } from '@jest/globals';
import { MAX_ITEM_NAME, itemName, parseItemName, restoreName, restoredWord } from './naming';

describe('trash item names', () => {
  it('are <name>.d<timestamp>, read back into name and time', () => {
    expect(itemName('report.pdf', 1735689600)).toBe('report.pdf.d1735689600');
    expect(parseItemName('report.pdf.d1735689600')).toEqual({ name: 'report.pdf', timestamp: 1735689600 });
    expect(parseItemName('a.d1.d2')).toEqual({ name: 'a.d1', timestamp: 2 });
    expect(parseItemName('report.pdf')).toBeNull();
    expect(parseItemName('.d12')).toBeNull();
  });

  it('lose the middle when longer than 250 characters, keeping the start and the timestamp', () => {
    const long = `${'a'.repeat(150)}${'b'.repeat(150)}.txt`;
    const name = itemName(long, 1735689600);
    expect(name).toHaveLength(MAX_ITEM_NAME);
    expect(name.startsWith('a'.repeat(125))).toBe(true);
    expect(name.endsWith('b.txt.d1735689600')).toBe(true);
  });
});

describe('restore names on a clash', () => {
  it('count up (restored), (restored 2), … before the extension', () => {
    expect(restoreName('todo.txt', 0)).toBe('todo.txt');
    expect(restoreName('todo.txt', 1)).toBe('todo (restored).txt');
    expect(restoreName('todo.txt', 2)).toBe('todo (restored 2).txt');
    expect(restoreName('archive.tar.gz', 3)).toBe('archive.tar (restored 3).gz');
  });

  it('treat a leading or trailing dot as no extension, and folders alike', () => {
    expect(restoreName('.bashrc', 1)).toBe('.bashrc (restored)');
    expect(restoreName('Photos', 1)).toBe('Photos (restored)');
    expect(restoreName('odd.', 1)).toBe('odd. (restored)');
  });

  it('say restored in the request’s language, English when unknown', () => {
    expect(restoreName('a.txt', 1, 'de')).toBe('a (wiederhergestellt).txt');
    expect(restoredWord('fr-CA')).toBe('restauré');
    expect(restoredWord('xx')).toBe('restored');
  });
});
