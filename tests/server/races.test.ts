import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';
import { rawSocketAnswer } from './raw-http';

const PATH = '/remote.php/dav/files/admin/changing.bin';
const SMALL = 'a'.repeat(1000);
const LARGE = 'b'.repeat(300_000);

describe('requests that race with writes to the same place', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.stop());

  it('GET of a file replaced meanwhile sends exactly the bytes its Content-Length announces, of one version', async () => {
    expect((await request(server, PATH, { method: 'PUT', headers: { authorization: ADMIN }, body: SMALL })).status).toBe(201);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) await request(server, PATH, { method: 'PUT', headers: { authorization: ADMIN }, body: i % 2 ? SMALL : LARGE });
    })();
    const mismatches: string[] = [];
    try {
      // A body longer than announced would be read as the next response on a kept-alive connection.
      for (let i = 0; i < 150; i += 1) {
        const answer = await rawSocketAnswer(server.url, `GET ${PATH} HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\nConnection: close\r\n\r\n`);
        const split = answer.indexOf('\r\n\r\n');
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer.slice(0, split))?.[1]);
        const body = answer.slice(split + 4);
        if (body.length !== length || (body !== SMALL && body !== LARGE)) mismatches.push(`announced ${length}, sent ${body.length}`);
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('PUT whose path became a folder while its body was on the way is refused with 409, not 500', async () => {
    const path = '/remote.php/dav/files/admin/became-a-folder';
    const { hostname, port } = new URL(server.url);
    const put = new Promise<number>((done, fail) => {
      const req = httpRequest({ hostname, port, method: 'PUT', path, headers: { authorization: ADMIN, 'content-length': '10' } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.write('first');
      // The rest comes once a MKCOL has made a folder of the path.
      setTimeout(() => {
        void request(server, path, { method: 'MKCOL', headers: { authorization: ADMIN } }).then((made) => {
          expect(made.status).toBe(201);
          req.end('-last');
        });
      }, 300);
    });
    expect(await put).toBe(409);
    const listing = await request(server, path, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '0' } });
    expect(await listing.text()).toContain('<d:collection/>');
  });

  it('DELETE of a folder that files are being created in deletes it, never a 500', async () => {
    const folder = '/remote.php/dav/files/admin/busy';
    const deletes: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      expect((await request(server, folder, { method: 'MKCOL', headers: { authorization: ADMIN } })).status).toBe(201);
      for (let i = 0; i < 20; i += 1) await request(server, `${folder}/old-${i}`, { method: 'PUT', headers: { authorization: ADMIN }, body: 'x' });
      const writers = Array.from({ length: 10 }, (_, i) =>
        request(server, `${folder}/new-${i}`, i % 2 ? { method: 'PUT', headers: { authorization: ADMIN }, body: 'y' } : { method: 'MKCOL', headers: { authorization: ADMIN } }),
      );
      deletes.push((await request(server, folder, { method: 'DELETE', headers: { authorization: ADMIN } })).status);
      for (const writer of await Promise.all(writers)) expect(writer.status).toBeLessThan(500);
      // A writer that came after the DELETE may have made the folder again.
      await request(server, folder, { method: 'DELETE', headers: { authorization: ADMIN } });
    }
    expect(deletes.filter((status) => status !== 204)).toEqual([]);
  }, 120_000);
  it('DELETE of an upload folder while its chunks are being stored answers 204 or 404, never a 500, and leaves no upload', async () => {
    const upload = '/remote.php/dav/uploads/admin/racing-upload';
    const statuses: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      expect((await request(server, upload, { method: 'MKCOL', headers: { authorization: ADMIN } })).status).toBe(201);
      for (let i = 1; i <= 5; i += 1) await request(server, `${upload}/${i}`, { method: 'PUT', headers: { authorization: ADMIN }, body: 'c'.repeat(1000) });
      const racing = [
        ...Array.from({ length: 8 }, (_, i) => request(server, `${upload}/${10 + i}`, { method: 'PUT', headers: { authorization: ADMIN }, body: LARGE })),
        request(server, upload, { method: 'DELETE', headers: { authorization: ADMIN } }),
        request(server, upload, { method: 'DELETE', headers: { authorization: ADMIN } }),
        request(server, upload, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '1' } }),
      ];
      for (const answer of await Promise.all(racing)) statuses.push(answer.status);
      // Whatever won, the upload is gone after one more DELETE, and can be made again.
      expect([204, 404]).toContain((await request(server, upload, { method: 'DELETE', headers: { authorization: ADMIN } })).status);
      expect((await request(server, upload, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '0' } })).status).toBe(404);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 120_000);
});
