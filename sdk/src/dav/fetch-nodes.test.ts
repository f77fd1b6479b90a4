/** @jest-environment node */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { DavRequestError, fetchDavNodes, readDavNodes } from './fetch-nodes';

const ORIGIN = 'http://cloud.test';
const answer = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">
 <d:response><d:href>/remote.php/dav/files/alice/Docs/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><oc:fileid>12</oc:fileid><oc:favorite>1</oc:favorite><oc:permissions>RGDNVCK</oc:permissions></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
 <d:response><d:href>/remote.php/dav/files/alice/Docs/a%20b.txt</d:href><d:propstat><d:prop><d:resourcetype/><oc:fileid>13</oc:fileid><oc:favorite>0</oc:favorite><d:getcontenttype>text/plain</d:getcontenttype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
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

describe('readDavNodes', () => {
  it("builds the user's nodes of a multistatus: paths below the root, sources as URLs, favorites as attributes", () => {
    const [folder, file] = readDavNodes(answer, `${ORIGIN}/remote.php/dav`, '/files/alice');
    expect(folder).toMatchObject({ type: 'folder', path: '/Docs', fileid: 12, source: `${ORIGIN}/remote.php/dav/files/alice/Docs`, attributes: { favorite: 1 } });
    expect(file).toMatchObject({ type: 'file', path: '/Docs/a b.txt', basename: 'a b.txt', dirname: '/Docs', mime: 'text/plain', attributes: { favorite: 0 } });
  });
});

describe('fetchDavNodes', () => {
  const session = { origin: ORIGIN, uid: 'alice', requestToken: 'tok' };
  it('sends the request with the CSRF token and reads the nodes', async () => {
    const scope = nock(ORIGIN, { reqheaders: { requesttoken: 'tok', 'content-type': 'application/xml; charset=utf-8' } })
      .intercept('/remote.php/dav/files/alice/', 'REPORT', '<body/>')
      .reply(207, answer);
    const nodes = await fetchDavNodes(session, { method: 'REPORT', path: '/files/alice/', body: '<body/>' });
    expect(nodes.map((node) => node.path)).toEqual(['/Docs', '/Docs/a b.txt']);
    scope.done();
  });

  it('fails with the status for any answer but a multistatus', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/', 'REPORT').reply(415, '<d:error/>');
    const error = await fetchDavNodes(session, { method: 'REPORT', path: '/files/alice/', body: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DavRequestError);
    expect(error).toMatchObject({ status: 415 });
  });
});
