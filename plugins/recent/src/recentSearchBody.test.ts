/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { recentSearchBody } from './recentSearchBody';

describe('recentSearchBody', () => {
  const since = 1_700_000_000;
  it('searches the whole tree of the user for files and empty folders changed after `since`, newest first, 100 at most', () => {
    const body = recentSearchBody({ uid: 'alice', since, uploadTime: true, lastActivity: true, properties: ['oc:fileid'] });
    expect(body).toContain('<d:scope><d:href>/files/alice/</d:href><d:depth>infinity</d:depth></d:scope>');
    expect(body).toContain(
      '<d:or><d:not><d:eq><d:prop><d:getcontenttype/></d:prop><d:literal>httpd/unix-directory</d:literal></d:eq></d:not><d:eq><d:prop><oc:size/></d:prop><d:literal>0</d:literal></d:eq></d:or>',
    );
    expect(body).toContain(`<d:or><d:gt><d:prop><d:getlastmodified/></d:prop><d:literal>${since}</d:literal></d:gt><d:gt><d:prop><nc:upload_time/></d:prop><d:literal>${since}</d:literal></d:gt></d:or>`);
    expect(body).toContain('<d:orderby><d:order><d:prop><nc:last_activity/></d:prop><d:descending/></d:order></d:orderby>');
    expect(body).toContain('<d:limit><d:nresults>100</d:nresults><ns:firstresult>0</ns:firstresult></d:limit>');
  });

  it('without the capabilities compares and orders by the modification time only; the uid is encoded', () => {
    const body = recentSearchBody({ uid: 'a b&<c>', since: since + 0.7 });
    expect(body).not.toContain('<d:prop><nc:upload_time/></d:prop>');
    expect(body).toContain(`<d:gt><d:prop><d:getlastmodified/></d:prop><d:literal>${since}</d:literal></d:gt></d:and>`);
    expect(body).toContain('<d:order><d:prop><d:getlastmodified/></d:prop><d:descending/></d:order>');
    expect(body).toContain('<d:href>/files/a%20b%26%3Cc%3E/</d:href>');
  });
});
