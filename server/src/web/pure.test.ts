import { describe, expect, it } from '@jest/globals';
import { fileLinkTarget } from './file-link';
import { escapeHtml, safeRedirect } from './html';
import { renderLoginPage } from './login-page';
import { injectHead } from './shell';
import { isHashedAsset, staticSegments } from './static-files';

describe('redirects after signing in', () => {
  it('keeps local paths', () => {
    expect(safeRedirect('/apps/files/files/3?dir=/a')).toBe('/apps/files/files/3?dir=/a');
  });
  it('falls back to the files app for other hosts, loops and junk', () => {
    for (const target of ['//evil', '/\\evil', 'https://evil', 'evil', '/login', '/logout', '/a\nb', 42, undefined]) {
      expect(safeRedirect(target)).toBe('/apps/files/');
    }
  });
});

describe('static paths', () => {
  it('decodes once and refuses traversal, backslashes, NUL and encoded slashes', () => {
    expect(staticSegments('a/b%20c.js')).toEqual(['a', 'b c.js']);
    expect(staticSegments('a//b/')).toEqual(['a', 'b']);
    for (const tail of ['..', '%2e%2e/x', 'a/%2E%2E', 'a%2fb', 'a%5cb', 'a\\b', 'a%00', '%E0%A4%A']) expect(() => staticSegments(tail)).toThrow();
  });
  it('recognises content-hashed names', () => {
    expect(isHashedAsset('main.0123abcd.js')).toBe(true);
    expect(isHashedAsset('vendor-89abcdef01.css')).toBe(true);
    expect(isHashedAsset('remoteEntry.js')).toBe(false);
  });
});

describe('the app page', () => {
  it('puts escaped user data on <head>', () => {
    expect(injectHead('<html><head lang="x"><title>t</title></head></html>', { 'data-user': 'a"b' })).toBe('<html><head lang="x" data-user="a&quot;b"><title>t</title></head></html>');
  });
});

describe('the sign-in page', () => {
  it('escapes what it echoes and announces errors', () => {
    const html = renderLoginPage({ requestToken: 't', redirectUrl: '/x', user: '<script>', error: 'Wrong login or password.' });
    expect(html).not.toContain('<script>');
    expect(html).toContain(escapeHtml('<script>'));
    expect(html).toContain('<p class="message error" role="alert" id="login-error">Wrong login or password.</p>');
    expect(html).toContain('<title>Sign in – Cumulus Files</title>');
  });
});

describe('file links', () => {
  it('opens a file in its parent folder and a folder as itself, slashes unescaped (product §2)', () => {
    expect(fileLinkTarget({ fileid: 5, path: '/a/b c/d.txt', type: 'file' })).toBe('/apps/files/files/5?dir=/a/b%20c&openfile=true');
    expect(fileLinkTarget({ fileid: 6, path: '/top.txt', type: 'file' })).toBe('/apps/files/files/6?dir=/&openfile=true');
    expect(fileLinkTarget({ fileid: 6, path: '/top.txt', type: 'file' }, false)).toBe('/apps/files/files/6?dir=/');
    expect(fileLinkTarget({ fileid: 7, path: '/a & b', type: 'folder' })).toBe('/apps/files/files/7?dir=/a%20%26%20b');
  });
});
