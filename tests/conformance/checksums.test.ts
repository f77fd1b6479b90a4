import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './server';
import { startTestServer } from './server';
import { davClient, errorException, errorMessage } from './dav-client';
import { itOnDisk } from '../support/stored-files';

let server: TestServer;
let dav: ReturnType<typeof davClient>;
const uploads = '/remote.php/dav/uploads/admin';
const files = '/remote.php/dav/files/admin';
const MISMATCH = 'The computed checksum does not match the one received from the client.';

beforeAll(async () => {
  server = await startTestServer();
  dav = davClient(server.url, server.auth);
});
afterAll(async () => server?.close());

const sha1 = (data: Buffer | string): string => createHash('sha1').update(data).digest('hex');
const md5 = (data: Buffer | string): string => createHash('md5').update(data).digest('hex');

/** The `oc:checksum` text PROPFIND returns for a file, or null when the property is not found (404 propstat). */
async function storedChecksum(path: string): Promise<string | null> {
  const body = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:checksums/></d:prop></d:propfind>';
  const response = await dav('PROPFIND', `${files}${path}`, { headers: { depth: '0' }, body });
  expect(response.status).toBe(207);
  const found = /<oc:checksums><oc:checksum>([^<]*)<\/oc:checksum><\/oc:checksums>/.exec(response.text);
  if (found) return found[1] ?? '';
  expect(response.text).toMatch(/<oc:checksums\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
  return null;
}

const put = (path: string, body: string | Buffer, headers: Record<string, string> = {}) => dav('PUT', `${files}${path}`, { headers, body });

describe('OC-Checksum on a plain PUT', () => {
  it('stores a matching checksum and returns it as oc:checksums, as Nextcloud formats it', async () => {
    const response = await put('/a.txt', 'hello', { 'oc-checksum': `SHA1:${sha1('hello').toUpperCase()}` });
    expect(response.status).toBe(201);
    expect(await storedChecksum('/a.txt')).toBe(`SHA1:${sha1('hello')}`);
  });

  it('verifies and keeps several types at once (SHA1, MD5, ADLER32)', async () => {
    // Adler-32 of "Wikipedia" is 0x11E60398.
    const header = `SHA1:${sha1('Wikipedia')} MD5:${md5('Wikipedia')} ADLER32:11e60398`;
    expect((await put('/wiki.txt', 'Wikipedia', { 'oc-checksum': header })).status).toBe(201);
    expect(await storedChecksum('/wiki.txt')).toBe(header);
  });

  it('refuses a mismatch with 400 and stores nothing: no new file, an old one unchanged, no temporary file left', async () => {
    const wrong = await put('/new.txt', 'content', { 'oc-checksum': `SHA1:${sha1('other content')}` });
    expect(wrong.status).toBe(400);
    expect(errorException(wrong.text)).toBe('Sabre\\DAV\\Exception\\BadRequest');
    expect(errorMessage(wrong.text)).toBe(MISMATCH);
    expect((await dav('HEAD', `${files}/new.txt`)).status).toBe(404);

    const badAdler = await put('/a.txt', 'changed', { 'oc-checksum': `SHA1:${sha1('changed')} ADLER32:00000000` });
    expect(badAdler.status).toBe(400);
    expect(String(await server.stored.read('admin', '/a.txt'))).toBe('hello');
    expect(await storedChecksum('/a.txt')).toBe(`SHA1:${sha1('hello')}`);
    expect(await readdir(join(server.dataDir, 'tmp')).catch(() => [])).toEqual([]);
  });

  it('refuses a malformed header with 400 before writing', async () => {
    const response = await put('/malformed.txt', 'x', { 'oc-checksum': 'SHA1' });
    expect(response.status).toBe(400);
    expect(errorMessage(response.text)).toBe('The OC-Checksum header must hold TYPE:checksum pairs, such as SHA1:2aae6c35c94fcfb415dbe95f408b9ce91ee846ed');
    expect((await dav('HEAD', `${files}/malformed.txt`)).status).toBe(404);
  });

  it('clears the checksum when the content changes without one: a PUT without the header', async () => {
    expect((await put('/b.txt', 'one', { 'oc-checksum': `SHA1:${sha1('one')}` })).status).toBe(201);
    expect((await put('/b.txt', 'two')).status).toBe(204);
    expect(await storedChecksum('/b.txt')).toBeNull();
  });

  itOnDisk('clears the checksum when the content changes without one: an edit on disk', async () => {
    expect((await put('/c.txt', 'three', { 'oc-checksum': `MD5:${md5('three')}` })).status).toBe(201);
    await writeFile(join(server.dataDir, 'files', 'admin', 'c.txt'), 'edited behind the server');
    expect(await storedChecksum('/c.txt')).toBeNull();
  });

  it('keeps the checksum through COPY and MOVE, of a file and of a folder', async () => {
    expect((await dav('MKCOL', `${files}/folder`)).status).toBe(201);
    expect((await put('/folder/inner.txt', 'inner', { 'oc-checksum': `SHA1:${sha1('inner')}` })).status).toBe(201);
    expect((await put('/d.txt', 'dee', { 'oc-checksum': `SHA1:${sha1('dee')}` })).status).toBe(201);

    expect((await dav('COPY', `${files}/d.txt`, { headers: { destination: `${server.url}${files}/d-copy.txt` } })).status).toBe(201);
    expect(await storedChecksum('/d-copy.txt')).toBe(`SHA1:${sha1('dee')}`);
    expect((await dav('MOVE', `${files}/d-copy.txt`, { headers: { destination: `${server.url}${files}/d-moved.txt` } })).status).toBe(201);
    expect(await storedChecksum('/d-moved.txt')).toBe(`SHA1:${sha1('dee')}`);

    expect((await dav('COPY', `${files}/folder`, { headers: { destination: `${server.url}${files}/folder-copy` } })).status).toBe(201);
    expect(await storedChecksum('/folder-copy/inner.txt')).toBe(`SHA1:${sha1('inner')}`);
    expect((await dav('MOVE', `${files}/folder-copy`, { headers: { destination: `${server.url}${files}/folder-moved` } })).status).toBe(201);
    expect(await storedChecksum('/folder-moved/inner.txt')).toBe(`SHA1:${sha1('inner')}`);
    // The original is untouched.
    expect(await storedChecksum('/folder/inner.txt')).toBe(`SHA1:${sha1('inner')}`);
  });
});

describe('OC-Checksum on the final MOVE of a chunked upload', () => {
  const content = Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(1000, 2), Buffer.alloc(500, 3)]);

  async function upload(id: string, withDestination: boolean): Promise<string> {
    const destination = `${server.url}${files}/chunked-${id}.bin`;
    const headers: Record<string, string> = withDestination ? { destination, 'oc-total-length': String(content.length) } : {};
    expect((await dav('MKCOL', `${uploads}/${id}`, { headers })).status).toBe(201);
    for (const [n, start, end] of [[1, 0, 1000], [2, 1000, 2000], [3, 2000, 2500]] as const) {
      const name = withDestination ? String(n) : `${String(start).padStart(15, '0')}-${String(end - 1).padStart(15, '0')}`;
      expect((await dav('PUT', `${uploads}/${id}/${name}`, { headers, body: content.subarray(start, end) })).status).toBe(201);
    }
    return destination;
  }

  for (const [style, withDestination] of [['v2, assembled in place', true], ['without a Destination (rclone, nextcloudcmd)', false]] as const) {
    it(`verifies and stores it (${style}); a mismatch is 400 and leaves nothing at the destination`, async () => {
      const id = withDestination ? 'in-place' : 'joined';
      const destination = await upload(id, withDestination);
      const wrong = await dav('MOVE', `${uploads}/${id}/.file`, { headers: { destination, 'oc-checksum': `SHA1:${sha1('not it')}` } });
      expect(wrong.status).toBe(400);
      expect(errorMessage(wrong.text)).toBe(MISMATCH);
      expect((await dav('HEAD', `${files}/chunked-${id}.bin`)).status).toBe(404);

      // The upload is kept for a retry with the right checksum (as the ownCloud clients expect).
      const right = await dav('MOVE', `${uploads}/${id}/.file`, { headers: { destination, 'oc-checksum': `SHA1:${sha1(content)}` } });
      expect(right.status).toBe(201);
      expect(await storedChecksum(`/chunked-${id}.bin`)).toBe(`SHA1:${sha1(content)}`);
      expect(sha1((await server.stored.read('admin', `/chunked-${id}.bin`)) ?? Buffer.alloc(0))).toBe(sha1(content));
    });
  }
});
