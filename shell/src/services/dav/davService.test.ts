/** @jest-environment node */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { Permission, propfindBody } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { moveCopyErrorMessage } from '../../operations/move-copy/moveCopyError';
import { davMessageOf } from '../davErrorMessage';
import { COMPACT_LISTING_TYPE } from './compactListing';
import { createDavService, errorStatus } from './davService';
import type { DavListing } from './davService';
import type { ListingCache } from './listingCache';
import { FIRST_ROWS } from './propfindListing';

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

/** The compact listing of /Big with `children` files. */
const compactBig = (children: number): string =>
  [
    JSON.stringify({ props: ['{DAV:}getetag', '{DAV:}displayname', '{DAV:}resourcetype'], total: children + 1 }),
    JSON.stringify(['', '&quot;big&quot;', 'Big', '<d:collection/>']),
    ...Array.from({ length: children }, (_, i) => JSON.stringify([`f${i}.txt`, `&quot;e${i}&quot;`, `f${i}.txt`, ''])),
    JSON.stringify({ done: true, count: children + 1 }),
  ].join('\n') + '\n';

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

describe('DavService', () => {

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

  it("stats a node with the listing's builder: the same node, its display name kept as the server's text", async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs/');
    const stat = LISTING.replace(/<d:response>[\s\S]*?<\/d:response>/, '').replace(/<d:response><d:href>\/remote.php\/dav\/files\/alice\/Docs\/Sub\/[\s\S]*?<\/d:response>/, '');
    nock(ORIGIN, { reqheaders: { depth: '0', requesttoken: 'tok3n' } }).intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'PROPFIND').reply(207, stat);
    expect(await dav().stat('/Docs/report 2.pdf')).toEqual(contents[0]);
    // '007' is a name, not the number 7.
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs/report%202.pdf', 'PROPFIND').reply(207, stat.replace('<oc:fileid>34', '<d:displayname>007</d:displayname><oc:fileid>34'));
    expect(await dav().stat('/Docs/report 2.pdf')).toMatchObject({ basename: 'report 2.pdf', displayname: '007' });
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Gone.txt', 'PROPFIND').reply(404);
    expect(errorStatus(await dav().stat('/Gone.txt').catch((caught: unknown) => caught))).toBe(404);
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

  it("keeps the server's s:message on a failed move or copy, for product §8's 'the message or a generic error'", async () => {
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
  });

  it('gives the download URL and the WebDAV URL of the user', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING);
    const { contents } = await dav().list('/Docs');
    expect(dav().downloadUrl(contents[0]!)).toBe(`${ORIGIN}/remote.php/dav/files/alice/Docs/report%202.pdf`);
    expect(dav().filesUrl).toBe(`${ORIGIN}/remote.php/dav/files/alice`);
  });
});

