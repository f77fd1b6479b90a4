import { describe, it, expect } from '@jest/globals';
import { FILENAME_RULES, assertAllowedFilename, filenameProblem } from './filename-rules';
import type { FilenameRuleLists } from './filename-rules';
import { StorageError } from '../../errors';

describe('filename rules', () => {
  it('holds the product §5 defaults', () => {
    expect(FILENAME_RULES).toEqual({
      forbiddenCharacters: ['/', '\\'],
      forbiddenFilenames: ['.htaccess'],
      forbiddenBasenames: [],
      forbiddenExtensions: ['.part', '.filepart'],
    });
    expect(Object.isFrozen(FILENAME_RULES.forbiddenExtensions)).toBe(true);
  });

  it('refuses reserved names in any letter case, with the upload wording', () => {
    expect(filenameProblem('.htaccess')).toBe('".htaccess" is a forbidden file or folder name.');
    expect(filenameProblem('.HTAccess')).toBe('".HTAccess" is a forbidden file or folder name.');
    expect(filenameProblem('.htaccess.txt')).toBeNull();
    expect(filenameProblem('htaccess')).toBeNull();
  });

  it('refuses forbidden endings when the name is longer than the ending, naming the extension', () => {
    expect(filenameProblem('movie.mkv.part')).toBe('".part" is a forbidden file type.');
    expect(filenameProblem('REPORT.PART')).toBe('".part" is a forbidden file type.');
    expect(filenameProblem('setup.exe.filepart')).toBe('".filepart" is a forbidden file type.');
    expect(filenameProblem('.part')).toBeNull();
    expect(filenameProblem('part')).toBeNull();
    expect(filenameProblem('party.txt')).toBeNull();
  });

  it('refuses forbidden characters first, naming the character', () => {
    expect(filenameProblem('a\\b.part')).toBe('"\\" is not allowed inside a file or folder name.');
    expect(filenameProblem('a:b', { ...FILENAME_RULES, forbiddenCharacters: [':'] })).toBe('":" is not allowed inside a file or folder name.');
  });

  it('refuses configured base names: the part before the first dot after position 1', () => {
    const rules = { ...FILENAME_RULES, forbiddenBasenames: ['con', '.env'] };
    expect(filenameProblem('CON.txt', rules)).toBe('"CON" is a forbidden file or folder name.');
    expect(filenameProblem('.env.local', rules)).toBe('".env" is a forbidden file or folder name.');
    expect(filenameProblem('console.txt', rules)).toBeNull();
  });

  it('accepts ordinary names, including the ones WebDAV clients use for their own files', () => {
    for (const name of ['report.pdf', 'Photo 2024 #1 (copy).jpg', 'ünïcödé – ✓.md', '100%.txt', '.hidden', 'litmus', 'rclone-chunk.tmp', '.sync_0123abcd.db', '~$word.docx']) {
      expect(filenameProblem(name)).toBeNull();
    }
  });

  it('throws an invalid-path storage error with the message', () => {
    expect(() => assertAllowedFilename('x.filepart')).toThrow(new StorageError('invalid-path', '".filepart" is a forbidden file type.'));
    expect(() => assertAllowedFilename('x.txt')).not.toThrow();
  });

  it('refuses control characters (U+0000 to U+001F and DEL) in any name, whatever the lists', () => {
    const none: FilenameRuleLists = { forbiddenCharacters: [], forbiddenFilenames: [], forbiddenBasenames: [], forbiddenExtensions: [] };
    for (const name of ['a\u0001b', 'line\nbreak.txt', 'tab\there', 'esc\u001b[31m.txt', 'del\u007f', '\r']) {
      expect(filenameProblem(name)).toBe('Control characters are not allowed inside a file or folder name.');
      expect(filenameProblem(name, none)).toBe('Control characters are not allowed inside a file or folder name.');
    }
    // Not control characters: space, a non-breaking space, a tilde.
    for (const name of ['a b', '\u00a0x', '~x']) expect(filenameProblem(name, none)).toBeNull();
  });
});
