/** @jest-environment node */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { Permission, propfindBody } from '@cumulus/sdk';
import { moveCopyErrorMessage } from '../../features/move-copy/moveCopyError';
import { davMessageOf } from '../davErrorMessage';
import { createDavService, errorStatus } from './davService';

const ORIGIN = 'http://127.0.0.1:18999';

function response(href: string, props: string, collection = false): string {
  return `<d:response><d:href>${href}</d:href><d:propstat><d:prop>
    <d:resourcetype>${collection ? '<d:collection/>' : ''}</d:resourcetype>${props}
  </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
}

const LISTING = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">
${response('/remote.php/dav/files/alice/Docs/', `
  <d:getlastmodified>Tue, 10 Nov 2026 10:00:00 GMT</d:getlastmodified><d:getetag>"f0ld3r"</d:getetag>
  <oc:fileid>12</oc:fileid><oc:permissions>RGDNVCK</oc:permissions><oc:size>3072</oc:size>
  <oc:favorite>0</oc:favorite><oc:owner-id>alice</oc:owner-id><d:quota-available-bytes>5000</d:quota-available-bytes>`, true)}
${response('/remote.php/dav/files/alice/Docs/report%202.pdf', `
  <d:getlastmodified>Wed, 11 Nov 2026 09:30:00 GMT</d:getlastmodified><d:getetag>"0012ab34"</d:getetag>
  <d:getcontentlength>2048</d:getcontentlength><d:getcontenttype>application/pdf</d:getcontenttype>
  <oc:fileid>34</oc:fileid><oc:permissions>RGDNVW</oc:permissions><oc:favorite>1</oc:favorite>
  <oc:owner-id>0042</oc:owner-id><nc:has-preview>true</nc:has-preview>
  <oc:share-types><oc:share-type>0</oc:share-type><oc:share-type>3</oc:share-type></oc:share-types>
  <nc:share-attributes>[{"scope":"permissions","key":"download","value":false}]</nc:share-attributes>`)}
${response('/remote.php/dav/files/alice/Docs/Sub/', `
  <d:getetag>"s"</d:getetag><oc:fileid>56</oc:fileid><oc:permissions>GD</oc:permissions><oc:size>1024</oc:size>
  <oc:share-types/>`, true)}
</d:multistatus>`;

describe('DavService', () => {
  beforeAll(() => {
    nock.disableNetConnect();
  });
  afterEach(() => {
    nock.cleanAll();
  });
  // nock patches node's shared http and fetch; a test file after this one in the
  // same jest worker must get them back unpatched and allowed to connect.
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });

  const dav = () => createDavService({ origin: ORIGIN, uid: 'alice', requestToken: 'tok3n' });

  it('lists a folder with one PROPFIND Depth 1 carrying the SDK body and the request token', async () => {
    let body = '';
    const scope = nock(ORIGIN, { reqheaders: { requesttoken: 'tok3n', depth: '1', 'content-type': 'application/xml; charset=utf-8' } })
      .intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND', (sent: string) => {
        body = sent;
        return true;
      })
      .reply(207, LISTING, { 'Content-Type': 'application/xml; charset=utf-8' });
    const { folder, contents } = await dav().list('/Docs');
    scope.done();
    expect(body).toBe(propfindBody());
    expect(folder).toMatchObject({
      source: `${ORIGIN}/remote.php/dav/files/alice/Docs`,
      path: '/Docs',
      root: '/files/alice',
      type: 'folder',
      fileid: 12,
      size: 3072,
      owner: 'alice',
      permissions: Permission.READ | Permission.UPDATE | Permission.CREATE | Permission.DELETE | Permission.SHARE,
      _children: [`${ORIGIN}/remote.php/dav/files/alice/Docs/report%202.pdf`, `${ORIGIN}/remote.php/dav/files/alice/Docs/Sub`],
    });
    expect(folder.attributes['quota-available-bytes']).toBe(5000);
    expect(contents).toHaveLength(2);
  });

  it('maps a file: path, name, size, mtime, mime, permissions, favorite, share types and attributes, raw-text etag and owner', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs/');
    const file = contents[0]!;
    expect(file).toMatchObject({
      source: `${ORIGIN}/remote.php/dav/files/alice/Docs/report%202.pdf`,
      path: '/Docs/report 2.pdf',
      dirname: '/Docs',
      basename: 'report 2.pdf',
      displayname: 'report 2.pdf',
      extension: '.pdf',
      type: 'file',
      fileid: 34,
      size: 2048,
      mtime: Date.parse('Wed, 11 Nov 2026 09:30:00 GMT'),
      mime: 'application/pdf',
      owner: '0042',
      // R is the share permission.
      permissions: Permission.ALL,
    });
    expect(file.attributes).toMatchObject({
      etag: '0012ab34',
      favorite: 1,
      'share-types': [0, 3],
      'share-attributes': [{ scope: 'permissions', key: 'download', value: false }],
    });
    const sub = contents[1]!;
    expect(sub).toMatchObject({ type: 'folder', path: '/Docs/Sub', size: 1024, permissions: Permission.READ | Permission.DELETE });
    expect(sub.attributes['share-types']).toEqual([]);
    expect(sub.attributes.favorite).toBe(0);
  });

  it('lists the root at /files/{uid}', async () => {
    const root = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">${response(
      '/remote.php/dav/files/alice/',
      '<oc:fileid>1</oc:fileid><oc:permissions>RGDNVCK</oc:permissions>',
      true,
    )}</d:multistatus>`;
    nock(ORIGIN).intercept('/remote.php/dav/files/alice', 'PROPFIND').reply(207, root);
    const { folder, contents } = await dav().list('/');
    expect(folder).toMatchObject({ path: '/', basename: 'alice', source: `${ORIGIN}/remote.php/dav/files/alice`, _children: [] });
    expect(contents).toEqual([]);
  });

  it("on a public link, lists the link's WebDAV (/public.php/dav/files/{token}) as an XHR caller without a request token", async () => {
    const listing = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">${response(
      '/public.php/dav/files/T0ken/Sub/',
      '<oc:fileid>7</oc:fileid><oc:permissions>RGCK</oc:permissions>',
      true,
    )}${response('/public.php/dav/files/T0ken/Sub/a%20b.txt', '<oc:fileid>8</oc:fileid><oc:permissions>G</oc:permissions><d:getcontentlength>3</d:getcontentlength>')}</d:multistatus>`;
    const scope = nock(ORIGIN, { reqheaders: { 'x-requested-with': 'XMLHttpRequest' }, badheaders: ['requesttoken'] })
      .intercept('/public.php/dav/files/T0ken/Sub', 'PROPFIND')
      .reply(207, listing);
    const visitor = createDavService({ origin: ORIGIN, uid: '', publicToken: 'T0ken' });
    const { folder, contents } = await visitor.list('/Sub');
    scope.done();
    expect(visitor.filesUrl).toBe(`${ORIGIN}/public.php/dav/files/T0ken`);
    expect(folder).toMatchObject({ path: '/Sub', root: '/files/T0ken' });
    expect(contents.map((node) => [node.path, node.source])).toEqual([['/Sub/a b.txt', `${ORIGIN}/public.php/dav/files/T0ken/Sub/a%20b.txt`]]);
  });

  it("asks a folder's ETag alone with a PROPFIND Depth 0, and fails with the HTTP status", async () => {
    let body = '';
    const scope = nock(ORIGIN, { reqheaders: { requesttoken: 'tok3n', depth: '0' } })
      .intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND', (sent: string) => {
        body = sent;
        return true;
      })
      .reply(207, `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">${response('/remote.php/dav/files/alice/Docs/', '<d:getetag>W/"f0ld3r"</d:getetag>', true)}</d:multistatus>`);
    expect(await dav().folderEtag('/Docs')).toBe('f0ld3r');
    scope.done();
    expect(body).toContain('<d:getetag/>');
    expect(body).not.toContain('fileid');
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Gone', 'PROPFIND').reply(404, 'Not found');
    expect(errorStatus(await dav().folderEtag('/Gone').catch((caught: unknown) => caught))).toBe(404);
  });

  it('fails with the HTTP status when the folder cannot be listed', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Gone', 'PROPFIND').reply(404, 'Not found');
    const error = await dav().list('/Gone').catch((caught: unknown) => caught);
    expect(errorStatus(error)).toBe(404);
  });

  it('refuses a listing whose first entry is not a folder', async () => {
    const bad = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">${response('/remote.php/dav/files/alice/a.txt', '')}</d:multistatus>`;
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/a.txt', 'PROPFIND').reply(207, bad);
    await expect(dav().list('/a.txt')).rejects.toThrow('Invalid root folder returned');
  });

  it('renames with MOVE, an encoded Destination and Overwrite F', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    const scope = nock(ORIGIN, {
      reqheaders: { destination: `${ORIGIN}/remote.php/dav/files/alice/Docs/new%20name.pdf`, overwrite: 'F', requesttoken: 'tok3n' },
    })
      .intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'MOVE')
      .reply(201);
    await dav().rename(contents[0]!, 'new name.pdf');
    scope.done();
  });

  it('moves and copies into another folder, keeping the name; a clash fails with 412', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    const file = contents[0]!;
    const moved = nock(ORIGIN, { reqheaders: { destination: `${ORIGIN}/remote.php/dav/files/alice/Archive/report%202.pdf`, overwrite: 'F' } })
      .intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'MOVE')
      .reply(201);
    await dav().move(file, '/Archive');
    moved.done();
    const copied = nock(ORIGIN, { reqheaders: { destination: `${ORIGIN}/remote.php/dav/files/alice/Archive/report%202.pdf`, overwrite: 'T' } })
      .intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'COPY')
      .reply(204);
    await dav().copy(file, '/Archive', { overwrite: true });
    copied.done();
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'COPY').reply(412);
    const error = await dav().copy(file, '/Archive').catch((caught: unknown) => caught);
    expect(errorStatus(error)).toBe(412);
  });

  it("keeps the server's s:message on a failed move or copy, for spec §8's 'the message or a generic error'", async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    const body =
      '<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">' +
      '<s:exception>Sabre\\DAV\\Exception\\Forbidden</s:exception><s:message>Quota &amp; rules forbid this</s:message></d:error>';
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'MOVE').reply(403, body, { 'Content-Type': 'application/xml' });
    const moveError = await dav().move(contents[0]!, '/Archive').catch((caught: unknown) => caught);
    expect(errorStatus(moveError)).toBe(403);
    expect(moveCopyErrorMessage(moveError, (key) => key)).toBe('Quota & rules forbid this');
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'COPY').reply(500, 'oops');
    const copyError = await dav().copy(contents[0]!, '/Archive').catch((caught: unknown) => caught);
    expect(davMessageOf(copyError)).toBeUndefined();
    expect(moveCopyErrorMessage(copyError, (key) => key)).toBe('Move or copy operation failed');
  });

  it('moves under a new name when asked (keep both of a conflict)', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    const scope = nock(ORIGIN, { reqheaders: { destination: `${ORIGIN}/remote.php/dav/files/alice/Archive/report%202%20(1).pdf`, overwrite: 'T' } })
      .intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'MOVE')
      .reply(201);
    await dav().move(contents[0]!, '/Archive', { overwrite: true, newName: 'report 2 (1).pdf' });
    scope.done();
  });

  it('deletes, creates folders, and sets favorites with PROPPATCH', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    const deleted = nock(ORIGIN).delete('/remote.php/dav/files/alice/Docs/report%202.pdf').reply(204);
    await dav().remove(contents[0]!);
    deleted.done();
    const made = nock(ORIGIN).intercept('/remote.php/dav/files/alice/New%20folder/', 'MKCOL').reply(201);
    await dav().createDirectory('/New folder');
    made.done();
    // A missing parent (409) is created first, then the folder again.
    const nested = nock(ORIGIN)
      .intercept('/remote.php/dav/files/alice/a/b/', 'MKCOL')
      .reply(409)
      .intercept('/remote.php/dav/files/alice/a/', 'MKCOL')
      .reply(201)
      .intercept('/remote.php/dav/files/alice/a/b/', 'MKCOL')
      .reply(201);
    await dav().createDirectory('/a/b');
    nested.done();
    let patch = '';
    const favorite = nock(ORIGIN)
      .intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'PROPPATCH', (sent: string) => {
        patch = sent;
        return true;
      })
      .reply(207, '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"/>');
    await dav().setFavorite(contents[0]!, true);
    favorite.done();
    expect(patch).toContain('<oc:favorite>1</oc:favorite>');
  });

  it('gives the download URL and the WebDAV URL of the user', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    expect(dav().downloadUrl(contents[0]!)).toBe(`${ORIGIN}/remote.php/dav/files/alice/Docs/report%202.pdf`);
    expect(dav().filesUrl).toBe(`${ORIGIN}/remote.php/dav/files/alice`);
  });
});
