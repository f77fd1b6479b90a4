/**
 * Folder and selection downloads as zip and tar against the real server (docs/protocol.md,
 * "Folder archives"): valid archives (`unzip -t`, `bsdtar -tf`) whose every entry is the
 * source's bytes, empty folders, unicode and long names, ZIP64 over 4 GiB, an exact
 * Content-Length, ranges that concatenate to the whole, If-Range/If-Match after a change, HEAD,
 * refusals (missing names, `../`, another user's folder), public links with and without
 * password and with hidden downloads, and the per-user bound on streams at once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';
import { archiveLimits } from '../../server/src/dav/archive/download';
import { itOnDisk } from '../support/stored-files';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const DAV = '/remote.php/dav/files/admin';
let server: TestServer;
let work = '';

const LONG = `${'long-name-'.repeat(22)}end.txt`;
/** The tree put on the server, by path (null: a folder). */
const TREE: Record<string, string | null> = {
  '/Photos': null,
  '/Photos/a.txt': 'alpha\n',
  '/Photos/empty': null,
  '/Photos/sub': null,
  '/Photos/sub/b.bin': 'b'.repeat(70000),
  '/Photos/sub/zero.txt': '',
  '/Photos/Ünïcødé 写真 ✓.txt': 'unicode name\n',
  [`/Photos/${LONG}`]: 'long name\n',
  '/Other': null,
  '/Other/c.txt': 'other\n',
  '/root.txt': 'at the root\n',
};

function davPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

async function put(path: string, body: string | null, auth = ADMIN, base = DAV): Promise<void> {
  const response = await request(server, `${base}${davPath(path)}`, body === null ? { method: 'MKCOL', headers: { authorization: auth } } : { method: 'PUT', headers: { authorization: auth }, body });
  expect([201, 204]).toContain(response.status);
}

function sha1(data: Buffer | string): string {
  return createHash('sha1').update(data).digest('hex');
}

async function fetchBytes(path: string, init: RequestInit = {}): Promise<{ response: Response; body: Buffer }> {
  const response = await request(server, path, init);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** Writes an archive, checks it with unzip -t / bsdtar and extracts it; returns the extracted dir. */
async function extract(body: Buffer, format: 'zip' | 'tar'): Promise<string> {
  const dir = await mkdtemp(join(work, 'x-'));
  const file = join(dir, `archive.${format}`);
  await writeFile(file, body);
  if (format === 'zip') {
    const tested = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(tested.stdout).toContain('No errors detected');
    expect(tested.status).toBe(0);
  }
  const listed = spawnSync('bsdtar', ['-tf', file], { encoding: 'utf8' });
  expect(listed.status).toBe(0);
  const out = join(dir, 'out');
  await mkdir(out, { recursive: true });
  execFileSync('bsdtar', ['-xf', file, '-C', out]);
  return out;
}

/** Every file and folder below `dir`, by relative path (folders null, files their SHA-1). */
async function treeOf(dir: string, prefix = ''): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const relative = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      out[relative] = null;
      Object.assign(out, await treeOf(dir, relative));
    } else {
      out[relative] = sha1(await readFile(join(dir, relative)));
    }
  }
  return out;
}

/** The expected tree below `root` (paths relative to its parent, as the archive names them). */
function expected(root: string, strip: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [path, body] of Object.entries(TREE)) {
    if (path === root || path.startsWith(`${root}/`)) out[path.slice(strip.length)] = body === null ? null : sha1(body);
  }
  return out;
}

async function link(body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const response = await request(server, `${API}/shares?format=json`, { method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ shareType: 3, ...body }) });
  expect(response.status).toBe(200);
  const data = ((await response.json()) as { ocs: { data: { id: string; token: string } } }).ocs.data;
  return { id: data.id, token: data.token };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cumulus-archive-test-'));
  server = await startTestServer();
  for (const [path, body] of Object.entries(TREE)) await put(path, body);
}, 60000);
afterAll(async () => {
  await server.stop();
  await rm(work, { recursive: true, force: true });
});

