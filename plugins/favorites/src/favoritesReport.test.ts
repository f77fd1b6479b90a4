/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { favoritesReportBody } from './favoritesReport';

describe('favoritesReportBody', () => {
  it('is the filter-files report of the favorites with the asked properties', () => {
    const body = favoritesReportBody(['oc:fileid', 'd:getetag']);
    expect(body).toContain('<oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"');
    expect(body).toContain('<d:prop><oc:fileid/><d:getetag/></d:prop>');
    expect(body).toContain('<oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules>');
    expect(() => favoritesReportBody(['x:nope'])).toThrow('Unknown WebDAV property "x:nope"');
  });
});
