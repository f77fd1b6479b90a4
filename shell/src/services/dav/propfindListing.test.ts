/** @jest-environment node */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Permission, propfindBody } from '@cumulus/sdk';
import { DavResponseError, fetchListing, fetchNode } from './propfindListing';

const ORIGIN = 'http://127.0.0.1:18998';
const DAV_URL = `${ORIGIN}/remote.php/dav`;
const FOLDER = '/remote.php/dav/files/alice/Mixed';

/** Names that need escaping in XML and in URLs, unicode in several planes, and look-alike numbers. */
const NAMES = ['a&b <c>.txt', 'été 🎉 日本語.md', '100% #1 ?x=1.pdf', "it's (v2) [final].doc", '0012', '.hidden', 'plain', 'Ünïcödé Folder'];

function entry(name: string, index: number): string {
  const folder = name === 'Ünïcödé Folder' || name === 'plain';
  const href = `${FOLDER}/${encodeURIComponent(name)}${folder ? '/' : ''}`;
  const xmlName = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const fileProps = folder ? '' : `<d:getcontentlength>${index * 100}</d:getcontentlength><d:getcontenttype>text/plain; charset=utf-8</d:getcontenttype>`;
  return `<d:response><d:href>${href}</d:href><d:propstat><d:prop>
    <d:resourcetype>${folder ? '<d:collection/>' : ''}</d:resourcetype>${fileProps}
    <d:displayname>${xmlName}</d:displayname><d:getetag>&quot;00${index}e5&quot;</d:getetag>
    <d:getlastmodified>Wed, 11 Nov 2026 09:3${index}:00 GMT</d:getlastmodified><d:creationdate>2026-11-0${index + 1}T10:00:00+00:00</d:creationdate>
    <oc:fileid>${100 + index}</oc:fileid><oc:permissions>${index % 2 ? 'RGDNVW' : 'GD'}</oc:permissions>
    <oc:favorite>${index % 3 === 0 ? 1 : 0}</oc:favorite><oc:owner-id>${index === 4 ? '0042' : 'alice'}</oc:owner-id>
    <oc:owner-display-name>Alice A.</oc:owner-display-name><oc:comments-unread>${index}</oc:comments-unread>
    <nc:has-preview>${index % 2 ? 'true' : 'false'}</nc:has-preview><nc:mount-type/><nc:upload_time>0</nc:upload_time>
    ${folder ? `<oc:size>${index * 1000}</oc:size>` : ''}
    <oc:share-types>${index === 2 ? '<oc:share-type>0</oc:share-type><oc:share-type>3</oc:share-type>' : index === 3 ? '<oc:share-type>1</oc:share-type>' : ''}</oc:share-types>
    <nc:share-attributes>${index === 1 ? '[{"scope":"permissions","key":"download","value":false}]' : '[]'}</nc:share-attributes>
    <ocs:share-permissions>19</ocs:share-permissions>
  </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
  <d:propstat><d:prop><d:quota-available-bytes/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>`;
}

const LISTING = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns">
<d:response><d:href>${FOLDER}/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype>
  <d:getetag>&quot;f0&quot;</d:getetag><oc:fileid>99</oc:fileid><oc:permissions>RGDNVCK</oc:permissions><oc:size>5000</oc:size>
  <d:quota-available-bytes>123456</d:quota-available-bytes><oc:owner-id>alice</oc:owner-id><oc:share-types/></d:prop>
  <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