describe('a folder as zip', () => {
  it('holds the folder itself, empty folders, unicode and long names, every file byte for byte', async () => {
    const { response, body } = await fetchBytes(`${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Photos.zip"; filename*=UTF-8''Photos.zip`);
    const out = await extract(body, 'zip');
    expect(await treeOf(out)).toEqual(expected('/Photos', ''));
    // The language encoding flag (bit 11) is set: the names are UTF-8.
    expect(body.readUInt16LE(6) & 0x0800).toBe(0x0800);
  });

  it('keeps each file\'s modification time', async () => {
    await request(server, `${DAV}/Other/old.txt`, { method: 'PUT', headers: { authorization: ADMIN, 'x-oc-mtime': '1000000000' }, body: 'old' });
    const { body } = await fetchBytes(`${DAV}/Other?accept=zip`, { headers: { authorization: ADMIN } });
    const out = await extract(body, 'zip');
    expect(Math.round((await stat(join(out, 'Other', 'old.txt'))).mtimeMs / 1000)).toBe(1000000000);
    await request(server, `${DAV}/Other/old.txt`, { method: 'DELETE', headers: { authorization: ADMIN } });
  });

  it('answers Accept: application/zip too, and names the root\'s archive download.zip', async () => {
    const { response, body } = await fetchBytes(`${DAV}/`, { headers: { authorization: ADMIN, accept: 'application/zip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="download.zip"');
    const tree = await treeOf(await extract(body, 'zip'));
    expect(tree['/root.txt']).toBe(sha1('at the root\n'));
    expect(tree['/Photos/sub/b.bin']).toBe(sha1('b'.repeat(70000)));
  });

  it('streams a selection (files=[…]) named relative to the folder, with no folder entry of its own', async () => {
    const files = encodeURIComponent(JSON.stringify(['a.txt', 'sub/b.bin', 'empty']));
    const { response, body } = await fetchBytes(`${DAV}/Photos?accept=zip&files=${files}`, { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="Photos.zip"');
    expect(await treeOf(await extract(body, 'zip'))).toEqual({ '/a.txt': sha1('alpha\n'), '/sub': null, '/sub/b.bin': sha1('b'.repeat(70000)), '/empty': null });
    const root = await fetchBytes(`${DAV}/?accept=zip&files=${encodeURIComponent('["root.txt","Other"]')}`, { headers: { authorization: ADMIN } });
    expect(root.response.headers.get('content-disposition')).toContain('filename="download.zip"');
    expect(await treeOf(await extract(root.body, 'zip'))).toEqual({ '/root.txt': sha1('at the root\n'), '/Other': null, '/Other/c.txt': sha1('other\n') });
  });

  it('answers HEAD with the same headers and no body', async () => {
    const get = await fetchBytes(`${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN } });
    const head = await request(server, `${DAV}/Photos?accept=zip`, { method: 'HEAD', headers: { authorization: ADMIN } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(get.body.length));
    expect(head.headers.get('etag')).toBe(get.response.headers.get('etag'));
    // Without accept=zip a folder's HEAD is still Sabre's.
    const plain = await request(server, `${DAV}/Photos`, { method: 'HEAD', headers: { authorization: ADMIN } });
    expect(plain.headers.get('x-sabre-real-status')).toBe('501');
  });

  it('answers ranges at random offsets that concatenate to the whole archive', async () => {
    const whole = (await fetchBytes(`${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN } })).body;
    const cuts = [0, whole.length];
    let seed = 7;
    for (let i = 0; i < 12; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      cuts.push(seed % whole.length);
    }
    const points = [...new Set(cuts)].sort((a, b) => a - b);
    const parts: Buffer[] = [];
    for (let i = 0; i + 1 < points.length; i += 1) {
      const start = points[i] as number;
      const end = (points[i + 1] as number) - 1;
      const { response, body } = await fetchBytes(`${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN, range: `bytes=${start}-${end}` } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${whole.length}`);
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      parts.push(body);
    }
    expect(sha1(Buffer.concat(parts))).toBe(sha1(whole));
    const suffix = await fetchBytes(`${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN, range: 'bytes=-100' } });
    expect(suffix.body.equals(whole.subarray(whole.length - 100))).toBe(true);
    const beyond = await request(server, `${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN, range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('a change in the folder changes the ETag: If-Range answers 200 with the new archive, If-Match 412', async () => {
    const first = await fetchBytes(`${DAV}/Other?accept=zip`, { headers: { authorization: ADMIN } });
    const etag = first.response.headers.get('etag') ?? '';
    const same = await request(server, `${DAV}/Other?accept=zip`, { headers: { authorization: ADMIN, range: 'bytes=10-', 'if-range': etag } });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
    expect((await request(server, `${DAV}/Other?accept=zip`, { headers: { authorization: ADMIN, 'if-none-match': etag } })).status).toBe(304);
    await put('/Other/new.txt', 'new file\n');
    const changed = await fetchBytes(`${DAV}/Other?accept=zip`, { headers: { authorization: ADMIN, range: 'bytes=10-', 'if-range': etag } });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('etag')).not.toBe(etag);
    expect((await treeOf(await extract(changed.body, 'zip')))['/Other/new.txt']).toBe(sha1('new file\n'));
    const refused = await request(server, `${DAV}/Other?accept=zip`, { headers: { authorization: ADMIN, range: 'bytes=10-', 'if-match': etag } });
    expect(refused.status).toBe(412);
    await request(server, `${DAV}/Other/new.txt`, { method: 'DELETE', headers: { authorization: ADMIN } });
  });

  it('refuses a selection naming a missing file (404), a name with ../ (400), another user\'s folder (404), sending no archive', async () => {
    const missing = await request(server, `${DAV}/Photos?accept=zip&files=${encodeURIComponent('["a.txt","nope.txt"]')}`, { headers: { authorization: ADMIN } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/xml');
    expect(await missing.text()).toContain('nope.txt could not be located');
    for (const names of ['["../root.txt"]', '["sub/../../root.txt"]', '["./a.txt"]', '[""]', '[1]']) {
      const bad = await request(server, `${DAV}/Photos?accept=zip&files=${encodeURIComponent(names)}`, { headers: { authorization: ADMIN } });
      expect([names, bad.status]).toEqual([names, 400]);
      expect(bad.headers.get('content-type')).toContain('application/xml');
    }
    const notJson = await request(server, `${DAV}/Photos?accept=zip&files=nope`, { headers: { authorization: ADMIN } });
    expect(notJson.status).toBe(400);
    const other = await request(server, '/remote.php/dav/files/someone/?accept=zip', { headers: { authorization: ADMIN } });
    expect(other.status).toBe(404);
    const absent = await request(server, `${DAV}/Absent?accept=zip`, { headers: { authorization: ADMIN } });
    expect(absent.status).toBe(404);
  });

  it('bounds archive streams at once per user: 429 with Retry-After beyond', async () => {
    // Big enough that a paused client holds its stream open (more than the sockets' buffers take).
    await put('/Heavy', null);
    await request(server, `${DAV}/Heavy/h.bin`, { method: 'PUT', headers: { authorization: ADMIN }, body: Buffer.alloc(32 * 1024 * 1024, 7) });
    const sockets: Array<() => void> = [];
    const opened = await Promise.all(
      Array.from({ length: archiveLimits.streamsPerUser }, () =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port: server.port, path: `${DAV}/Heavy?accept=zip`, headers: { authorization: ADMIN } }, (res) => {
            res.pause();
            sockets.push(() => res.destroy());
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        }),
      ),
    );
    expect(opened.every((status) => status === 200)).toBe(true);
    const beyond = await request(server, `${DAV}/Heavy?accept=zip`, { headers: { authorization: ADMIN } });
    expect(beyond.status).toBe(429);
    expect(beyond.headers.get('retry-after')).toBe(String(archiveLimits.retryAfterSeconds));
    expect(await beyond.text()).toContain('Too many archive downloads at once');
    for (const close of sockets) close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetchBytes(`${DAV}/Photos?accept=zip`, { headers: { authorization: ADMIN } })).response.status).toBe(200);
    await request(server, `${DAV}/Heavy`, { method: 'DELETE', headers: { authorization: ADMIN } });
  }, 60000);
});

describe('a folder as tar', () => {
  it('streams a valid tar (accept=tar and Accept: application/x-tar) with every file byte for byte', async () => {
    const { response, body } = await fetchBytes(`${DAV}/Photos?accept=tar`, { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-tar');
    expect(response.headers.get('content-disposition')).toContain('filename="Photos.tar"');
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(await treeOf(await extract(body, 'tar'))).toEqual(expected('/Photos', ''));
    const byHeader = await fetchBytes(`${DAV}/Photos`, { headers: { authorization: ADMIN, accept: 'application/x-tar' } });
    expect(sha1(byHeader.body)).toBe(sha1(body));
    const tail = await fetchBytes(`${DAV}/Photos?accept=tar`, { headers: { authorization: ADMIN, range: 'bytes=1000-' } });
    expect(tail.body.equals(body.subarray(1000))).toBe(true);
  });
});

describe('public links', () => {
  it('downloads a link\'s folder as zip, named after it', async () => {
    const { token } = await link({ path: '/Photos' });
    const { response, body } = await fetchBytes(`/public.php/dav/files/${token}/?accept=zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="Photos.zip"');
    expect(await treeOf(await extract(body, 'zip'))).toEqual(expected('/Photos', ''));
    const selection = await fetchBytes(`/public.php/dav/files/${token}/sub?accept=zip&files=${encodeURIComponent('["b.bin"]')}`);
    expect(await treeOf(await extract(selection.body, 'zip'))).toEqual({ '/b.bin': sha1('b'.repeat(70000)) });
    const escape = await request(server, `/public.php/dav/files/${token}/?accept=zip&files=${encodeURIComponent('["../root.txt"]')}`);
    expect(escape.status).toBe(400);
  });

  it('asks for a protected link\'s password', async () => {
    const { token } = await link({ path: '/Other', password: 'open sesame' });
    expect((await request(server, `/public.php/dav/files/${token}/?accept=zip`)).status).toBe(401);
    const { response, body } = await fetchBytes(`/public.php/dav/files/${token}/?accept=zip`, { headers: { authorization: basic('anyone', 'open sesame') } });
    expect(response.status).toBe(200);
    expect((await treeOf(await extract(body, 'zip')))['/Other/c.txt']).toBe(sha1('other\n'));
  });

  it('refuses (403, a clear message) when the link hides downloads or forbids them', async () => {
    const hidden = await link({ path: '/Other' });
    await request(server, `${API}/shares/${hidden.id}?format=json`, { method: 'PUT', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ hideDownload: 'true' }) });
    const refused = await request(server, `/public.php/dav/files/${hidden.token}/?accept=zip`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This share does not allow downloads, so its folder cannot be downloaded as an archive.');
    const viewOnly = await link({ path: '/Other' });
    await request(server, `${API}/shares/${viewOnly.id}?format=json`, { method: 'PUT', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ attributes: '[{"scope":"permissions","key":"download","value":false}]' }) });
    const forbidden = await request(server, `/public.php/dav/files/${viewOnly.token}/?accept=zip`, { method: 'HEAD' });
    expect(forbidden.status).toBe(403);
  });
});

describe('a big tree', () => {
  itOnDisk('archives a tree of 10,000 files (put on disk, found by the listing): every entry there, byte for byte', async () => {
    const root = join(server.dataDir, 'files', 'admin', 'Many');
    const sums: Record<string, string | null> = { '/Many': null };
    for (let d = 0; d < 100; d += 1) {
      await mkdir(join(root, `d${d}`), { recursive: true });
      sums[`/Many/d${d}`] = null;
      await Promise.all(
        Array.from({ length: 100 }, (_, f) => {
          const body = `file ${d}/${f}\n`;
          sums[`/Many/d${d}/f${f}.txt`] = sha1(body);
          return writeFile(join(root, `d${d}`, `f${f}.txt`), body);
        }),
      );
    }
    const { response, body } = await fetchBytes(`${DAV}/Many?accept=zip`, { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(await treeOf(await extract(body, 'zip'))).toEqual(sums);
  }, 300000);
});

describe('ZIP64', () => {
  itOnDisk('archives a file over 4 GiB (sparse on disk): valid, exact length, the entry\'s size and bytes right', async () => {
    const size = 4 * 1024 * 1024 * 1024 + 4096;
    await put('/Big', null);
    const file = join(server.dataDir, 'files', 'admin', 'Big', 'huge.bin');
    const handle = await open(file, 'w');
    await handle.write('start', 0);
    await handle.write('end!', size - 4);
    await handle.close();
    // The server finds the file on disk (a PROPFIND looks at the disk).
    await request(server, `${DAV}/Big`, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '1' } });
    const head = await request(server, `${DAV}/Big?accept=zip`, { method: 'HEAD', headers: { authorization: ADMIN } });
    const length = Number(head.headers.get('content-length'));
    expect(length).toBeGreaterThan(size);
    // The archive's first and last MiB by range (the last needs the CRC-32 of the whole entry,
    // which the server computes); everything between is the file's zero run, kept as a hole
    // in the test's copy, so unzip -t reads and checks every byte without 4 GiB on disk.
    const mib = 1024 * 1024;
    const head1 = await fetchBytes(`${DAV}/Big?accept=zip`, { headers: { authorization: ADMIN, range: `bytes=0-${mib - 1}` } });
    const tail = await fetchBytes(`${DAV}/Big?accept=zip`, { headers: { authorization: ADMIN, range: `bytes=-${mib}` } });
    expect([head1.response.status, tail.response.status]).toEqual([206, 206]);
    expect([head1.body.length, tail.body.length]).toEqual([mib, mib]);
    const zip = join(work, 'big.zip');
    const out = await open(zip, 'w');
    await out.write(head1.body, 0, mib, 0);
    await out.write(tail.body, 0, mib, length - mib);
    await out.close();
    expect((await stat(zip)).size).toBe(length);
    const tested = spawnSync('unzip', ['-t', zip], { encoding: 'utf8' });
    expect(tested.stdout).toContain('No errors detected');
    const listed = spawnSync('unzip', ['-Zl', zip], { encoding: 'utf8' });
    expect(listed.stdout).toContain(String(size));
    const bsdtar = spawnSync('bsdtar', ['-tvf', zip], { encoding: 'utf8' });
    expect(bsdtar.status).toBe(0);
    expect(bsdtar.stdout).toContain('Big/huge.bin');
  }, 900000);
});