describe('DavService: a page load of a folder the listing cache surely does not hold', () => {
  /** A listing cache whose index names `held`; its database reads are counted. */
  const cacheHolding = (held: string[]) => {
    const reads: string[] = [];
    const cache: ListingCache = {
      mayHold: (path) => held.includes(path),
      get: async (path) => void reads.push(`get ${path}`),
      head: async (path) => void reads.push(`head ${path}`),
      keptHead: () => undefined,
      put: async () => undefined,
      delete: async () => undefined,
    };
    return { cache, reads };
  };

  it('begins the listing while the app boots, and the first list of that folder takes it: one request, no database read', async () => {
    let requested = (): void => undefined;
    const sent = new Promise<void>((resolve) => (requested = resolve));
    const scope = nock(ORIGIN)
      .intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND')
      .reply(207, () => {
        requested();
        return LISTING;
      }, { 'Content-Type': 'application/xml; charset=utf-8' });
    const { cache, reads } = cacheHolding([]);
    const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cache });
    dav.readKeptAhead('/Docs');
    // On the wire before anyone asked for the folder.
    await sent;
    // Nothing kept: answered at once, without reading the database.
    await expect(dav.keptList('/Docs', { onFirstRows: () => undefined })).resolves.toBeUndefined();
    const { folder, contents } = await dav.list('/Docs');
    scope.done();
    expect(folder.attributes.etag).toBe('f0ld3r');
    expect(contents.map((node) => node.basename)).toEqual(['report 2.pdf', 'Sub']);
    expect(reads).toEqual([]);
    // Taken once: the next listing of the folder asks the server again.
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING, { 'Content-Type': 'application/xml; charset=utf-8' });
    await expect(dav.list('/Docs')).resolves.toMatchObject({ contents: [{ basename: 'report 2.pdf' }, { basename: 'Sub' }] });
  });

  it("hands a big folder's first rows to the list that takes the listing, whether they were read before or after", async () => {
    for (const late of [false, true]) {
      nock(ORIGIN).intercept('/remote.php/dav/files/alice/Big', 'PROPFIND').reply(207, compactBig(FIRST_ROWS + 50), { 'Content-Type': COMPACT_LISTING_TYPE });
      const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cacheHolding([]).cache });
      dav.readKeptAhead('/Big');
      // Taken after the whole listing was read (its first rows long handed on), or at once.
      if (late) await new Promise((resolve) => setTimeout(resolve, 200));
      const firsts: DavListing[] = [];
      const listed = await dav.list('/Big', { onFirstRows: (partial) => firsts.push(partial) });
      expect(firsts).toHaveLength(1);
      expect(firsts[0]?.contents).toHaveLength(FIRST_ROWS);
      expect(listed.contents).toHaveLength(FIRST_ROWS + 50);
      expect(listed.contents.slice(0, FIRST_ROWS)).toEqual(firsts[0]?.contents);
    }
  });

  it('a listing begun for another folder is not taken: the folder asked for is listed, the other listed anew later', async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Big', 'PROPFIND').delay(300).reply(207, compactBig(3), { 'Content-Type': COMPACT_LISTING_TYPE });
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Docs', 'PROPFIND').reply(207, LISTING, { 'Content-Type': 'application/xml; charset=utf-8' });
    const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cacheHolding([]).cache });
    dav.readKeptAhead('/Big');
    await expect(dav.list('/Docs')).resolves.toMatchObject({ folder: { basename: 'Docs' } });
    const again = nock(ORIGIN).intercept('/remote.php/dav/files/alice/Big', 'PROPFIND').reply(207, compactBig(4), { 'Content-Type': COMPACT_LISTING_TYPE });
    await expect(dav.list('/Big')).resolves.toMatchObject({ contents: { length: 4 } });
    again.done();
  });

  it('a folder the index names goes the kept way: nothing is listed ahead', async () => {
    const { cache, reads } = cacheHolding(['/files/alice/Docs']);
    const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cache });
    dav.readKeptAhead('/Docs');
    await expect(dav.keptList('/Docs', { onFirstRows: () => undefined })).resolves.toBeUndefined();
    expect(reads).toEqual(['head /files/alice/Docs', 'get /files/alice/Docs']);
    // disableNetConnect: a request made ahead would have failed this listing's mock count.
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('DavService: keeping a listing', () => {
  /** A listing cache that records what is put in it. */
  const recordingCache = () => {
    const puts: { path: string; etag: string; first: readonly number[] | undefined }[] = [];
    let kept = (): void => undefined;
    const put = new Promise<void>((resolve) => (kept = resolve));
    const cache: ListingCache = {
      mayHold: () => false,
      get: async () => undefined,
      head: async () => undefined,
      keptHead: () => undefined,
      put: async (listing, first) => {
        puts.push({ path: listing.path, etag: listing.etag, first });
        kept();
      },
      delete: async () => undefined,
    };
    return { cache, puts, put };
  };
  const CHILDREN = FIRST_ROWS + 50;

  it("keeps a big folder's head as the rows the list showed first, found by source among the listed rows", async () => {
    nock(ORIGIN).intercept('/remote.php/dav/files/alice/Big', 'PROPFIND').reply(207, compactBig(CHILDREN), { 'Content-Type': COMPACT_LISTING_TYPE });
    const { cache, puts, put } = recordingCache();
    const asked: unknown[][] = [];
    let listed: Node[] = [];
    const dav = createDavService({
      origin: ORIGIN,
      uid: 'alice',
      listingCache: cache,
      // The list showed the folder backwards (a descending sort): its first rows are the listing's last.
      firstShown: (...args) => {
        asked.push(args);
        return [...listed].reverse().slice(0, args[2]);
      },
    });
    const { folder, contents } = await dav.list('/Big');
    listed = contents;
    await put;
    expect(asked).toEqual([[folder.source, CHILDREN, FIRST_ROWS]]);
    expect(puts).toEqual([{ path: '/files/alice/Big', etag: 'big', first: Array.from({ length: FIRST_ROWS }, (_, i) => CHILDREN - 1 - i) }]);
  });

  it('keeps the listing\'s own first rows when the list showed other nodes, or for a small folder, or without an order', async () => {
    const cases: { children: number; shown: (contents: readonly Node[]) => readonly Node[] | undefined }[] = [
      // A node the listing lacks (the list showed an older state): no order of this listing.
      { children: CHILDREN, shown: (contents) => [{ ...(contents[0] as Node), source: `${ORIGIN}/elsewhere` }] },
      { children: CHILDREN, shown: () => undefined },
      // A folder as small as a head has no head.
      { children: 3, shown: (contents) => contents },
    ];
    for (const { children, shown } of cases) {
      nock(ORIGIN).intercept('/remote.php/dav/files/alice/Big', 'PROPFIND').reply(207, compactBig(children), { 'Content-Type': COMPACT_LISTING_TYPE });
      const { cache, puts, put } = recordingCache();
      let listed: Node[] = [];
      const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cache, firstShown: () => shown(listed) });
      listed = (await dav.list('/Big')).contents;
      await put;
      expect(puts).toEqual([{ path: '/files/alice/Big', etag: 'big', first: undefined }]);
    }
  });
});
