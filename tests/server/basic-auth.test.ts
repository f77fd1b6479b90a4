import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

describe('HTTP Basic with passwords and app passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ throttleMaxFailures: 4 });
  });
  afterAll(() => server.stop());

  const stats = (authorization?: string): Promise<Response> =>
    request(server, '/apps/files/api/v1/stats', authorization ? { headers: { authorization } } : {});

  it('answers 401 with the Basic challenge without credentials', async () => {
    const response = await stats();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="Cumulus", charset="UTF-8"');
  });

  it('accepts the password, and refuses a wrong one or a malformed header with 401', async () => {
    expect((await stats(ADMIN)).status).toBe(200);
    expect((await stats(basic('admin', 'wrong'))).status).toBe(401);
    expect((await stats('Basic !!!not-base64')).status).toBe(401);
    expect((await stats(`Basic ${Buffer.from('no-colon').toString('base64')}`)).status).toBe(401);
  });

  it('needs no CSRF token with Basic (no cookie, so no cross-site risk)', async () => {
    const response = await request(server, '/apps/files/api/v1/config/show_hidden', {
      method: 'PUT',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: '{"value":true}',
    });
    expect(response.status).toBe(200);
  });

  it('creates an app password over OCS, which then signs in, and revokes it', async () => {
    const created = await request(server, '/ocs/v2.php/core/getapppassword?format=json', {
      headers: { authorization: ADMIN, 'ocs-apirequest': 'true', 'user-agent': 'test client' },
    });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { ocs: { meta: { statuscode: number }; data: { apppassword: string } } };
    expect(body.ocs.meta.statuscode).toBe(200);
    const appPassword = body.ocs.data.apppassword;
    expect(appPassword).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){4}$/);
    const withApp = basic('admin', appPassword);
    expect((await stats(withApp)).status).toBe(200);

    const listed = await server.built.accounts.appPasswords.list('admin');
    expect(listed.map((item) => item.name)).toContain('test client');

    // An app password cannot mint another one.
    const again = await request(server, '/ocs/v2.php/core/getapppassword?format=json', { headers: { authorization: withApp, 'ocs-apirequest': 'true' } });
    expect(again.status).toBe(403);

    const revoked = await request(server, '/ocs/v2.php/core/apppassword?format=json', { method: 'DELETE', headers: { authorization: withApp } });
    expect(revoked.status).toBe(200);
    // The credential cache must not keep a revoked app password alive.
    expect((await stats(withApp)).status).toBe(401);
  });

  it('refuses to revoke when not signed in with an app password', async () => {
    const response = await request(server, '/ocs/v2.php/core/apppassword?format=json', { method: 'DELETE', headers: { authorization: ADMIN } });
    expect(response.status).toBe(403);
  });

  it('stops accepting the old password as soon as it changes (cache checked against the stored hash)', async () => {
    await server.built.accounts.users.create({ uid: 'carol', password: 'first-password' });
    expect((await stats(basic('carol', 'first-password'))).status).toBe(200);
    await server.built.accounts.users.setPassword('carol', 'second-password');
    expect((await stats(basic('carol', 'first-password'))).status).toBe(401);
    expect((await stats(basic('carol', 'second-password'))).status).toBe(200);
  });

  it('throttles repeated Basic failures with 429 and Retry-After', async () => {
    await server.built.accounts.users.create({ uid: 'dave', password: 'dave-password' });
    for (let i = 0; i < 4; i += 1) expect((await stats(basic('dave', `bad-${i}`))).status).toBe(401);
    const blocked = await stats(basic('dave', 'dave-password'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await blocked.json()) as { message: string }).message).toBe('Too many failed sign-in attempts. Try again later.');
  });

  it('answers WebDAV paths in the sabre XML error format', async () => {
    const response = await request(server, '/remote.php/dav/files/admin/', { method: 'GET' });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('<s:exception>Sabre\\DAV\\Exception\\NotAuthenticated</s:exception>');
  });
});
