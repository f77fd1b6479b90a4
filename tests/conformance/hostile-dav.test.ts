import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './server';
import { startTestServer } from './server';
import { davClient, errorException, errorMessage } from './dav-client';
import { CONTENT_ON_S3, itOnDisk } from '../support/stored-files';

let server: TestServer;
let dav: ReturnType<typeof davClient>;
const files = '/remote.php/dav/files/admin';

/** A request with the path sent byte for byte (fetch would normalise `..`). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: { authorization: server.auth, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends raw bytes and returns the status line's code (the server may close while we still write). */
function rawStatus(text: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
    socket.write(text);
  });
}

/** Every file and folder of the users' trees, with sizes: what must not change. */
async function snapshot(): Promise<string[]> {
  return server.stored.snapshot();
}

beforeAll(async () => {
  server = await startTestServer();
  dav = davClient(server.url, server.auth);
  await dav('MKCOL', `${files}/folder`);
  await dav('PUT', `${files}/folder/keep.txt`, { body: 'keep' });
  await mkdir(join(server.dataDir, 'secret'));
  await writeFile(join(server.dataDir, 'secret', 'passwd'), 'top secret');
});
afterAll(async () => server?.close());

describe('hostile WebDAV input gets a 4xx and leaves storage unchanged', () => {
  it('refuses path traversal in URLs, encoded or not', async () => {
    const before = await snapshot();
    const attempts = [
      ['GET', `${files}/../../secret/passwd`],
      ['GET', `${files}/%2e%2e/%2e%2e/secret/passwd`],
      ['GET', `${files}/folder/%2E%2E/%2E%2E/%2e%2e/secret/passwd`],
      ['PUT', `${files}/%2e%2e/evil.txt`],
      ['PUT', `${files}/folder%5c..%5c..%5cevil.txt`],
      ['PUT', `${files}/nul%00byte.txt`],
      ['MKCOL', `${files}/a%2fb`],
      ['DELETE', `${files}/folder/%2e%2e`],
      ['PROPFIND', `${files}/%2e%2e/`],
    ];
    for (const [method, path] of attempts) {
      const response = await raw(method as string, path as string, {}, method === 'PUT' ? 'evil' : undefined);
      expect({ method, path, status: response.status >= 400 && response.status < 500 }).toEqual({ method, path, status: true });
      expect(response.text).not.toContain('top secret');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a Destination that leaves the user root or the server', async () => {
    const before = await snapshot();
    const parent = await raw('MOVE', `${files}/folder/keep.txt`, { destination: `${files}/../../secret/stolen.txt` });
    expect(parent.status).toBe(400);
    const encoded = await raw('COPY', `${files}/folder/keep.txt`, { destination: `${files}/%2e%2e/x.txt` });
    expect(encoded.status).toBe(400);
    const otherUser = await raw('COPY', `${files}/folder/keep.txt`, { destination: '/remote.php/dav/files/bob/x.txt' });
    expect(otherUser.status).toBe(403);
    const otherServer = await raw('COPY', `${files}/folder/keep.txt`, { destination: 'http://elsewhere.example/remote.php/dav/files/admin/x.txt' });
    expect(otherServer.status).toBe(502);
    // On this server but outside the user's files: forbidden, not a gateway error.
    for (const destination of [`http://127.0.0.1:${server.port}/elsewhere/x.txt`, `http://127.0.0.1:${server.port}`, '/index.php', '/remote.php/dav/uploads/admin/x', `//127.0.0.1:${server.port}${files}/x.txt`]) {
      expect({ destination, status: (await raw('COPY', `${files}/folder/keep.txt`, { destination })).status }).toEqual({ destination, status: 403 });
    }
    // No host at all is not another server either.
    for (const destination of ['http://', 'http://[::1', 'https:///remote.php/dav/files/admin/x.txt']) {
      expect({ destination, status: (await raw('MOVE', `${files}/folder/keep.txt`, { destination })).status }).toEqual({ destination, status: 400 });
    }
    expect(await snapshot()).toEqual(before);
  });

  // A link planted on disk behind the server's back: with content on S3 there is no such disk.
  itOnDisk('never follows a symlink out of the data dir', async () => {
    await symlink(join(server.dataDir, 'secret'), join(server.dataDir, 'files', 'admin', 'escape'));
    const before = await snapshot();
    const read = await raw('GET', `${files}/escape/passwd`);
    expect(read.status).toBeGreaterThanOrEqual(400);
    expect(read.status).toBeLessThan(500);
    expect(read.text).not.toContain('top secret');
    expect((await raw('PUT', `${files}/escape/new.txt`, {}, 'x')).status).toBeLessThan(500);
    const listing = await raw('PROPFIND', `${files}/`, { depth: '1' });
    expect(listing.text).not.toContain('escape');
    expect(await readdir(join(server.dataDir, 'secret'))).toEqual(['passwd']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers malformed XML and empty namespace declarations with 400', async () => {
    const before = await snapshot();
    const bodies = [
      '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop>',
      '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><bar:foo xmlns:bar=""/></prop></propfind>',
      '<d:propfind><d:prop/></d:propfind>',
      'not xml at all',
    ];
    for (const body of bodies) {
      const response = await raw('PROPFIND', `${files}/folder/`, { depth: '0', 'content-type': 'application/xml' }, body);
      expect(response.status).toBe(400);
      expect(errorException(response.text)).toBe('Sabre\\DAV\\Exception\\BadRequest');
    }
    const patch = await raw('PROPPATCH', `${files}/folder/keep.txt`, { 'content-type': 'application/xml' }, '<d:propertyupdate xmlns:d="DAV:"><d:set>');
    expect(patch.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses Depth infinity, huge headers and methods it does not serve', async () => {
    expect((await raw('PROPFIND', `${files}/`, { depth: 'infinity' })).status).toBe(403);
    const huge = await rawStatus(`GET ${files}/folder/keep.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: ${'a'.repeat(100_000)}\r\n\r\n`);
    // Behind nginx (the scale-out mode), nginx refuses headers over its buffers itself: 400 "Request Header Or Cookie Too Large".
    expect(huge).toBe(server.balanced ? 400 : 431);
    for (const method of ['POST', 'PATCH']) {
      const response = await raw(method, `${files}/folder/keep.txt`, {}, 'x');
      expect(response.status).toBe(405);
    }
    expect((await raw('SEARCH', `${files}/folder/`, {}, '<x/>')).status).toBe(405);
    expect((await raw('PUT', `${files}/folder/keep.txt`, { 'content-range': 'bytes 0-1/4' }, 'xx')).status).toBe(400);
    expect((await raw('PUT', `${files}/folder/keep.txt`, { 'x-oc-mtime': 'yesterday' }, 'xx')).status).toBe(400);
    expect((await raw('MKCOL', `${files}/folder/with-body`, { 'content-type': 'text/plain' }, 'body')).status).toBe(415);
    expect((await raw('COPY', `${files}/folder/keep.txt`, { destination: `${files}/folder/k2.txt`, overwrite: 'maybe' })).status).toBe(400);
  });

  it('refuses forbidden file names on every write that creates or renames, with 400 InvalidPath, and changes nothing', async () => {
    // A reserved name already on disk (put there behind the server's back) must survive an overwriting MOVE
    // (with content on S3 nothing is put behind the server's back: the MOVE is refused all the same).
    if (!CONTENT_ON_S3) await writeFile(join(server.dataDir, 'files', 'admin', 'folder', '.htaccess'), 'deny from all');
    await dav('PROPFIND', `${files}/folder/`, { headers: { depth: '1' } });
    await dav('MKCOL', '/remote.php/dav/uploads/admin/renamed-upload', { headers: { destination: `${files}/folder/fine.bin` } });
    await dav('PUT', '/remote.php/dav/uploads/admin/renamed-upload/1', { body: 'chunk' });
    const before = await snapshot();
    const uploadsBefore = await server.stored.uploads('admin');
    const reserved = '".htaccess" is a forbidden file or folder name.';
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ['PUT', `${files}/.htaccess`, {}, reserved],
      ['PUT', `${files}/folder/.HTACCESS`, {}, '".HTACCESS" is a forbidden file or folder name.'],
      ['PUT', '/remote.php/webdav/movie.mkv.part', {}, '".part" is a forbidden file type.'],
      ['PUT', `${files}/folder/setup.exe.FILEPART`, {}, '".filepart" is a forbidden file type.'],
      ['MKCOL', `${files}/.htaccess`, {}, reserved],
      ['MKCOL', `${files}/folder/drafts.filepart`, {}, '".filepart" is a forbidden file type.'],
      ['MOVE', `${files}/folder/keep.txt`, { destination: `${files}/keep.txt.part` }, '".part" is a forbidden file type.'],
      ['MOVE', `${files}/folder/keep.txt`, { destination: `${files}/folder/.htaccess`, overwrite: 'T' }, reserved],
      ['COPY', `${files}/folder`, { destination: `${files}/.htaccess` }, reserved],
      ['LOCK', `${files}/.htaccess`, { 'content-type': 'application/xml' }, reserved],
      ['MKCOL', '/remote.php/dav/uploads/admin/forbidden-upload', { destination: `${files}/big.iso.part` }, '".part" is a forbidden file type.'],
      ['MOVE', '/remote.php/dav/uploads/admin/renamed-upload/.file', { destination: `${files}/folder/.htaccess`, 'oc-total-length': '5' }, reserved],
    ];
    const lockBody = '<d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockinfo>';
    for (const [method, path, headers, message] of cases) {
      const response = await dav(method, path, { headers, ...(method === 'PUT' ? { body: 'content' } : method === 'LOCK' ? { body: lockBody } : {}) });
      expect([method, path, response.status]).toEqual([method, path, 400]);
      expect(errorException(response.text)).toBe('OCA\\DAV\\Connector\\Sabre\\Exception\\InvalidPath');
      expect(errorMessage(response.text).replace(/&quot;/g, '"')).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await server.stored.uploads('admin')).toEqual(uploadsBefore);
    // The refused assembly kept its upload: the same chunks go to an allowed name.
    const move = await dav('MOVE', '/remote.php/dav/uploads/admin/renamed-upload/.file', { headers: { destination: `${files}/folder/fine.bin`, 'oc-total-length': '5' } });
    expect(move.status).toBe(201);
    // Names that only look alike are fine.
    expect((await dav('PUT', `${files}/.part`, { body: 'x' })).status).toBe(201);
    expect((await dav('PUT', `${files}/htaccess.txt`, { body: 'x' })).status).toBe(201);
  });

  it('refuses a plain upload over the quota with 507 and keeps the old content', async () => {
    const auth = await server.addUser('tight', 'tight-password-1', 100);
    const tight = davClient(server.url, auth);
    expect((await tight('PUT', '/remote.php/dav/files/tight/a.bin', { body: Buffer.alloc(80) })).status).toBe(201);
    const over = await tight('PUT', '/remote.php/dav/files/tight/b.bin', { body: Buffer.alloc(30) });
    expect(over.status).toBe(507);
    expect(errorException(over.text)).toBe('Sabre\\DAV\\Exception\\InsufficientStorage');
    const replace = await tight('PUT', '/remote.php/dav/files/tight/a.bin', { body: Buffer.alloc(101) });
    expect(replace.status).toBe(507);
    expect((await server.stored.read('tight', '/a.bin'))?.length).toBe(80);
    expect(await server.stored.names('tight', '/')).toEqual(['a.bin']);
    const copy = await tight('COPY', '/remote.php/dav/files/tight/a.bin', { headers: { destination: '/remote.php/dav/files/tight/c.bin' } });
    expect(copy.status).toBe(507);
    const props = await tight('PROPFIND', '/remote.php/dav/files/tight/', {
      headers: { depth: '0' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:quota-available-bytes/><d:quota-used-bytes/></d:prop></d:propfind>',
    });
    expect(props.text).toContain('<d:quota-available-bytes>20</d:quota-available-bytes>');
    expect(props.text).toContain('<d:quota-used-bytes>80</d:quota-used-bytes>');
  });

  it('refuses COPY over an existing node beyond the quota with 507 before deleting anything', async () => {
    const auth = await server.addUser('copier', 'copier-password-1', 100);
    const copier = davClient(server.url, auth);
    const base = '/remote.php/dav/files/copier';
    expect((await copier('PUT', `${base}/big.bin`, { body: Buffer.alloc(60, 1) })).status).toBe(201);
    expect((await copier('PUT', `${base}/small.bin`, { body: Buffer.alloc(30, 2) })).status).toBe(201);
    expect((await copier('PUT', `${base}/tiny.bin`, { body: Buffer.alloc(5, 3) })).status).toBe(201);
    const before = await snapshot();
    // 95 used - 30 freed + 60 copied = 125 > 100.
    const over = await copier('COPY', `${base}/big.bin`, { headers: { destination: `${base}/small.bin`, overwrite: 'T' } });
    expect(over.status).toBe(507);
    expect(await snapshot()).toEqual(before);
    expect((await copier('GET', `${base}/small.bin`)).text).toBe(Buffer.alloc(30, 2).toString());
    // 95 - 30 + 5 = 70 fits: the destination is replaced.
    const fits = await copier('COPY', `${base}/tiny.bin`, { headers: { destination: `${base}/small.bin`, overwrite: 'T' } });
    expect(fits.status).toBe(204);
    expect((await server.stored.read('copier', '/small.bin'))?.length).toBe(5);
    // 70 - 5 + 60 = 125: refused again, and a MOVE over it (no new bytes) still works.
    expect((await copier('COPY', `${base}/big.bin`, { headers: { destination: `${base}/small.bin` } })).status).toBe(507);
    expect((await copier('MOVE', `${base}/big.bin`, { headers: { destination: `${base}/small.bin` } })).status).toBe(204);
    expect((await server.stored.read('copier', '/small.bin'))?.length).toBe(60);
  });
});
