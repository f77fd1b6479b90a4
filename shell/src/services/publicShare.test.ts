/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { canUpload, downloadsAllowed, publicShareMode, readPublicShare } from './publicShare';
import type { PublicShare } from './publicShare';

function pageWith(facts: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (facts !== undefined) doc.head.setAttribute('data-public-share', typeof facts === 'string' ? facts : JSON.stringify(facts));
  return doc;
}

const FOLDER = { token: 'Abc2345678defgh', type: 'folder', name: 'Holiday', fileName: 'Photos', mime: 'httpd/unix-directory', size: 10, mtime: 1700000000, permissions: 1, hideDownload: false, downloadable: true, ownerDisplayName: 'Alice', note: '' };

function share(changes: Partial<PublicShare>): PublicShare {
  return { ...(FOLDER as PublicShare), ...changes };
}

describe('readPublicShare', () => {
  it('reads the link the page is for from <head data-public-share>', () => {
    expect(readPublicShare(pageWith(FOLDER))).toEqual(FOLDER);
  });

  it('is null on a signed-in page and for an attribute that describes no link', () => {
    expect(readPublicShare(pageWith(undefined))).toBeNull();
    expect(readPublicShare(pageWith('{not json'))).toBeNull();
    expect(readPublicShare(pageWith({ ...FOLDER, token: '' }))).toBeNull();
    expect(readPublicShare(pageWith({ ...FOLDER, type: 'link' }))).toBeNull();
    expect(readPublicShare(pageWith({ ...FOLDER, permissions: '1' }))).toBeNull();
  });

  it('names the share by its node when the label is empty, and takes downloads as allowed unless refused', () => {
    const read = readPublicShare(pageWith({ token: 't0ken', type: 'file', name: '', fileName: 'a.txt', permissions: 1 }));
    expect(read).toMatchObject({ name: 'a.txt', fileName: 'a.txt', hideDownload: false, downloadable: true, note: '', size: -1 });
  });
});

describe('what a link allows', () => {
  it('a folder with READ lists, a file shows one file, CREATE without READ is a file drop', () => {
    expect(publicShareMode(share({}))).toBe('folder');
    expect(publicShareMode(share({ type: 'file' }))).toBe('file');
    expect(publicShareMode(share({ permissions: 4 }))).toBe('drop');
  });

  it('uploads only into a folder link with CREATE', () => {
    expect(canUpload(share({ permissions: 1 }))).toBe(false);
    expect(canUpload(share({ permissions: 15 }))).toBe(true);
    expect(canUpload(share({ permissions: 4 }))).toBe(true);
    expect(canUpload(share({ type: 'file', permissions: 5 }))).toBe(false);
  });

  it('offers downloads only with READ, without hide download and without the download attribute refusing them', () => {
    expect(downloadsAllowed(share({}))).toBe(true);
    expect(downloadsAllowed(share({ hideDownload: true }))).toBe(false);
    expect(downloadsAllowed(share({ downloadable: false }))).toBe(false);
    expect(downloadsAllowed(share({ permissions: 4 }))).toBe(false);
  });
});
