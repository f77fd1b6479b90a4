import { describe, expect, it } from '@jest/globals';
import {
  checkFilename,
  DEFAULT_FORBIDDEN_CHARACTERS,
  DEFAULT_FORBIDDEN_EXTENSIONS,
  DEFAULT_RESERVED_BASENAMES,
  DEFAULT_RESERVED_NAMES,
  filenameErrorMessage,
  InvalidFilenameError,
  isFilenameValid,
  isInvalidFilenameError,
  uploadFilenameErrorMessage,
  validateFilename,
} from './filename';

function reasonOf(name: string, rules = {}) {
  const error = checkFilename(name, rules);
  return error && { reason: error.reason, segment: error.segment };
}

describe('filename defaults (product §5)', () => {
  it('forbids slash and backslash, reserves .htaccess, no base names, .part and .filepart', () => {
    expect(DEFAULT_FORBIDDEN_CHARACTERS).toEqual(['/', '\\']);
    expect(DEFAULT_RESERVED_NAMES).toEqual(['.htaccess']);
    expect(DEFAULT_RESERVED_BASENAMES).toEqual([]);
    expect(DEFAULT_FORBIDDEN_EXTENSIONS).toEqual(['.part', '.filepart']);
  });
});

describe('checkFilename / validateFilename', () => {
  it('accepts ordinary names', () => {
    expect(checkFilename('Report 2024.pdf')).toBeNull();
    expect(isFilenameValid('.bashrc')).toBe(true);
    expect(() => validateFilename('notes.txt')).not.toThrow();
  });
  it('refuses empty and blank names', () => {
    expect(reasonOf('')).toEqual({ reason: 'empty', segment: '' });
    expect(reasonOf('   ')).toEqual({ reason: 'empty', segment: '' });
  });
  it('refuses the forbidden characters with the character as segment', () => {
    expect(reasonOf('a/b')).toEqual({ reason: 'character', segment: '/' });
    expect(reasonOf('a\\b')).toEqual({ reason: 'character', segment: '\\' });
  });
  it('takes the forbidden characters from the rules', () => {
    expect(reasonOf('a:b', { forbiddenCharacters: [':'] })).toEqual({ reason: 'character', segment: ':' });
    expect(reasonOf('a/b', { forbiddenCharacters: [':'] })).toBeNull();
  });
  it('refuses .htaccess in any letter case', () => {
    expect(reasonOf('.htaccess')).toEqual({ reason: 'reserved-name', segment: '.htaccess' });
    expect(reasonOf('.HTAccess')).toEqual({ reason: 'reserved-name', segment: '.HTAccess' });
    expect(reasonOf('.htaccess.txt')).toBeNull();
  });
  it('refuses configured base names, the base ending at the first dot after position 1', () => {
    const rules = { reservedBasenames: ['CON', '.env'] };
    expect(reasonOf('con.txt', rules)).toEqual({ reason: 'reserved-name', segment: 'con' });
    expect(reasonOf('Con.tar.gz', rules)).toEqual({ reason: 'reserved-name', segment: 'Con' });
    expect(reasonOf('con', rules)).toEqual({ reason: 'reserved-name', segment: 'con' });
    expect(reasonOf('.env.local', rules)).toEqual({ reason: 'reserved-name', segment: '.env' });
    expect(reasonOf('console.txt', rules)).toBeNull();
  });
  it('refuses forbidden extensions only when the name is longer than the extension', () => {
    expect(reasonOf('movie.mp4.part')).toEqual({ reason: 'extension', segment: '.part' });
    expect(reasonOf('movie.FILEPART')).toEqual({ reason: 'extension', segment: '.filepart' });
    expect(reasonOf('.part')).toBeNull();
  });
  it('checks characters before the other rules', () => {
    expect(reasonOf('x/.part')).toEqual({ reason: 'character', segment: '/' });
  });
  it('throws a typed error recognised by its code', () => {
    let thrown: unknown;
    try {
      validateFilename('a/b');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidFilenameError);
    expect(isInvalidFilenameError(thrown)).toBe(true);
    expect(isInvalidFilenameError({ code: 'invalid-filename', reason: 'character', segment: '/' })).toBe(true);
    expect(isInvalidFilenameError(new Error('x'))).toBe(false);
    expect(thrown).toMatchObject({ reason: 'character', segment: '/', filename: 'a/b' });
  });
});

describe('filenameErrorMessage (rename wording)', () => {
  const message = (name: string, rules = {}) => filenameErrorMessage(checkFilename(name, rules));
  it('uses the spec strings', () => {
    expect(message(' ')).toBe('Filename must not be empty.');
    expect(message('a/b')).toBe('"/" is not allowed inside a filename.');
    expect(message('.htaccess')).toBe('".htaccess" is a reserved name and not allowed for filenames.');
    expect(message('a.part')).toBe('".part" is not an allowed filetype.');
    expect(message('a~', { forbiddenExtensions: ['~'] })).toBe('Filenames must not end with "~".');
    expect(filenameErrorMessage(new Error('boom'))).toBe('Invalid filename.');
  });
  it('passes the English key and the variables to the translate function', () => {
    const calls: unknown[] = [];
    const t = (key: string, vars?: Record<string, string | number>) => {
      calls.push([key, vars]);
      return 'übersetzt';
    };
    expect(filenameErrorMessage(checkFilename('a/b'), t)).toBe('übersetzt');
    expect(calls).toEqual([['"{char}" is not allowed inside a filename.', { char: '/' }]]);
  });
});

describe('uploadFilenameErrorMessage (upload wording)', () => {
  const message = (name: string, rules = {}) => uploadFilenameErrorMessage(checkFilename(name, rules));
  it('uses the spec strings', () => {
    expect(message('a\\b')).toBe('"\\" is not allowed inside a file or folder name.');
    expect(message('.HTACCESS')).toBe('".HTACCESS" is a forbidden file or folder name.');
    expect(message('a.filepart')).toBe('".filepart" is a forbidden file type.');
    expect(message('a~', { forbiddenExtensions: ['~'] })).toBe('Filenames must not end with "~".');
    expect(message('')).toBe('Filename must not be empty.');
    expect(uploadFilenameErrorMessage(null)).toBe('Invalid filename.');
  });
});
