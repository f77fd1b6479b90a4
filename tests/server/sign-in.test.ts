import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN_PASSWORD, basic, openLoginForm, postLogin, request, setCookies, signIn, startTestServer } from './helpers';

describe('signing in through the sign-in page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ throttleMaxFailures: 3 });
  });
  afterAll(() => server.stop());

  it('serves a plain, labelled sign-in form named Cumulus Files', async () => {
    const response = await request(server, '/login');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('<h1>Cumulus Files</h1>');
    expect(html).toContain('<label for="user">');
    expect(html).toContain('<label for="password">');
    expect(html).toMatch(/<form method="post" action="\/login">/);
    expect(html).toMatch(/name="requesttoken" value="[^"]{20,}"/);
  });

  it('redirects / and the app to the sign-in page before signing in', async () => {
    const root = await request(server, '/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/login');
    const app = await request(server, '/apps/files/files/12?dir=/a');
    expect(app.status).toBe(303);
    expect(app.headers.get('location')).toBe(`/login?redirect_url=${encodeURIComponent('/apps/files/files/12?dir=/a')}`);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and redirects to the files app', async () => {
    const response = await postLogin(server, 'admin', ADMIN_PASSWORD);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/apps/files/');
    const cookie = setCookies(response).get('cumulus_session');
    expect(cookie?.value.length).toBeGreaterThan(20);
    expect(cookie?.attributes).toContain('HttpOnly');
    expect(cookie?.attributes).toContain('SameSite=Lax');
    expect(cookie?.attributes).toContain('Path=/');
  });

  it('goes back to a local redirect_url but never to another host', async () => {
    const local = await postLogin(server, 'admin', ADMIN_PASSWORD, { redirect_url: '/f/5' });
    expect(local.headers.get('location')).toBe('/f/5');
    for (const hostile of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const response = await postLogin(server, 'admin', ADMIN_PASSWORD, { redirect_url: hostile });
      expect(response.headers.get('location')).toBe('/apps/files/');
    }
  });

  it('lets the session reach the API and / lead to the app', async () => {
    const session = await signIn(server);
    const stats = await request(server, '/apps/files/api/v1/stats', { headers: { cookie: session.cookie } });
    expect(stats.status).toBe(200);
    const root = await request(server, '/', { headers: { cookie: session.cookie } });
    expect(root.headers.get('location')).toBe('/apps/files/');
    expect(session.requestToken.length).toBeGreaterThan(20);
  });

  it('requires the requesttoken header on mutating cookie requests (412 without it)', async () => {
    const session = await signIn(server);
    const put = (headers: Record<string, string>): Promise<Response> =>
      request(server, '/apps/files/api/v1/config/grid_view', {
        method: 'PUT',
        headers: { cookie: session.cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ value: true }),
      });
    const missing = await put({});
    expect(missing.status).toBe(412);
    expect(((await missing.json()) as { message: string }).message).toBe('CSRF check failed');
    expect((await put({ requesttoken: 'wrong' })).status).toBe(412);
    const configs = await request(server, '/apps/files/api/v1/configs', { headers: { cookie: session.cookie } });
    expect(((await configs.json()) as { data: Record<string, boolean> }).data.grid_view).toBe(false);
    expect((await put({ requesttoken: session.requestToken })).status).toBe(200);
  });

  it('refuses a sign-in form without the paired token', async () => {
    const form = await openLoginForm(server);
    const noCookie = await request(server, '/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: 'admin', password: ADMIN_PASSWORD, requesttoken: form.token }).toString(),
    });
    expect(noCookie.status).toBe(403);
    expect(await noCookie.text()).toContain('The sign-in form has expired. Please try again.');
    expect(setCookies(noCookie).has('cumulus_session')).toBe(false);
  });

  it('answers a wrong password with the form again, the error announced, and no session', async () => {
    const response = await postLogin(server, 'admin', 'not-the-password');
    expect(response.status).toBe(401);
    expect(setCookies(response).has('cumulus_session')).toBe(false);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Wrong login or password.');
    expect(html).toContain('value="admin"');
  });

  it('throttles repeated failures per address and user with 429, and even the right password waits', async () => {
    const victim = 'throttled-user';
    await server.built.accounts.users.create({ uid: victim, password: 'right-password' });
    for (let i = 0; i < 3; i += 1) expect((await postLogin(server, victim, `wrong-${i}`)).status).toBe(401);
    const blocked = await postLogin(server, victim, 'right-password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain('Too many failed sign-in attempts. Wait a few minutes and try again.');
    // Another user from the same address is not affected.
    expect((await postLogin(server, 'admin', ADMIN_PASSWORD)).status).toBe(303);
  });

  it('signs out with the token, ending the session', async () => {
    const session = await signIn(server);
    const forged = await request(server, '/logout', {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'requesttoken=nope',
    });
    expect(forged.status).toBe(412);
    const out = await request(server, '/logout', {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ requesttoken: session.requestToken }).toString(),
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login?loggedout');
    expect(setCookies(out).get('cumulus_session')?.attributes).toContain('Max-Age=0');
    // What the app kept in the browser for this user (folder listings in IndexedDB) goes too.
    expect(out.headers.get('clear-site-data')).toBe('"storage"');
    const after = await request(server, '/apps/files/api/v1/stats', { headers: { cookie: session.cookie } });
    expect(after.status).toBe(401);
    expect(await (await request(server, '/login?loggedout')).text()).toContain('You have been signed out.');
  });

  it('refuses GET on /logout (sign-out is a POST with a token)', async () => {
    expect((await request(server, '/logout')).status).toBe(405);
  });
});

describe('sign-in throttling per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ throttleMaxFailures: 3, throttleMaxFailuresPerIp: 5 });
  });
  afterAll(() => server.stop());

  it('refuses a login not known at an address that tried many user names, but lets a login known there in', async () => {
    // admin signs in from this address before the spraying starts: a known login there.
    expect((await postLogin(server, 'admin', ADMIN_PASSWORD)).status).toBe(303);
    await server.built.accounts.users.create({ uid: 'newcomer', password: 'newcomer-password' });
    for (let i = 0; i < 5; i += 1) expect((await postLogin(server, `guess-${i}`, 'wrong')).status).toBe(401);
    const blocked = await postLogin(server, 'newcomer', 'newcomer-password');
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain('Too many failed sign-in attempts. Wait a few minutes and try again.');
    const basicAuth = await request(server, '/apps/files/api/v1/stats', { headers: { authorization: basic('someone-else', 'x') } });
    expect(basicAuth.status).toBe(429);
    expect((await postLogin(server, 'admin', ADMIN_PASSWORD)).status).toBe(303);
    const adminBasic = await request(server, '/apps/files/api/v1/stats', { headers: { authorization: basic('admin', ADMIN_PASSWORD) } });
    expect(adminBasic.status).toBe(200);
  });
});
