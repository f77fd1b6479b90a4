import { describe, expect, it } from '@jest/globals';
import { copySuffix, getCopyName, getUniqueName } from './unique-name';

describe('getUniqueName', () => {
  it('keeps an unused name', () => {
    expect(getUniqueName('a.txt', ['b.txt'])).toBe('a.txt');
  });
  it('appends (1), (2)… before the extension until unused', () => {
    expect(getUniqueName('file.txt', ['file.txt'])).toBe('file (1).txt');
    expect(getUniqueName('file.txt', ['file.txt', 'file (1).txt', 'file (2).txt'])).toBe('file (3).txt');
    expect(getUniqueName('archive.tar.gz', ['archive.tar.gz'])).toBe('archive.tar (1).gz');
  });
  it('puts the suffix at the end for names without an extension, dot files and folders', () => {
    expect(getUniqueName('Photos', ['Photos'])).toBe('Photos (1)');
    expect(getUniqueName('.bashrc', ['.bashrc'])).toBe('.bashrc (1)');
    expect(getUniqueName('v1.2', ['v1.2'], { ignoreFileExtension: true })).toBe('v1.2 (1)');
  });
  it('takes a custom suffix', () => {
    expect(getUniqueName('a.txt', ['a.txt', 'a -1-.txt'], { suffix: (n) => `-${n}-` })).toBe('a -2-.txt');
  });
});

describe('getCopyName', () => {
  it("uses '(copy)' then '(copy %n)'", () => {
    expect(getCopyName('file.txt', [])).toBe('file.txt');
    expect(getCopyName('file.txt', ['file.txt'])).toBe('file (copy).txt');
    expect(getCopyName('file.txt', ['file.txt', 'file (copy).txt'])).toBe('file (copy 2).txt');
    expect(getCopyName('file.txt', ['file.txt', 'file (copy).txt', 'file (copy 2).txt'])).toBe('file (copy 3).txt');
  });
  it('puts the suffix at the end of a folder name', () => {
    expect(getCopyName('v1.2', ['v1.2'], { isFolder: true })).toBe('v1.2 (copy)');
  });
  it('translates the suffix, filling %n when the translation leaves it', () => {
    const t = (key: string) => (key === '(copy)' ? '(Kopie)' : '(Kopie %n)');
    expect(copySuffix(1, t)).toBe('(Kopie)');
    expect(copySuffix(4, t)).toBe('(Kopie 4)');
    expect(getCopyName('a.txt', ['a.txt', 'a (Kopie).txt'], { t })).toBe('a (Kopie 2).txt');
  });
});
