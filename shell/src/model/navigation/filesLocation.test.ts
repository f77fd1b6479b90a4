import { describe, expect, it } from '@jest/globals';
import { filesPath, normaliseDir, parseOpenFile, readFilesLocation } from './filesLocation';

describe('files routes', () => {
  it('keeps slashes unescaped in the dir query and escapes the rest', () => {
    expect(filesPath({ view: 'files', dir: '/Photos/2024 & more' })).toBe('/files?dir=/Photos/2024%20%26%20more');
    expect(filesPath({ view: 'files', dir: '/a', fileid: 12, openfile: true })).toBe('/files/12?dir=/a&openfile=true');
  });

  it('defaults dir to / and removes trailing slashes', () => {
    expect(normaliseDir(null)).toBe('/');
    expect(normaliseDir('')).toBe('/');
    expect(normaliseDir('/a/b/')).toBe('/a/b');
    expect(normaliseDir('///')).toBe('/');
    expect(normaliseDir('a')).toBe('/a');
  });

  it('reads openfile as true unless it is false', () => {
    expect(parseOpenFile('true')).toBe(true);
    expect(parseOpenFile('')).toBe(true);
    expect(parseOpenFile('1')).toBe(true);
    expect(parseOpenFile('false')).toBe(false);
    expect(parseOpenFile('False')).toBe(false);
    expect(parseOpenFile('FALSE')).toBe(false);
    expect(parseOpenFile(null)).toBe(false);
  });

  it('reads view, digits-only fileid, dir and openfile from the route', () => {
    expect(readFilesLocation({ view: 'favorites', fileid: '42' }, new URLSearchParams('dir=/x/&openfile=false'))).toEqual({
      view: 'favorites',
      dir: '/x',
      fileid: 42,
      openfile: false,
    });
    expect(readFilesLocation({ view: 'files', fileid: '4a' }, new URLSearchParams(''))).toEqual({ view: 'files', dir: '/', fileid: null, openfile: false });
  });
});
