/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { isDownloadable } from '@cumulus/sdk';
import type { View } from '@cumulus/sdk';
import { fake, installFakeServer, share } from './test-support/fakeServer';
import { sharingViews } from './views';

const t = (key: string): string => key;
let uninstall: () => void;
beforeEach(() => {
  uninstall = installFakeServer('bob');
});
afterEach(() => uninstall());

const view = (id: string): View => {
  const found = sharingViews(t).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no view ${id}`);
  return found;
};

const listing = (folder: string, children: string[], childProps = ''): string =>
  `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">` +
  `<d:response><d:href>${folder}/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><oc:permissions>SG</oc:permissions><nc:mount-type>shared</nc:mount-type></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>` +
  children.map((child) => `<d:response><d:href>${folder}/${child}</d:href><d:propstat><d:prop><d:resourcetype/><oc:permissions>SG</oc:permissions>${childProps}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`).join('') +
  `</d:multistatus>`;

describe('the sharing views', () => {
  it('list received shares at their paths in the user files tree, with who shared them', async () => {
    fake.shares = [share({ share_type: 0, path: '/Photos', permissions: 1 })];
    const contents = await view('sharingin').getContents('/');
    expect(fake.calls[0]?.url).toBe('/ocs/v2.php/apps/files_sharing/api/v1/shares?shared_with_me=true&format=json');
    expect(contents.folder).toMatchObject({ path: '/', root: '/sharing/sharingin', permissions: 1 });
    // A mount root: read-only inside, yet the recipient may rename, move and leave it (UPDATE, DELETE).
    expect(contents.contents.map((node) => [node.source, node.permissions, node.attributes['mount-type'], node.attributes['is-mount-root'], node.attributes['owner-display-name']])).toEqual([
      [`${location.origin}/remote.php/dav/files/bob/Photos`, 11, 'shared', true, 'Admin'],
    ]);
  });

  it('show each shared item as WebDAV has it at the user path: its etag and the permissions there', async () => {
    fake.shares = [share({ share_type: 0, path: '/Photos', permissions: 1, item_source: 42 })];
    fake.folders['/remote.php/dav/files/bob/Photos'] =
      `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">` +
      `<d:response><d:href>/remote.php/dav/files/bob/Photos/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><d:getetag>&quot;abc123&quot;</d:getetag><oc:fileid>42</oc:fileid><oc:permissions>SGDNV</oc:permissions><nc:mount-type>shared</nc:mount-type><nc:is-mount-root>true</nc:is-mount-root></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;
    const { contents } = await view('sharingin').getContents('/');
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PROPFIND', url: `${location.origin}/remote.php/dav/files/bob/Photos` });
    expect(fake.calls.at(-1)?.headers).toMatchObject({ Depth: '0' });
    expect(contents.map((node) => [node.path, node.attributes.etag, node.permissions, node.attributes['is-mount-root']])).toEqual([['/Photos', 'abc123', 11, true]]);
  });

  it("open a shared folder where the user has it: the real folder over WebDAV, its children's download restriction included", async () => {
    fake.shares = [share({ share_type: 0, path: '/Photos', permissions: 1 })];
    fake.folders['/remote.php/dav/files/bob/Photos/Trip'] = listing('/remote.php/dav/files/bob/Photos/Trip', ['a.txt'], '<nc:share-attributes>[{"scope":"permissions","key":"download","value":false}]</nc:share-attributes>');
    const { folder, contents } = await view('sharingin').getContents('/Photos/Trip');
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PROPFIND', url: `${location.origin}/remote.php/dav/files/bob/Photos/Trip` });
    expect(fake.calls.at(-1)?.headers).toMatchObject({ Depth: '1' });
    expect(folder).toMatchObject({ path: '/Photos/Trip', displayname: 'Trip', attributes: { 'mount-type': 'shared' } });
    expect(contents.map((node) => [node.path, isDownloadable(node)])).toEqual([['/Photos/Trip/a.txt', false]]);
  });

  it('list, in a folder above shared items (a breadcrumb), only the shared items below it', async () => {
    fake.shares = [share({ share_type: 0, path: '/Projects/Q1', share_with: 'carol' }), share({ share_type: 0, path: '/Projects/Q2/plan.txt', item_type: 'file', mimetype: 'text/plain', share_with: 'carol' }), share({ share_type: 0, path: '/Other' })];
    const { folder, contents } = await view('sharingout').getContents('/Projects');
    // The real folder is not listed: only the shared items are read (Depth 0) for their etags.
    expect(fake.calls.some((call) => call.method === 'PROPFIND' && call.headers['Depth'] !== '0')).toBe(false);
    expect(folder).toMatchObject({ path: '/Projects', displayname: 'Projects', root: '/sharing/sharingout', source: `${location.origin}/sharing/sharingout/Projects`, permissions: 1 });
    expect(contents.map((node) => node.path)).toEqual(['/Projects/Q1', '/Projects/Q2/plan.txt']);
  });

  it('keep to their own kind: links in Shared by link, user shares in Shared with others', async () => {
    fake.shares = [share({ share_type: 3, path: '/Links' }), share({ share_type: 0, path: '/Users', share_with: 'carol' })];
    expect((await view('sharinglinks').getContents('/')).contents.map((node) => [node.path, node.attributes['share-types']])).toEqual([['/Links', [3]]]);
    expect((await view('sharingout').getContents('/')).contents.map((node) => [node.path, node.attributes['share-types']])).toEqual([['/Users', [0]]]);
  });
});