${NAMES.map(entry).join('\n')}
</d:multistatus>`;

/** What the stubbed server was asked. */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Answers `fetch` like the server would, body in pieces of `pieceSize` bytes (a stream,
 * as the browser gives it). A stub rather than nock: nock's interceptors do not survive from
 * one test file to the next in a jest worker, and the DavService tests run in the same workers.
 */
function serve(status: number, body: string, options: { pieceSize?: number; paths?: string[] } = {}): Sent[] {
  const sent: Sent[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    sent.push({ url, method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: String(init?.body) });
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('This operation was aborted', 'AbortError');
    if (options.paths && !options.paths.some((path) => url.endsWith(path))) return new Response('Not found', { status: 404 });
    const bytes = new TextEncoder().encode(body);
    const size = options.pieceSize ?? bytes.length;
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) controller.close();
        else controller.enqueue(bytes.slice(at, (at += size)));
      },
    });
    return new Response(stream, { status, headers: { 'content-type': 'application/xml; charset=utf-8' } });
  });
  return sent;
}

const listing = (path = '/files/alice/Mixed', signal?: AbortSignal) => fetchListing({ davUrl: DAV_URL, root: '/files/alice', path, headers: { requesttoken: 't0k' }, signal });

describe('fetchListing', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('makes nodes of escaped names, unicode, raw-text and converted attributes, 404 propstats', async () => {
    const sent = serve(207, LISTING);
    const { folder, contents } = await listing();
    expect(sent).toEqual([{ url: `${ORIGIN}/remote.php/dav/files/alice/Mixed`, method: 'PROPFIND', body: propfindBody(), headers: expect.objectContaining({ Depth: '1', requesttoken: 't0k', 'Content-Type': 'application/xml; charset=utf-8' }) }]);
    expect(folder._children).toEqual(contents.map((node) => node.source));
    expect(contents.map((node) => node.basename)).toEqual(NAMES);
    expect(contents.map((node) => node.displayname)).toEqual(NAMES);
    // Texts the server sent stay texts ('0042', '19', 'Alice A.'); other values become numbers and booleans.
    expect(contents[3]?.attributes).toMatchObject({ 'owner-display-name': 'Alice A.', 'share-permissions': '19', 'comments-unread': 3, 'has-preview': true, upload_time: 0, 'mount-type': '' });
    expect(contents[3]).toMatchObject({ crtime: Date.parse('2026-11-04T10:00:00+00:00'), mtime: Date.parse('Wed, 11 Nov 2026 09:33:00 GMT'), size: 300, fileid: 103 });
    // A property the server answered 404 is not an attribute.
    expect(contents.some((node) => 'quota-available-bytes' in node.attributes)).toBe(false);
    expect(contents[0]).toMatchObject({ source: `${FOLDER.replace('/remote', `${ORIGIN}/remote`)}/a%26b%20%3Cc%3E.txt`, path: '/Mixed/a&b <c>.txt', extension: '.txt', mime: 'text/plain' });
    expect(contents[4]).toMatchObject({ basename: '0012', owner: '0042', permissions: Permission.READ | Permission.DELETE, attributes: { etag: '004e5', favorite: 0 } });
    expect(contents[6]).toMatchObject({ type: 'folder', size: 6000, mime: 'httpd/unix-directory' });
    expect(contents[2]?.attributes['share-types']).toEqual([0, 3]);
    expect(contents[1]?.attributes['share-attributes']).toEqual([{ scope: 'permissions', key: 'download', value: false }]);
    expect(folder.attributes['quota-available-bytes']).toBe(123456);
    // W writes a file but creates nothing in a folder; the folder itself has C and K.
    expect(contents[1]).toMatchObject({ type: 'file', permissions: Permission.ALL });
    expect(contents[7]).toMatchObject({ type: 'folder', permissions: Permission.ALL & ~Permission.CREATE });
    expect(folder.permissions).toBe(Permission.ALL);
  });

  it("stats each node (PROPFIND Depth 0) into the node the listing made of it: one builder", async () => {
    serve(207, LISTING);
    const { folder, contents } = await listing();
    jest.restoreAllMocks();
    for (const [index, name] of NAMES.entries()) {
      const entryXml = LISTING.replace(/<d:response>[\s\S]*<\/d:multistatus>/, `${entry(name, index)}</d:multistatus>`);
      const sent = serve(207, entryXml);
      const node = await fetchNode({ davUrl: DAV_URL, root: '/files/alice', path: `/files/alice/Mixed/${name}`, headers: {} });
      expect(sent[0]).toMatchObject({ method: 'PROPFIND', headers: expect.objectContaining({ Depth: '0' }) });
      expect(node).toEqual(contents[index]);
      jest.restoreAllMocks();
    }
    serve(207, LISTING);
    const { _children: _, ...alone } = folder;
    expect(await fetchNode({ davUrl: DAV_URL, root: '/files/alice', path: '/files/alice/Mixed', headers: {} })).toEqual(alone);
  });

  it('reads the body as it streams in, whatever the size of its pieces (a multi-byte character split across two)', async () => {
    serve(207, LISTING);
    const whole = await listing();
    for (const pieceSize of [1, 37, 4096]) {
      jest.restoreAllMocks();
      serve(207, LISTING, { pieceSize });
      expect(await listing()).toEqual(whole);
    }
    expect(whole.contents.map((node) => node.basename)).toEqual(NAMES);
  });

  it('asks for the folder with each path segment encoded', async () => {
    const sent = serve(207, LISTING.replaceAll(FOLDER, '/remote.php/dav/files/alice/A%20%26%20B%20%23%20%C3%A9'));
    const { folder } = await listing('/files/alice/A & B # é');
    expect(sent[0]?.url).toBe(`${ORIGIN}/remote.php/dav/files/alice/A%20%26%20B%20%23%20%C3%A9`);
    expect(folder).toMatchObject({ path: '/A & B # é', basename: 'A & B # é' });
  });

  it('gives frozen nodes, so the store never has to copy or walk them', async () => {
    serve(207, LISTING);
    const { folder, contents } = await listing();
    expect(Object.isFrozen(folder) && Object.isFrozen(folder._children)).toBe(true);
    expect(contents.every((node) => Object.isFrozen(node) && Object.isFrozen(node.attributes))).toBe(true);
    expect(Object.isFrozen(contents[2]?.attributes['share-types'])).toBe(true);
  });

  it('fails with the HTTP status, for a body that is no multistatus, and without the folder itself', async () => {
    serve(207, LISTING, { paths: ['/Mixed', '/Other'] });
    const error = await listing('/files/alice/Gone').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DavResponseError);
    expect((error as DavResponseError).status).toBe(404);

    await expect(listing('/files/alice/Other')).rejects.toThrow('Invalid root folder returned');

    jest.restoreAllMocks();
    serve(207, '<html>Sign in</html>');
    await expect(listing()).rejects.toThrow('Invalid response: No root multistatus found');
    jest.restoreAllMocks();
    serve(207, LISTING.slice(0, LISTING.length / 2));
    await expect(listing()).rejects.toThrow('Invalid response: The multistatus ended early');
  });

  it('stops when aborted', async () => {
    serve(207, LISTING);
    const controller = new AbortController();
    controller.abort();
    await expect(listing('/files/alice/Mixed', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
