/**
 * Stored CRC-32s (storage-014): every write stores the CRC-32 of the bytes it wrote, computed
 * as they stream (PUT, a chunked upload put together in place or from chunk files, on the disk
 * and on S3 — `npm run test:s3` runs this suite there too), so a zip of the folder need not
 * read a file for it; a zip made with the stored CRC-32s is byte for byte the zip made by
 * computing them, and a file changed behind the server's back loses its stored CRC-32.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';
import type { StorageTables } from '../../server/src/storage/metadata/tables';
import type { ArchiveItem } from '../../server/src/dav/archive/layout';
import type { WantedRange } from '../../server/src/storage/model/types';
import { layoutArchive } from '../../server/src/dav/archive/layout';
import { archiveBytes } from '../../server/src/dav/archive/stream';
import { CONTENT_ON_S3, itOnDisk } from '../support/stored-files';

const DAV = '/remote.php/dav/files/admin';
let server: TestServer;

const bodies: Record<string, Buffer> = {
  'a.txt': Buffer.from('alpha\n'),
  'empty.txt': Buffer.alloc(0),
  'mid.bin': randomBytes(70_000),
  'large.bin': randomBytes(3 * 1024 * 1024 + 17),
};

function db(): Kysely<StorageTables> {
  return server.built.files.db as unknown as Kysely<StorageTables>;
}

async function storedCrc(path: string): Promise<number | null> {
  const row = await db().selectFrom('filecache').select('crc32').where('uid', '=', 'admin').where('path', '=', path).executeTakeFirst();
  if (!row) throw new Error(`no row for ${path}`);
  return row.crc32 === null ? null : Number(row.crc32);
}

async function dav(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Response> {
  return request(server, path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body: new Uint8Array(body) } : {}) });
}

/** A Nextcloud v2 chunked upload of `body` to `path` in chunks of `chunk` bytes (with OC-Total-Length: put together in place, or without: from chunk files). */
async function chunkedUpload(id: string, path: string, body: Buffer, chunk: number, totalLength: boolean): Promise<void> {
  const upload = `/remote.php/dav/uploads/admin/${id}`;
  const destination = `${server.url}${DAV}${path}`;
  expect((await dav('MKCOL', upload, { destination })).status).toBe(201);
  for (let n = 0; n * chunk < body.length; n += 1) {
    const part = body.subarray(n * chunk, (n + 1) * chunk);
    const response = await dav('PUT', `${upload}/${n + 1}`, { destination, ...(totalLength ? { 'oc-total-length': String(body.length) } : {}) }, part);
    expect(response.status).toBe(201);
  }
  expect([201, 204]).toContain((await dav('MOVE', `${upload}/.file`, { destination, ...(totalLength ? { 'oc-total-length': String(body.length) } : {}) })).status);
}

beforeAll(async () => {
  server = await startTestServer();
  expect((await dav('MKCOL', `${DAV}/Crc`)).status).toBe(201);
}, 60000);
afterAll(async () => {
  await server.stop();
});

describe('stored CRC-32s', () => {
  it('a PUT stores the CRC-32 of the bytes it wrote (a new file and an overwrite)', async () => {
    for (const [name, body] of Object.entries(bodies)) {
      expect([201, 204]).toContain((await dav('PUT', `${DAV}/Crc/${name}`, {}, body)).status);
      expect(await storedCrc(`/Crc/${name}`)).toBe(crc32(body) >>> 0);
    }
    const replaced = randomBytes(1000);
    expect((await dav('PUT', `${DAV}/Crc/a.txt`, {}, replaced)).status).toBe(204);
    expect(await storedCrc('/Crc/a.txt')).toBe(crc32(replaced) >>> 0);
    bodies['a.txt'] = replaced;
  });

  it('a chunked upload stores the CRC-32 of the whole file, put together in place or from chunk files', async () => {
    const body = randomBytes(2 * 1024 * 1024 + 5);
    await chunkedUpload('crc-in-place', '/Crc/chunked-in-place.bin', body, 1024 * 1024, true);
    // On S3 the store puts the parts together itself (both ways): the server never sees the whole,
    // stores no CRC-32 and reads the file for it when it is zipped (server/README.md, folder archives).
    expect(await storedCrc('/Crc/chunked-in-place.bin')).toBe(CONTENT_ON_S3 ? null : crc32(body) >>> 0);
    const other = randomBytes(700_001);
    await chunkedUpload('crc-chunk-files', '/Crc/chunked-files.bin', other, 300_000, false);
    expect(await storedCrc('/Crc/chunked-files.bin')).toBe(CONTENT_ON_S3 ? null : crc32(other) >>> 0);
  });

  it('a COPY keeps the CRC-32 (the same bytes)', async () => {
    expect((await dav('COPY', `${DAV}/Crc/mid.bin`, { destination: `${server.url}${DAV}/Crc/mid-copy.bin` })).status).toBe(201);
    expect(await storedCrc('/Crc/mid-copy.bin')).toBe(crc32(bodies['mid.bin'] as Buffer) >>> 0);
  });

  itOnDisk('a file changed behind the server\'s back loses its stored CRC-32', async () => {
    const changed = Buffer.from('changed on disk, longer than before\n');
    await writeFile(join(server.dataDir, 'files', 'admin', 'Crc', 'mid-copy.bin'), changed);
    expect((await dav('PROPFIND', `${DAV}/Crc`, { depth: '1' })).status).toBe(207);
    expect(await storedCrc('/Crc/mid-copy.bin')).toBeNull();
  });
});

