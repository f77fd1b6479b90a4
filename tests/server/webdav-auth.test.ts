import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, signIn, startTestServer } from './helpers';

describe('the authentication hook in front of WebDAV', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.built.accounts.users.create({ uid: 'gina', password: 'gina-password' });
  });
  afterAll(() => server.stop());

  it('lists the root of the signed-in user over Basic', async () => {
    const response = await request(server, '/remote.php/dav/files/admin/', { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '0' } });
    expect(response.status).toBe(207);
  });

  it('asks for credentials with the Basic challenge', async () => {
    const response = await request(server, '/remote.php/dav/files/admin/', { method: 'PROPFIND', headers: { depth: '0' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="Cumulus", charset="UTF-8"');
  });

  it("never reaches another user's files", async () => {
    const response = await request(server, '/remote.php/dav/files/admin/', { method: 'PROPFIND', headers: { authorization: basic('gina', 'gina-password'), depth: '0' } });
    expect(response.status).toBe(404);
  });

  it('lets a browser session read without a token but write only with it', async () => {
    const session = await signIn(server);
    const listing = await request(server, '/remote.php/dav/files/admin/', { method: 'PROPFIND', headers: { cookie: session.cookie, depth: '1' } });
    expect(listing.status).toBe(207);
    const forged = await request(server, '/remote.php/dav/files/admin/forged.txt', { method: 'PUT', headers: { cookie: session.cookie }, body: 'x' });
    expect(forged.status).toBe(412);
    expect(await forged.text()).toContain('CSRF check failed');
    expect(await server.built.files.stat('admin', '/forged.txt')).toBeNull();
    const written = await request(server, '/remote.php/dav/files/admin/real.txt', {
      method: 'PUT',
      headers: { cookie: session.cookie, requesttoken: session.requestToken },
      body: 'hello',
    });
    expect(written.status).toBe(201);
  });
});
