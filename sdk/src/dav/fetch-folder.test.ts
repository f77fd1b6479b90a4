/** @jest-environment node */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { DavRequestError } from './fetch-nodes';
import { fetchDavFolder } from './fetch-folder';

const ORIGIN = 'http://cloud.test';
const session = { origin: ORIGIN, uid: 'bob', requestToken: 'tok' };
const folderAnswer = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">
 <d:response><d:href>/remote.php/dav/files/bob/Photos%202026/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><oc:fileid>7</oc:fileid><oc:permissions>SG</oc:permissions><nc:mount-type>shared</nc:mount-type></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
 <d:response><d:href>/remote.php/dav/files/bob/Photos%202026/beach.txt</d:href><d:propstat><d:prop><d:resourcetype/><oc:fileid>8</oc:fileid><nc:share-attributes>[{"scope":"permissions","key":"download","value":false}]</nc:share-attributes></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
</d:multistatus>`;


// nock patches node's shared http and fetch; a test file after this one in the same jest
// worker (an e2e test against a real server) must get them back unpatched and allowed to connect.
beforeAll(() => {
  nock.disableNetConnect();
});
afterEach(() => {
  nock.cleanAll();
});
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('fetchDavFolder', () => {
  it('lists the folder with Depth 1 at its encoded path: the folder first, then its children with their attributes', async () => {
    const scope = nock(ORIGIN, { reqheaders: { depth: '1', requesttoken: 'tok' } }).intercept('/remote.php/dav/files/bob/Photos%202026', 'PROPFIND').reply(207, folderAnswer);
    const { folder, contents } = await fetchDavFolder(session, '/Photos 2026');
    expect(folder).toMatchObject({ type: 'folder', path: '/Photos 2026', fileid: 7, attributes: { 'mount-type': 'shared' } });
    expect(contents.map((node) => [node.path, node.attributes['share-attributes']])).toEqual([['/Photos 2026/beach.txt', [{ scope: 'permissions', key: 'download', value: false }]]]);
    scope.done();
  });

  it('stands in a read-only folder when the answer lacks the folder itself', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/bob/Empty', 'PROPFIND').reply(207, '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"/>');
    const { folder, contents } = await fetchDavFolder(session, '/Empty');
    expect(folder).toMatchObject({ type: 'folder', path: '/Empty', permissions: 1, source: `${ORIGIN}/remote.php/dav/files/bob/Empty` });
    expect(contents).toEqual([]);
  });

  it('fails with the status when the folder is not there', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/bob/Gone', 'PROPFIND').reply(404, '');
    const error = await fetchDavFolder(session, '/Gone').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DavRequestError);
    expect(error).toMatchObject({ status: 404 });
  });
});