describe('an archive with stored CRC-32s', () => {
  it('is byte for byte the archive computed without them, whole and by ranges', async () => {
    const rows = await db().selectFrom('filecache').selectAll().where('uid', '=', 'admin').where('path', 'like', '/Crc/%').where('type', '=', 'file').orderBy('path').execute();
    const withCrc: ArchiveItem[] = rows.map((row) => ({ name: row.path.slice(1), type: 'file', path: row.path, fileid: row.fileid, etag: row.etag, size: Number(row.size), mtime: Number(row.mtime), crc32: row.crc32 === null ? null : Number(row.crc32) }));
    expect(withCrc.filter((item) => item.crc32 !== null).length).toBeGreaterThanOrEqual(CONTENT_ON_S3 ? 5 : 6);
    // The same files under other etags: the archive's CRC cache (by file id and etag) cannot answer for them.
    const withoutCrc = withCrc.map((item) => ({ ...item, etag: `${item.etag}-unstored`, crc32: null }));
    const reads: string[] = [];
    const open = async (item: ArchiveItem, wanted?: WantedRange) => {
      reads.push(`${item.path}${wanted ? ` ${JSON.stringify(wanted)}` : ''}`);
      return server.built.files.openRead('admin', item.path, wanted);
    };
    const bytes = async (items: ArchiveItem[], start = 0, end?: number): Promise<Buffer> => {
      const layout = layoutArchive('zip', items);
      const parts: Buffer[] = [];
      for await (const part of archiveBytes(layout, { start, end: end ?? layout.size - 1 }, open)) parts.push(part);
      return Buffer.concat(parts);
    };
    const computed = await bytes(withoutCrc);
    const stored = await bytes(withCrc);
    expect(stored.length).toBe(layoutArchive('zip', withCrc).size);
    expect(stored.equals(computed)).toBe(true);
    // The central directory alone: a file with a stored CRC-32 is not read for it.
    // (Under etags not seen yet, so the CRC cache of the reads above cannot answer.)
    const fresh = withCrc.map((item) => ({ ...item, etag: `${item.etag}-fresh` }));
    const centralAt = layoutArchive('zip', fresh).centralOffset;
    reads.length = 0;
    const central = await bytes(fresh, centralAt);
    // Only a file without a stored CRC-32 (the one changed on disk) is read.
    expect(reads).toEqual(withCrc.filter((item) => item.crc32 === null).map((item) => item.path));
    expect(central.equals(computed.subarray(centralAt))).toBe(true);
    // And from the middle of the large file on: only that file's rest is read, no file whole.
    const large = withCrc.findIndex((item) => item.name === 'Crc/large.bin');
    const middle = layoutArchive('zip', withCrc).offsets[large] as number;
    reads.length = 0;
    const tail = await bytes(withCrc, middle + 1000);
    expect(tail.equals(computed.subarray(middle + 1000))).toBe(true);
    expect(reads.every((read) => read.includes(' ') || withCrc.findIndex((item) => item.path === read) > large)).toBe(true);
  });

  it('served by the server holds in its central directory the CRC-32 of each entry\'s bytes', async () => {
    const response = await dav('GET', `${DAV}/Crc?accept=zip`);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    // Every entry's CRC-32 in the central directory is that of the bytes in the entry.
    let at = body.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    let entries = 0;
    while (at >= 0 && body.readUInt32LE(at) === 0x02014b50) {
      const crc = body.readUInt32LE(at + 16);
      const size = body.readUInt32LE(at + 24);
      const nameLength = body.readUInt16LE(at + 28);
      const extraLength = body.readUInt16LE(at + 30);
      const offset = body.readUInt32LE(at + 42);
      const local = offset + 30 + body.readUInt16LE(offset + 26) + body.readUInt16LE(offset + 28);
      const name = body.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      if (!name.endsWith('/')) {
        expect([name, crc]).toEqual([name, crc32(body.subarray(local, local + size)) >>> 0]);
        entries += 1;
      }
      at += 46 + nameLength + extraLength;
    }
    expect(entries).toBeGreaterThanOrEqual(6);
  });
});
