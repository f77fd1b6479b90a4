/** @jest-environment node */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { recentContents, searchCapabilities } from './recentSearch';

const ORIGIN = 'http://cloud.test';
const session = { origin: ORIGIN, uid: 'alice', requestToken: 'tok' };
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const SINCE = NOW / 1000 - 14 * 86_400;
const answer = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">
<d:response><d:href>/remote.php/dav/files/alice/Docs/new.txt</d:href><d:propstat><d:prop><d:resourcetype/><oc:fileid>4</oc:fileid></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
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

describe('recentContents', () => {
  it('SEARCHes /remote.php/dav/ for the last 14 days by upload time and last activity when the server supports them', async () => {
    let body = '';
    const scope = nock(ORIGIN, { reqheaders: { requesttoken: 'tok' } })
      .intercept('/remote.php/dav/', 'SEARCH', (sent: string) => ((body = sent), true))
      .reply(207, answer);
    const { folder, contents } = await recentContents(session, { uploadTime: true, lastActivity: true }, NOW);
    scope.done();
    expect(contents.map((node) => node.path)).toEqual(['/Docs/new.txt']);
    expect(folder).toMatchObject({ path: '/', root: '/recent', permissions: 1 });
    expect(body).toContain('<d:href>/files/alice/</d:href><d:depth>infinity</d:depth>');
    expect(body).toContain(`<d:gt><d:prop><nc:upload_time/></d:prop><d:literal>${SINCE}</d:literal></d:gt>`);
    expect(body).toContain('<d:prop><nc:last_activity/></d:prop><d:descending/>');
    expect(body).toContain('<d:nresults>100</d:nresults>');
  });
});

describe('searchCapabilities', () => {
  it('reads dav.search_supports_upload_time and dav.search_supports_last_activity; a failure means neither', async () => {
    nock(ORIGIN, { reqheaders: { 'ocs-apirequest': 'true' } })
      .get('/ocs/v2.php/cloud/capabilities?format=json')
      .reply(200, { ocs: { data: { capabilities: { dav: { search_supports_upload_time: true } } } } });
    expect(await searchCapabilities(session)).toEqual({ uploadTime: true, lastActivity: false });
    nock(ORIGIN).get('/ocs/v2.php/cloud/capabilities?format=json').reply(500);
    expect(await searchCapabilities(session)).toEqual({ uploadTime: false, lastActivity: false });
  });
});
