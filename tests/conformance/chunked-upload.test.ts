import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './server';
import { startTestServer } from './server';
import { davClient, errorException, errorMessage } from './dav-client';
import { itOnDisk } from '../support/stored-files';

let server: TestServer;
let dav: ReturnType<typeof davClient>;
const uploads = '/remote.php/dav/uploads/admin';
const files = '/remote.php/dav/files/admin';

beforeAll(async () => {
  server = await startTestServer();
  dav = davClient(server.url, server.auth);
});
afterAll(async () => server?.close());

const chunk = (byte: number, size: number): Buffer => Buffer.alloc(size, byte);

describe('chunked upload v2 (/remote.php/dav/uploads/{uid}/{upload-id})', () => {
  it('assembles numbered chunks in order at the MKCOL Destination and answers with the new ids', async () => {
    const destination = `${server.url}${files}/big%20file.bin`;
    expect((await dav('MKCOL', `${uploads}/web-file-upload-0123456789abcdef`, { headers: { destination } })).status).toBe(201);
    // Uploaded out of order, numbers beyond 9 sort numerically, not as text.
    for (const n of [2, 10, 1, 3, 4, 5, 6, 7, 8, 9]) {
      const put = await dav('PUT', `${uploads}/web-file-upload-0123456789abcdef/${n}`, {
        headers: { destination, 'oc-total-length': '10000', 'content-type': 'application/octet-stream' },
        body: chunk(n, 1000),
      });
      expect(put.status).toBe(201);
    }
    // Nothing is visible at the destination before assembly.
    expect((await dav('HEAD', `${files}/big%20file.bin`)).status).toBe(404);
    const move = await dav('MOVE', `${uploads}/web-file-upload-0123456789abcdef/.file`, {
      headers: { destination, 'oc-total-length': '10000', 'x-oc-mtime': '1600000000' },
    });
    expect(move.status).toBe(201);
    expect(move.headers.get('oc-fileid')).toMatch(/^\d{8}oc/);
    expect(move.headers.get('oc-etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(move.headers.get('etag')).toBe(move.headers.get('oc-etag'));
    expect(move.headers.get('x-oc-mtime')).toBe('accepted');
    const content = (await server.stored.read('admin', '/big file.bin')) ?? Buffer.alloc(0);
    expect(content.length).toBe(10000);
    expect([...Array(10).keys()].map((i) => content[i * 1000])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const head = await dav('HEAD', `${files}/big%20file.bin`);
    expect(head.headers.get('last-modified')).toBe(new Date(1600000000 * 1000).toUTCString());
    // The upload folder is gone after assembly.
    expect((await dav('PROPFIND', `${uploads}/web-file-upload-0123456789abcdef`, { headers: { depth: '0' } })).status).toBe(404);
  });

  // The assembly file is the local workspace's; on S3 the chunks are objects (tests/scale/s3-server.s3-test.ts).
  itOnDisk('writes each chunk once, into the assembly file, so MOVE renames that very file into place', async () => {
    const destination = `${server.url}${files}/in-place.bin`;
    const id = 'in-place-upload';
    await dav('MKCOL', `${uploads}/${id}`, { headers: { destination, 'oc-total-length': '2500' } });
    for (const [n, size] of [[1, 1000], [3, 500], [2, 1000]] as const) {
      expect((await dav('PUT', `${uploads}/${id}/${n}`, { headers: { destination, 'oc-total-length': '2500' }, body: chunk(n, size) })).status).toBe(201);
    }
    expect(await readdir(join(server.dataDir, 'uploads', 'admin', id))).toEqual(['.assembly']);
    const listing = await dav('PROPFIND', `${uploads}/${id}`, { headers: { depth: '1' } });
    expect(listing.text).toContain(`<d:href>${uploads}/${id}/3</d:href>`);
    expect(listing.text).toContain('<d:getcontentlength>500</d:getcontentlength>');
    const inode = (await stat(join(server.dataDir, 'uploads', 'admin', id, '.assembly'))).ino;
    expect((await dav('HEAD', `${files}/in-place.bin`)).status).toBe(404);
    const move = await dav('MOVE', `${uploads}/${id}/.file`, { headers: { destination, 'oc-total-length': '2500' } });
    expect(move.status).toBe(201);
    const target = join(server.dataDir, 'files', 'admin', 'in-place.bin');
    expect((await stat(target)).ino).toBe(inode);
    expect(await readFile(target)).toEqual(Buffer.concat([chunk(1, 1000), chunk(2, 1000), chunk(3, 500)]));
    expect(await readdir(join(server.dataDir, 'uploads', 'admin'))).not.toContain(id);
  });

  it('assembles chunks sent in parallel and out of order, and chunks of uneven sizes, byte for byte', async () => {
    const cases: Array<{ id: string; sizes: number[] }> = [
      { id: 'parallel-upload', sizes: [4096, 4096, 4096, 4096, 4096, 4096, 4096, 1000] },
      { id: 'uneven-upload', sizes: [300, 100, 300, 300] },
    ];
    for (const { id, sizes } of cases) {
      const destination = `${server.url}${files}/${id}.bin`;
      const total = String(sizes.reduce((a, b) => a + b, 0));
      await dav('MKCOL', `${uploads}/${id}`, { headers: { destination } });
      const order = sizes.map((_, i) => i + 1).reverse();
      const puts = await Promise.all(order.map((n) => dav('PUT', `${uploads}/${id}/${n}`, { headers: { destination, 'oc-total-length': total }, body: chunk(n, sizes[n - 1] as number) })));
      expect(puts.map((put) => put.status)).toEqual(order.map(() => 201));
      const move = await dav('MOVE', `${uploads}/${id}/.file`, { headers: { destination, 'oc-total-length': total } });
      expect(move.status).toBe(201);
      const content = await server.stored.read('admin', `/${id}.bin`);
      expect(content).toEqual(Buffer.concat(sizes.map((size, i) => chunk(i + 1, size))));
    }
  });

  it('refuses a MOVE with a chunk missing (OC-Total-Length mismatch) and keeps the upload for the missing chunk', async () => {
    const destination = `${server.url}${files}/gap.bin`;
    await dav('MKCOL', `${uploads}/gap-upload`, { headers: { destination } });
    await dav('PUT', `${uploads}/gap-upload/1`, { headers: { 'oc-total-length': '300' }, body: chunk(1, 100) });
    await dav('PUT', `${uploads}/gap-upload/3`, { headers: { 'oc-total-length': '300' }, body: chunk(3, 100) });
    const refused = await dav('MOVE', `${uploads}/gap-upload/.file`, { headers: { destination, 'oc-total-length': '300' } });
    expect(refused.status).toBe(400);
    expect(errorMessage(refused.text)).toBe('The uploaded chunks add up to 200 bytes, but OC-Total-Length says 300');
    expect((await dav('HEAD', `${files}/gap.bin`)).status).toBe(404);
    await dav('PUT', `${uploads}/gap-upload/2`, { headers: { 'oc-total-length': '300' }, body: chunk(2, 100) });
    expect((await dav('MOVE', `${uploads}/gap-upload/.file`, { headers: { destination, 'oc-total-length': '300' } })).status).toBe(201);
    expect(await server.stored.read('admin', '/gap.bin')).toEqual(Buffer.concat([chunk(1, 100), chunk(2, 100), chunk(3, 100)]));
  });

  it('answers 204 when the assembled file replaces an existing one, keeping its file id', async () => {
    const destination = `${server.url}${files}/replace.bin`;
    const first = await dav('PUT', `${files}/replace.bin`, { body: 'old' });
    await dav('MKCOL', `${uploads}/replace-upload`, { headers: { destination } });
    await dav('PUT', `${uploads}/replace-upload/1`, { body: chunk(7, 5) });
    const move = await dav('MOVE', `${uploads}/replace-upload/.file`, { headers: { destination, 'oc-total-length': '5' } });
    expect(move.status).toBe(204);
    expect(move.headers.get('oc-fileid')).toBe(first.headers.get('oc-fileid'));
  });

  it('refuses chunk numbers outside 1 to 10000 with a clear message', async () => {
    const destination = `${server.url}${files}/range.bin`;
    await dav('MKCOL', `${uploads}/range-upload`, { headers: { destination } });
    for (const name of ['0', '10001', 'abc', '-1']) {
      const put = await dav('PUT', `${uploads}/range-upload/${name}`, { body: 'x' });
      expect(put.status).toBe(400);
      expect(errorException(put.text)).toBe('Sabre\\DAV\\Exception\\BadRequest');
      expect(errorMessage(put.text)).toBe('Chunk name must be a number between 1 and 10000');
    }
    expect((await dav('PUT', `${uploads}/range-upload/10000`, { body: 'x' })).status).toBe(201);
    expect(await server.stored.chunks('admin', 'range-upload')).toEqual(['10000']);
  });

  it('refuses an OC-Total-Length that does not match the chunks and leaves the destination untouched', async () => {
    const destination = `${server.url}${files}/mismatch.bin`;
    await dav('MKCOL', `${uploads}/mismatch-upload`, { headers: { destination } });
    await dav('PUT', `${uploads}/mismatch-upload/1`, { body: chunk(1, 100) });
    const move = await dav('MOVE', `${uploads}/mismatch-upload/.file`, { headers: { destination, 'oc-total-length': '101' } });
    expect(move.status).toBe(400);
    expect(errorMessage(move.text)).toBe('The uploaded chunks add up to 100 bytes, but OC-Total-Length says 101');
    expect((await dav('HEAD', `${files}/mismatch.bin`)).status).toBe(404);
  });

  it('deletes an upload folder with its chunks', async () => {
    await dav('MKCOL', `${uploads}/cancelled`, { headers: { destination: `${files}/c.bin` } });
    await dav('PUT', `${uploads}/cancelled/1`, { body: 'abc' });
    expect((await dav('DELETE', `${uploads}/cancelled`)).status).toBe(204);
    expect(await server.stored.chunks('admin', 'cancelled')).toEqual([]);
    expect((await dav('PUT', `${uploads}/cancelled/2`, { body: 'abc' })).status).toBe(404);
  });

  it('follows the older rules without a Destination: any chunk numbers, assembled in numeric order', async () => {
    expect((await dav('MKCOL', `${uploads}/1234567890`)).status).toBe(201);
    await dav('PUT', `${uploads}/1234567890/0000000000000010`, { body: 'world' });
    await dav('PUT', `${uploads}/1234567890/0000000000000000`, { body: 'hello ' });
    await dav('PUT', `${uploads}/1234567890/0000000000000006`, { body: 'dear ' });
    const listing = await dav('PROPFIND', `${uploads}/1234567890`, { headers: { depth: '1' } });
    expect(listing.status).toBe(207);
    expect(listing.text).toContain('<d:getcontentlength>6</d:getcontentlength>');
    const move = await dav('MOVE', `${uploads}/1234567890/.file`, { headers: { destination: `${server.url}${files}/v1.txt`, 'oc-total-length': '16' } });
    expect(move.status).toBe(201);
    expect(String(await server.stored.read('admin', '/v1.txt'))).toBe('hello dear world');
  });

  it('enforces the quota on chunk PUT and on assembly with 507', async () => {
    const auth = await server.addUser('small', 'small-password-1', 1000);
    const small = davClient(server.url, auth);
    const destination = `${server.url}/remote.php/dav/files/small/q.bin`;
    await small('MKCOL', '/remote.php/dav/uploads/small/q', { headers: { destination } });
    const tooBig = await small('PUT', '/remote.php/dav/uploads/small/q/1', { headers: { 'oc-total-length': '5000' }, body: chunk(1, 600) });
    expect(tooBig.status).toBe(507);
    expect(errorException(tooBig.text)).toBe('Sabre\\DAV\\Exception\\InsufficientStorage');
    expect((await small('PUT', '/remote.php/dav/uploads/small/q/1', { body: chunk(1, 600) })).status).toBe(201);
    expect((await small('PUT', '/remote.php/dav/uploads/small/q/2', { body: chunk(1, 600) })).status).toBe(507);
    // Meanwhile a plain upload fills the quota, so assembly no longer fits.
    expect((await small('PUT', '/remote.php/dav/files/small/fill.bin', { body: chunk(2, 450) })).status).toBe(201);
    const move = await small('MOVE', '/remote.php/dav/uploads/small/q/.file', { headers: { destination } });
    expect(move.status).toBe(507);
    expect((await small('HEAD', '/remote.php/dav/files/small/q.bin')).status).toBe(404);
    // Refused before assembly began: the chunks stay for a retry after freeing space.
    const listing = await small('PROPFIND', '/remote.php/dav/uploads/small/q', { headers: { depth: '1' } });
    expect(listing.text).toContain('<d:href>/remote.php/dav/uploads/small/q/1</d:href>');
    expect(listing.text).toContain('<d:getcontentlength>600</d:getcontentlength>');
    expect(await server.stored.names('small', '/')).toEqual(['fill.bin']);
    expect((await small('DELETE', '/remote.php/dav/files/small/fill.bin')).status).toBe(204);
    expect((await small('MOVE', '/remote.php/dav/uploads/small/q/.file', { headers: { destination } })).status).toBe(201);
    expect(await server.stored.read('small', '/q.bin')).toEqual(chunk(1, 600));
  });

  it("does not count an upload's own chunks against its OC-Total-Length (product §7 sends it on every chunk)", async () => {
    const auth = await server.addUser('fits', 'fits-password-1', 100);
    const fits = davClient(server.url, auth);
    const destination = `${server.url}/remote.php/dav/files/fits/eighty.bin`;
    expect((await fits('MKCOL', '/remote.php/dav/uploads/fits/u', { headers: { destination } })).status).toBe(201);
    for (const n of [1, 2]) {
      const put = await fits('PUT', `/remote.php/dav/uploads/fits/u/${n}`, { headers: { destination, 'oc-total-length': '80' }, body: chunk(n, 40) });
      expect(put.status).toBe(201);
    }
    // Another upload's pending bytes do count: 80 pending + 30 > 100.
    await fits('MKCOL', '/remote.php/dav/uploads/fits/other', { headers: { destination: `${server.url}/remote.php/dav/files/fits/other.bin` } });
    const other = await fits('PUT', '/remote.php/dav/uploads/fits/other/1', { headers: { 'oc-total-length': '30' }, body: chunk(3, 30) });
    expect(other.status).toBe(507);
    expect((await fits('DELETE', '/remote.php/dav/uploads/fits/other')).status).toBe(204);
    expect((await fits('MOVE', '/remote.php/dav/uploads/fits/u/.file', { headers: { destination, 'oc-total-length': '80' } })).status).toBe(201);
    expect(await server.stored.read('fits', '/eighty.bin')).toEqual(Buffer.concat([chunk(1, 40), chunk(2, 40)]));
  });

  it('takes rclone-style start-end chunk names without a Destination, assembled by start offset', async () => {
    const id = 'rclone-chunked-upload-0123';
    expect((await dav('MKCOL', `${uploads}/${id}`)).status).toBe(201);
    // rclone (vendor nextcloud) names chunks %015d-%015d: first and last byte.
    const parts: Array<[string, string]> = [
      ['000000000000012-000000000000016', 'world'],
      ['000000000000000-000000000000005', 'hello '],
      ['000000000000006-000000000000011', 'brave '],
    ];
    for (const [name, body] of parts) expect((await dav('PUT', `${uploads}/${id}/${name}`, { body })).status).toBe(201);
    for (const name of ['1-2-3', '12-', '-5', '0x10']) {
      const refused = await dav('PUT', `${uploads}/${id}/${name}`, { body: 'x' });
      expect(refused.status).toBe(400);
      expect(errorMessage(refused.text)).toBe('Chunk name must be a number or two numbers joined by a dash');
    }
    const move = await dav('MOVE', `${uploads}/${id}/.file`, { headers: { destination: `${server.url}${files}/rclone.txt`, 'oc-total-length': '17' } });
    expect(move.status).toBe(201);
    expect(String(await server.stored.read('admin', '/rclone.txt'))).toBe('hello brave world');
    // v2 (with a Destination) keeps to 1..10000.
    await dav('MKCOL', `${uploads}/v2-dash`, { headers: { destination: `${server.url}${files}/v2-dash.bin` } });
    const v2 = await dav('PUT', `${uploads}/v2-dash/000000000000000-000000000000005`, { body: 'hello ' });
    expect(v2.status).toBe(400);
    expect(errorMessage(v2.text)).toBe('Chunk name must be a number between 1 and 10000');
  });

  it("never reaches another user's upload area", async () => {
    await server.addUser('other', 'other-password-1');
    expect((await dav('MKCOL', '/remote.php/dav/uploads/other/x')).status).toBe(404);
    expect((await dav('PROPFIND', '/remote.php/dav/files/other/', { headers: { depth: '0' } })).status).toBe(404);
  });
});
