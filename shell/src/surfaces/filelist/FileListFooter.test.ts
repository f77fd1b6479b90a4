import { describe, expect, it } from '@jest/globals';
import { createI18n, translatorOf } from '../../i18n/createI18n';
import { testFolder, testNode } from '../../test-support/fakeServices';
import { summaryText, totalSize } from './FileListFooter';

const files = (count: number) => Array.from({ length: count }, (_, index) => testNode(`/f${index}.txt`));

describe('summaryText', () => {
  it('counts files and folders in English with singular and plural', async () => {
    const t = translatorOf(await createI18n('en'));
    expect(summaryText(files(1), t)).toBe('1 file');
    expect(summaryText(files(3), t)).toBe('3 files');
    expect(summaryText([testFolder('/A')], t)).toBe('1 folder');
    expect(summaryText([...files(1), testFolder('/A'), testFolder('/B')], t)).toBe('1 file and 2 folders');
  });

  it("takes the language's own plural forms (Polish has three)", async () => {
    const i18n = await createI18n('pl');
    i18n.addResourceBundle('pl', 'translation', {
      '{count} file_one': '{count} plik',
      '{count} file_few': '{count} pliki',
      '{count} file_many': '{count} plików',
    });
    const t = translatorOf(i18n);
    expect(summaryText(files(1), t)).toBe('1 plik');
    expect(summaryText(files(2), t)).toBe('2 pliki');
    expect(summaryText(files(5), t)).toBe('5 plików');
    expect(summaryText(files(22), t)).toBe('22 pliki');
  });
});

describe('totalSize', () => {
  const sized = (path: string, size: number) => testNode(path, { size });

  it('sums the sizes of the nodes shown, files and folders, not the folder size of an earlier listing', () => {
    const shown = [sized('/a.txt', 20), sized('/b.txt', 38), testFolder('/Photos', { size: 1000 })];
    expect(totalSize(shown)).toBe(1058);
    // A filter (or a delete) leaves fewer nodes: the total follows.
    expect(totalSize(shown.slice(0, 2))).toBe(58);
    expect(totalSize([])).toBe(0);
  });
});
