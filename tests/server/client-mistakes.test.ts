import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { TestServer } from './helpers';
import { ADMIN, startTestServer } from './helpers';
import { rawRequest } from './raw-http';
import type { StoredFiles } from '../support/stored-files';
import { itOnDisk, storedFiles } from '../support/stored-files';

/**
 * Mistakes a client can make that once gave 500: over-long names and paths, an mtime out of
 * range, control characters in names. Each must get a 400 with a message, and change nothing.
 */
describe('client mistakes answered with 400, never 500', () => {
  let server: TestServer;
  const files = '/remote.php/dav/files/admin';
  const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    rawRequest(server.url, method, path, { authorization: ADMIN, ...headers }, body);
  let stored: StoredFiles;
  /** What the server stored (the data dir's files, or the objects with content on S3). */
  const onDisk = (): Promise<string[]> => stored.snapshot();
  const destination = (path: string): string => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    stored = storedFiles(server.dataDir, server.built.files);
    expect((await dav('PUT', `${files}/ok.txt`, {}, 'ok')).status).toBe(201);
    expect((await dav('MKCOL', `${files}/folder`)).status).toBe(201);
  });
  afterAll(async () => {
    stored?.close();
    await server.stop();
  });

  const longName = 'n'.repeat(256);
  const propfindBody = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';
  const proppatchBody = '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:x"><d:set><d:prop><x:a>1</x:a></d:prop></d:set></d:propertyupdate>';
  const lockBody = '<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockinfo>';

  it.each([
    ['PUT', {}, 'x'],
    ['MKCOL', {}, undefined],
    ['PROPFIND', { depth: '0' }, propfindBody],
    ['PROPPATCH', {}, proppatchBody],
    ['GET', {}, undefined],
    ['HEAD', {}, undefined],
    ['DELETE', {}, undefined],
    ['LOCK', {}, lockBody],
    ['UNLOCK', { 'lock-token': '<opaquelocktoken:x>' }, undefined],
    ['COPY', { destination: 'DEST' }, undefined],
    ['MOVE', { destination: 'DEST' }, undefined],
  ] as [string, Record<string, string>, string | undefined][])('%s of a name over 255 bytes is 400 "Filename is too long"', async (method, headers, body) => {
    const withDestination = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === 'DEST' ? destination(`${files}/copy.txt`) : v]));
    const response = await dav(method, `${files}/${longName}`, withDestination, body);
    expect(response.status).toBe(400);
    if (method !== 'HEAD') expect(response.body).toContain('Filename is too long (more than 255 bytes)');
  });

  it('refuses a name over 255 bytes as a COPY, MOVE or chunked-upload destination', async () => {
    for (const method of ['COPY', 'MOVE']) {
      const response = await dav(method, `${files}/ok.txt`, { destination: destination(`${files}/${'é'.repeat(128)}`) });
      expect(response.status).toBe(400);
      expect(response.body).toContain('Filename is too long');
    }
    const upload = await dav('MKCOL', '/remote.php/dav/uploads/admin/long-name-upload', { destination: destination(`${files}/${longName}`) });
    expect(upload.status).toBe(400);
    expect(upload.body).toContain('Filename is too long');
  });

  it('refuses a path over 4,096 bytes on every method', async () => {
    const deep = `${files}/${Array.from({ length: 17 }, () => 'd'.repeat(250)).join('/')}`;
    for (const method of ['PUT', 'MKCOL', 'PROPFIND', 'GET', 'DELETE', 'MOVE']) {
      const response = await dav(method, deep, method === 'MOVE' ? { destination: destination(`${files}/x`) } : {}, method === 'PUT' ? 'x' : undefined);
      expect(response.status).toBe(400);
      expect(response.body).toContain('Path is too long (more than 4096 bytes)');
    }
  });

  // With content on S3 no file system limits a path under 4,096 bytes.
  itOnDisk('refuses a path the disk finds too long', async () => {
    // 16 folders of 250 bytes fit; a file of 70 more bytes is a path under 4,096 bytes that,
    // below the data directory, is too long for the file system.
    let folder = files;
    for (let i = 0; i < 16; i += 1) {
      folder += `/${'f'.repeat(250)}`;
      expect((await dav('MKCOL', folder)).status).toBe(201);
    }
    const file = `${folder}/${'g'.repeat(70)}`;
    for (const method of ['PUT', 'PROPFIND', 'MKCOL']) {
      const response = await dav(method, file, {}, method === 'PUT' ? 'x' : undefined);
      expect(response.status).toBe(400);
      expect(response.body).toContain('Path is too long');
    }
  });

  it.each(['99999999999999999999', '-5', '100', '0x5F5E1000', 'soon'])('refuses X-OC-Mtime %s with 400 and stores nothing', async (mtime) => {
    const response = await dav('PUT', `${files}/dated.txt`, { 'x-oc-mtime': mtime }, 'data');
    expect(response.status).toBe(400);
    expect(response.body).toContain(`got &quot;${mtime}&quot;`);
    expect((await dav('PROPFIND', `${files}/dated.txt`, { depth: '0' })).status).toBe(404);
  });

  it('refuses an X-OC-Mtime out of range on the MOVE that assembles a chunked upload', async () => {
    const upload = '/remote.php/dav/uploads/admin/mtime-upload';
    expect((await dav('MKCOL', upload, { destination: destination(`${files}/chunked.txt`) })).status).toBe(201);
    expect((await dav('PUT', `${upload}/1`, { destination: destination(`${files}/chunked.txt`), 'oc-total-length': '4' }, 'data')).status).toBe(201);
    const move = await dav('MOVE', `${upload}/.file`, { destination: destination(`${files}/chunked.txt`), 'x-oc-mtime': '99999999999999999999' });
    expect(move.status).toBe(400);
    expect((await dav('PROPFIND', `${files}/chunked.txt`, { depth: '0' })).status).toBe(404);
  });

  it.each(['99999999999999999999', 'Fri, 31 Dec 99999 00:00:00 GMT', '0'])('refuses d:getlastmodified %s in PROPPATCH with 409 and changes nothing', async (value) => {
    const before = await dav('PROPFIND', `${files}/ok.txt`, { depth: '0' });
    const body = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:x"><d:set><d:prop><d:getlastmodified>${value}</d:getlastmodified><x:note>n</x:note></d:prop></d:set></d:propertyupdate>`;
    const response = await dav('PROPPATCH', `${files}/ok.txt`, {}, body);
    expect(response.status).toBe(207);
    expect(response.body).toContain('HTTP/1.1 409');
    expect(response.body).toContain('HTTP/1.1 424');
    const after = await dav('PROPFIND', `${files}/ok.txt`, { depth: '0' });
    expect(/<d:getlastmodified>[^<]*/.exec(after.body)?.[0]).toBe(/<d:getlastmodified>[^<]*/.exec(before.body)?.[0]);
  });

  it('accepts a valid X-OC-Mtime and answers it accepted', async () => {
    const response = await dav('PUT', `${files}/dated-right.txt`, { 'x-oc-mtime': '1600000000' }, 'data');
    expect(response.status).toBe(201);
    expect(response.headers['x-oc-mtime']).toBe('accepted');
  });

  const controls = ['%01', '%0A', '%1B', '%7F', '%0D', '%09'];

  it.each(controls)('refuses a name with %s on PUT, MKCOL, COPY/MOVE destination and chunked-upload destination', async (control) => {
    const before = await onDisk();
    const name = `bad${control}name.txt`;
    const message = 'Control characters are not allowed inside a file or folder name.';
    const answers = [
      await dav('PUT', `${files}/${name}`, {}, 'x'),
      await dav('MKCOL', `${files}/${name}`),
      await dav('COPY', `${files}/ok.txt`, { destination: destination(`${files}/${name}`) }),
      await dav('MOVE', `${files}/ok.txt`, { destination: destination(`${files}/folder/${name}`) }),
      await dav('MKCOL', `/remote.php/dav/uploads/admin/ctl-${control.slice(1)}`, { destination: destination(`${files}/${name}`) }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect(await onDisk()).toEqual(before);
  });

  itOnDisk('still lets a client read, rename and delete a file with a control character made on disk', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(server.dataDir, 'files', 'admin', 'from\ndisk.txt'), 'x');
    expect((await dav('PROPFIND', `${files}/from%0Adisk.txt`, { depth: '0' })).status).toBe(207);
    expect((await dav('MOVE', `${files}/from%0Adisk.txt`, { destination: destination(`${files}/from disk.txt`) })).status).toBe(201);
    expect((await dav('DELETE', `${files}/from%20disk.txt`)).status).toBe(204);
  });
});
