import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { StartedServer } from '../../server/src/app';
import { openServices, startServer } from '../../server/src/app';
import { defaultConfig } from '../../server/src/config';
import type { FileService } from '../../server/src/storage/files/file-service';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { ObjectBackend } from '../../server/src/storage/content/objects/object-backend';
import { fileObjectKey } from '../../server/src/storage/content/objects/object-store';
import { contentOf, keysUnder, recordGets, s3TestConfig, sha256 } from './s3-test-support';

/**
 * The server with file content on S3 (the scale-out mode's content store), on Ceph RGW through
 * `npm run test:s3`: every WebDAV write, read, rename, copy, delete and chunked upload is
 * checked against the bucket itself (objects keyed by file id, nothing in the data dir).
 */
const MiB = 1024 * 1024;
const PASSWORD = 'admin-password';
const config = s3TestConfig();
const bucket = new S3ObjectStore(config);
let server: StartedServer;
let dataDir: string;
let files: FileService;
let dav: string;
const auth = { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-s3-server-'));
  server = await startServer({ dataDir, adminPassword: PASSWORD, s3: config });
  files = server.built.files;
  dav = `${server.url}/remote.php/dav/files/admin`;
}, 60_000);
afterAll(async () => {
  await server.close();
  await bucket.delete(await keysUnder(bucket, ''));
  bucket.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

async function request(method: string, path: string, init: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<Response> {
  const url = path.startsWith('http') ? path : `${dav}${path}`;
  const body = typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body);
  return fetch(url, { method, headers: { ...auth, ...init.headers }, ...(body !== undefined ? { body } : {}) });
}

async function put(path: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<Response> {
  return request('PUT', path, { body, headers });
}

async function fileid(path: string): Promise<number> {
  const entry = await files.stat('admin', path);
  if (!entry) throw new Error(`${path} is missing`);
  return entry.fileid;
}

async function objectOf(path: string): Promise<Buffer> {
  return contentOf(bucket, fileObjectKey(await fileid(path)));
}

describe('file content on S3', () => {
  it('stores a new file as the object of its file id, and nothing in the data dir', async () => {
    const body = randomBytes(100_000);
    expect((await put('/new.bin', body)).status).toBe(201);
    expect((await objectOf('/new.bin')).equals(body)).toBe(true);
    const got = await request('GET', '/new.bin');
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    // No user root on disk: content is in the bucket only.
    expect(await readdir(dataDir)).not.toContain('files');
    expect(await readdir(dataDir)).not.toContain('areas');
  });

  it('answers a range GET with the bytes of the range, fetching only those from the store', async () => {
    const body = randomBytes(50_000);
    await put('/range.bin', body);
    const gets = recordGets(((files.backend as ObjectBackend).objects.store as S3ObjectStore).client);
    try {
      const got = await request('GET', '/range.bin', { headers: { Range: 'bytes=1000-1999' } });
      expect(got.status).toBe(206);
      expect(got.headers.get('content-range')).toBe(`bytes 1000-1999/${body.length}`);
      expect(Buffer.from(await got.arrayBuffer()).equals(body.subarray(1000, 2000))).toBe(true);
      const suffix = await request('GET', '/range.bin', { headers: { Range: 'bytes=-10' } });
      expect(suffix.status).toBe(206);
      expect(suffix.headers.get('content-range')).toBe(`bytes ${body.length - 10}-${body.length - 1}/${body.length}`);
      expect(Buffer.from(await suffix.arrayBuffer()).equals(body.subarray(body.length - 10))).toBe(true);
      const past = await request('GET', '/range.bin', { headers: { Range: `bytes=${body.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${body.length}`);
      // An If-Range that no longer matches: the whole file, in one GET.
      const stale = await request('GET', '/range.bin', { headers: { Range: 'bytes=0-9', 'If-Range': '"not-the-etag"' } });
      expect(stale.status).toBe(200);
      expect(Buffer.from(await stale.arrayBuffer()).equals(body)).toBe(true);
      expect(gets.ranges).toEqual(['bytes=1000-1999', 'bytes=-10', `bytes=${body.length}-`, '', '']);
    } finally {
      gets.stop();
    }
  });

  it('overwrites the same object, and a refused overwrite leaves the old bytes', async () => {
    await put('/over.txt', 'first version');
    const id = await fileid('/over.txt');
    expect((await put('/over.txt', 'second version')).status).toBe(204);
    expect(await fileid('/over.txt')).toBe(id);
    expect((await objectOf('/over.txt')).toString()).toBe('second version');
    // A body whose OC-Checksum does not match: a client's mistake, 400, the old content kept.
    const refused = await put('/over.txt', 'third', { 'OC-Checksum': `SHA1:${'0'.repeat(40)}` });
    expect(refused.status).toBe(400);
    expect((await objectOf('/over.txt')).toString()).toBe('second version');
    expect(await (await request('GET', '/over.txt')).text()).toBe('second version');
  });

  it('refuses a new file beyond the quota with 507 and leaves no file, row or object', async () => {
    await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', quota: 1000 });
    await files.ensureUserRoot('bob');
    const bob = { Authorization: `Basic ${Buffer.from('bob:bob-password-1').toString('base64')}` };
    const before = await keysUnder(bucket, 'urn:oid:');
    const refused = await fetch(`${server.url}/remote.php/dav/files/bob/big.bin`, { method: 'PUT', headers: bob, body: new Uint8Array(randomBytes(5000)) });
    expect(refused.status).toBe(507);
    expect(await files.stat('bob', '/big.bin')).toBeNull();
    expect(await keysUnder(bucket, 'urn:oid:')).toEqual(before);
    const stored = await fetch(`${server.url}/remote.php/dav/files/bob/small.txt`, { method: 'PUT', headers: bob, body: 'fits' });
    expect(stored.status).toBe(201);
  });

  it('renames and moves by rows only: the file keeps its id and its object', async () => {
    await request('MKCOL', '/folder');
    await put('/folder/a.txt', 'moving bytes');
    const id = await fileid('/folder/a.txt');
    const keys = await keysUnder(bucket, 'urn:oid:');
    const moved = await request('MOVE', '/folder', { headers: { Destination: `${dav}/renamed` } });
    expect(moved.status).toBe(201);
    expect(await fileid('/renamed/a.txt')).toBe(id);
    expect(await keysUnder(bucket, 'urn:oid:')).toEqual(keys);
    expect(await (await request('GET', '/renamed/a.txt')).text()).toBe('moving bytes');
  });

  it('copies with new ids and objects copied in the store, independent of the original', async () => {
    await request('MKCOL', '/tree');
    await request('MKCOL', '/tree/sub');
    await put('/tree/one.txt', 'one');
    await put('/tree/sub/two.txt', 'two');
    expect((await request('COPY', '/tree', { headers: { Destination: `${dav}/tree-copy` } })).status).toBe(201);
    expect(await fileid('/tree-copy/one.txt')).not.toBe(await fileid('/tree/one.txt'));
    expect((await objectOf('/tree-copy/sub/two.txt')).toString()).toBe('two');
    expect((await files.stat('admin', '/tree-copy'))?.size).toBe(6);
    await put('/tree/one.txt', 'changed');
    expect(await (await request('GET', '/tree-copy/one.txt')).text()).toBe('one');
    // A COPY over an existing file replaces it: the replaced file's object goes.
    await put('/target.txt', 'replaced');
    const replaced = await fileid('/target.txt');
    expect((await request('COPY', '/tree/one.txt', { headers: { Destination: `${dav}/target.txt` } })).status).toBe(204);
    expect(await (await request('GET', '/target.txt')).text()).toBe('changed');
    expect(await bucket.head(fileObjectKey(replaced))).toBeNull();
  });

  it('deletes a folder: rows first, then every object of its files', async () => {
    await request('MKCOL', '/gone');
    await put('/gone/x.txt', 'x');
    await put('/gone/y.txt', 'y');
    const ids = [await fileid('/gone/x.txt'), await fileid('/gone/y.txt')];
    expect((await request('DELETE', '/gone', { headers: { 'X-NC-Skip-Trashbin': 'true' } })).status).toBe(204);
    expect(await files.stat('admin', '/gone')).toBeNull();
    for (const id of ids) expect(await bucket.head(fileObjectKey(id))).toBeNull();
    expect((await request('GET', '/gone/x.txt')).status).toBe(404);
  });

  it('sweeps objects no row points at, keeping every file', async () => {
    // An object of a deleted file whose removal a crash cut short.
    await bucket.put(fileObjectKey(999_999), (async function* () {
      yield Buffer.from('orphan');
    })(), { maxBytes: -1 });
    const objects = files.backend instanceof ObjectBackend ? files.backend.objects : null;
    if (!objects) throw new Error('The server is not in the objects mode');
    const report = await objects.sweep(-60);
    expect(report.objects).toBeGreaterThanOrEqual(1);
    expect(await bucket.head(fileObjectKey(999_999))).toBeNull();
    expect(await (await request('GET', '/renamed/a.txt')).text()).toBe('moving bytes');
  });

  it('deletes a user: rows first, then the objects of their files and their upload chunks', async () => {
    await server.built.accounts.users.create({ uid: 'dave', password: 'dave-password-1' });
    await files.ensureUserRoot('dave');
    const dave = { Authorization: `Basic ${Buffer.from('dave:dave-password-1').toString('base64')}` };
    const base = `${server.url}/remote.php/dav`;
    expect((await fetch(`${base}/files/dave/mine.txt`, { method: 'PUT', headers: dave, body: 'dave’s bytes' })).status).toBe(201);
    expect((await fetch(`${base}/uploads/dave/pending`, { method: 'MKCOL', headers: dave })).status).toBe(201);
    expect((await fetch(`${base}/uploads/dave/pending/1`, { method: 'PUT', headers: dave, body: 'chunk' })).status).toBe(201);
    const id = (await files.stat('dave', '/mine.txt'))?.fileid ?? 0;
    expect(await bucket.head(fileObjectKey(id))).not.toBeNull();
    await files.deleteUserData('dave');
    expect(await files.stat('dave', '/mine.txt')).toBeNull();
    expect(await bucket.head(fileObjectKey(id))).toBeNull();
    expect(await keysUnder(bucket, 'uploads/dave/')).toEqual([]);
  });

  it('makes previews from the object', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    await put('/picture.png', png);
    const got = await fetch(`${server.url}/core/preview?fileId=${await fileid('/picture.png')}&x=32&y=32&a=1`, { headers: auth });
    expect(got.status).toBe(200);
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect(meta.width).toBe(32);
    // A file named like an image that is none: no preview (404), the object left as it was.
    const junk = randomBytes(3 * 1024 * 1024);
    await put('/not-a-picture.png', junk);
    const refused = await fetch(`${server.url}/core/preview?fileId=${await fileid('/not-a-picture.png')}&x=32&y=32`, { headers: auth });
    expect(refused.status).toBe(404);
    expect((await objectOf('/not-a-picture.png')).equals(junk)).toBe(true);
  });
});

describe('chunked uploads on S3', () => {
  const uploadUrl = (id: string, rest = ''): string => `${server.url}/remote.php/dav/uploads/admin/${id}${rest}`;

  async function upload(id: string, target: string, chunks: Buffer[], headers: Record<string, string> = {}): Promise<Response> {
    expect((await request('MKCOL', uploadUrl(id), { headers: { Destination: `${dav}${target}` } })).status).toBe(201);
    for (const [index, chunk] of chunks.entries()) {
      const stored = await request('PUT', uploadUrl(id, `/${index + 1}`), { body: chunk, headers: { Destination: `${dav}${target}` } });
      expect(stored.status).toBe(201);
    }
    // The workspace is in the bucket, shared by every server process.
    expect((await keysUnder(bucket, `uploads/admin/${id}/`)).length).toBe(chunks.length);
    return request('MOVE', uploadUrl(id, '/.file'), { headers: { Destination: `${dav}${target}`, ...headers } });
  }

  it('assembles chunks of 5 MiB and more, and runs of small ones, into the file object', async () => {
    const chunks = [randomBytes(6 * MiB), randomBytes(1 * MiB), randomBytes(2 * MiB), randomBytes(3 * MiB), randomBytes(100)];
    const whole = Buffer.concat(chunks);
    const total = String(whole.length);
    const moved = await upload('u-mixed', '/assembled.bin', chunks, { 'OC-Total-Length': total });
    expect(moved.status).toBe(201);
    expect(sha256(await objectOf('/assembled.bin'))).toBe(sha256(whole));
    expect((await files.stat('admin', '/assembled.bin'))?.size).toBe(whole.length);
    // The chunks and the session are gone.
    expect(await keysUnder(bucket, 'uploads/admin/u-mixed/')).toEqual([]);
    expect((await request('PROPFIND', uploadUrl('u-mixed'), { headers: { Depth: '0' } })).status).toBe(404);
  }, 120_000);

  it('checks OC-Checksum before assembling: a mismatch keeps the old file and the upload', async () => {
    await put('/checked.bin', 'old bytes');
    const chunks = [randomBytes(1000), randomBytes(2000)];
    const refused = await upload('u-sum', '/checked.bin', chunks, { 'OC-Checksum': `SHA1:${'0'.repeat(40)}` });
    expect(refused.status).toBe(400);
    expect((await objectOf('/checked.bin')).toString()).toBe('old bytes');
    expect((await keysUnder(bucket, 'uploads/admin/u-sum/')).length).toBe(2);
    // The retry with the right checksum goes through.
    const sha1 = createHash('sha1').update(Buffer.concat(chunks)).digest('hex');
    const retried = await request('MOVE', uploadUrl('u-sum', '/.file'), { headers: { Destination: `${dav}/checked.bin`, 'OC-Checksum': `SHA1:${sha1}` } });
    expect(retried.status).toBe(204);
    expect((await objectOf('/checked.bin')).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('refuses an assembly beyond the quota with 507 before writing anything', async () => {
    await server.built.accounts.users.create({ uid: 'carol', password: 'carol-password-1', quota: 10_000 });
    await files.ensureUserRoot('carol');
    const carol = { Authorization: `Basic ${Buffer.from('carol:carol-password-1').toString('base64')}` };
    const base = `${server.url}/remote.php/dav`;
    const call = (method: string, url: string, init: { headers?: Record<string, string>; body?: Buffer } = {}): Promise<Response> =>
      fetch(url, { method, headers: { ...carol, ...init.headers }, ...(init.body ? { body: new Uint8Array(init.body) } : {}) });
    expect((await call('MKCOL', `${base}/uploads/carol/u-quota`)).status).toBe(201);
    expect((await call('PUT', `${base}/uploads/carol/u-quota/1`, { body: randomBytes(6000) })).status).toBe(201);
    // Another file takes the room meanwhile: the assembly no longer fits.
    expect((await call('PUT', `${base}/files/carol/other.bin`, { body: randomBytes(6000) })).status).toBe(201);
    const before = await keysUnder(bucket, 'urn:oid:');
    const refused = await call('MOVE', `${base}/uploads/carol/u-quota/.file`, { headers: { Destination: `${base}/files/carol/big.bin` } });
    expect(refused.status).toBe(507);
    expect(await files.stat('carol', '/big.bin')).toBeNull();
    expect(await keysUnder(bucket, 'urn:oid:')).toEqual(before);
  });
});

describe('start-up with content on S3', () => {
  it('stops with the reason when the object storage does not answer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cumulus-s3-down-'));
    try {
      const down = { ...config, endpoint: 'http://127.0.0.1:9', bucket: 'cumulus-unreachable' };
      const failure = await openServices({ ...defaultConfig, dataDir: dir, s3: down }).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toMatch(/^The object storage of CUMULUS_S3_BUCKET \(bucket cumulus-unreachable at http:\/\/127\.0\.0\.1:9\) does not answer: /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
