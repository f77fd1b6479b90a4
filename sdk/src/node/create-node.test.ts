import { describe, expect, it } from '@jest/globals';
import { createNode, moveNode, moveNodeInto, renameNode } from './create-node';
import { Permission } from './permissions';

const base = 'https://cloud.example/remote.php/dav/files/alice';

describe('createNode', () => {
  it('derives dirname, basename, extension and displayname from the source below the root', () => {
    const node = createNode({ source: `${base}/Photos/My%20trip.tar.gz`, root: '/files/alice', type: 'file', fileid: 42 });
    expect(node).toEqual({
      source: `${base}/Photos/My%20trip.tar.gz`,
      path: '/Photos/My trip.tar.gz',
      dirname: '/Photos',
      basename: 'My trip.tar.gz',
      displayname: 'My trip.tar.gz',
      extension: '.gz',
      type: 'file',
      permissions: Permission.NONE,
      root: '/files/alice',
      owner: null,
      mime: 'application/octet-stream',
      attributes: {},
      fileid: 42,
    });
  });

  it('gives folders no extension and the folder MIME type', () => {
    const folder = createNode({ source: `${base}/archive.d/`, root: '/files/alice', type: 'folder' });
    expect(folder.extension).toBe('');
    expect(folder.mime).toBe('httpd/unix-directory');
    expect(folder.source).toBe(`${base}/archive.d`);
    expect(folder.basename).toBe('archive.d');
  });

  it('names the root folder after the root and gives it the path /', () => {
    const root = createNode({ source: `${base}/`, root: '/files/alice', type: 'folder' });
    expect(root.path).toBe('/');
    expect(root.dirname).toBe('/');
    expect(root.basename).toBe('alice');
  });

  it('keeps a given path and displayname', () => {
    const node = createNode({ source: `${base}/x`, root: '/files/alice', type: 'file', path: '/x', displayname: 'Shown name' });
    expect(node.path).toBe('/x');
    expect(node.displayname).toBe('Shown name');
  });

  it('builds a plain serialisable object that does not share the input attributes', () => {
    const attributes = { favorite: 1 as const };
    const node = createNode({ source: `${base}/x`, root: '/files/alice', type: 'file', attributes, _children: [] });
    expect(JSON.parse(JSON.stringify(node))).toEqual(node);
    expect(node.attributes).not.toBe(attributes);
  });

  it.each([
    ['a relative source', { source: '/remote.php/dav/files/alice/x' }, /source must be an absolute http\(s\) URL/],
    ['a non-http source', { source: 'ftp://cloud.example/files/alice/x' }, /source must be an absolute http\(s\) URL/],
    ['a path without a leading slash', { path: 'x' }, /path must start with "\/"/],
    ['a root without a leading slash', { root: 'files/alice' }, /root must start with "\/"/],
    ['a root that is not in the source', { root: '/files/bob' }, /root "\/files\/bob" is not part of the source/],
    ['permissions above 31', { permissions: 32 }, /permissions must be an integer within 0..31/],
    ['negative permissions', { permissions: -1 }, /permissions must be an integer within 0..31/],
    ['fractional permissions', { permissions: 1.5 }, /permissions must be an integer within 0..31/],
    ['an unknown type', { type: 'link' }, /type must be "file" or "folder"/],
    ['an unknown status', { status: 'busy' }, /status must be one of loading, failed, empty/],
    ['a MIME type without a slash', { mime: 'text' }, /mime must be a MIME type/],
    ['a negative fileid', { fileid: -3 }, /fileid must be a finite integer of at least 0/],
    ['a NaN mtime', { mtime: Number.NaN }, /mtime must be a finite number/],
  ])('refuses %s with a clear error', (_label, override, message) => {
    const init = { source: `${base}/x`, root: '/files/alice', type: 'file', ...override } as Parameters<typeof createNode>[0];
    expect(() => createNode(init)).toThrow(message);
    try {
      createNode(init);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('invalid-node');
    }
  });
});

describe('renameNode', () => {
  const node = createNode({ source: `${base}/Docs/old.txt`, root: '/files/alice', type: 'file', fileid: 7, _children: [] });

  it('recomputes source, path, basename, extension and displayname, leaving the input alone', () => {
    const renamed = renameNode(node, 'new name.md');
    expect(renamed.source).toBe(`${base}/Docs/new%20name.md`);
    expect(renamed.path).toBe('/Docs/new name.md');
    expect(renamed.basename).toBe('new name.md');
    expect(renamed.extension).toBe('.md');
    expect(renamed.displayname).toBe('new name.md');
    expect(renamed.fileid).toBe(7);
    expect(renamed._children).toBeUndefined();
    expect(node.basename).toBe('old.txt');
  });

  it('keeps a displayname that differs from the basename', () => {
    const shown = createNode({ source: `${base}/Docs/old.txt`, root: '/files/alice', type: 'file', displayname: 'Report' });
    expect(renameNode(shown, 'b.txt').displayname).toBe('Report');
  });

  it.each(['', 'a/b', '.', '..'])('refuses the name %j', (name) => {
    expect(() => renameNode(node, name)).toThrow(/basename must be a single path segment/);
  });
});

describe('moveNode / moveNodeInto', () => {
  const node = createNode({ source: `${base}/Docs/a.txt`, root: '/files/alice', type: 'file' });
  const folder = createNode({ source: `${base}/Archive/2024`, root: '/files/alice', type: 'folder', permissions: Permission.ALL });

  it('reads the new path from the destination source', () => {
    const moved = moveNode(node, `${base}/Archive/b.txt`);
    expect(moved.path).toBe('/Archive/b.txt');
    expect(moved.dirname).toBe('/Archive');
    expect(moved.basename).toBe('b.txt');
    expect(moved.displayname).toBe('b.txt');
  });

  it('refuses a destination outside the root', () => {
    expect(() => moveNode(node, 'https://cloud.example/remote.php/dav/files/bob/a.txt')).toThrow(/not part of the source/);
    expect(() => moveNode(node, 'not a url')).toThrow(/absolute http\(s\) URL/);
  });

  it('moves into a folder keeping the basename', () => {
    const moved = moveNodeInto(node, folder);
    expect(moved.source).toBe(`${base}/Archive/2024/a.txt`);
    expect(moved.path).toBe('/Archive/2024/a.txt');
  });
});
