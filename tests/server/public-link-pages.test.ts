/**
 * The public link's own pages before the shell, against the real server: the password page
 * and the "share not found" page look like the sign-in page (its card and stylesheet, the
 * product's name), speak the visitor's language and keep their accessible structure.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
let server: TestServer;
let token = '';

/** The page's stylesheet (its one `<style>` element). */
const styleOf = (html: string): string | undefined => /<style>[\s\S]*?<\/style>/.exec(html)?.[0];

beforeAll(async () => {
  server = await startTestServer({});
  expect((await request(server, '/remote.php/dav/files/admin/Locked', { method: 'MKCOL', headers: { authorization: ADMIN } })).status).toBe(201);
  const response = await request(server, `${API}/shares?format=json`, { method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ shareType: 3, path: '/Locked', password: 'open sesame' }) });
  token = ((await response.json()) as { ocs: { data: { token: string } } }).ocs.data.token;
}, 60000);
afterAll(async () => {
  await server.stop();
});

describe('the public link pages', () => {
  it("the password page wears the sign-in page's card and styles, in the visitor's language", async () => {
    const signIn = styleOf(await (await request(server, '/login')).text());
    expect(signIn).toBeDefined();
    const page = await request(server, `/s/${token}/authenticate/showShare`, { headers: { 'accept-language': 'de' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(styleOf(html)).toBe(signIn);
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toMatch(/<main>\s*<p class="brand">Cumulus Files<\/p>\s*<h1>Diese Freigabe ist passwortgeschützt<\/h1>/);
    expect(html).toContain('<title>Diese Freigabe ist passwortgeschützt – Cumulus Files</title>');
    expect(html).toContain('<link rel="icon" href="data:image/svg+xml');
    expect(html).toMatch(/<label for="password">Passwort<\/label>\s*<input id="password"/);
    const wrong = await request(server, `/s/${token}/authenticate/showShare`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ar' }, body: 'password=nope' });
    const refused = await wrong.text();
    expect(wrong.status).toBe(403);
    expect(styleOf(refused)).toBe(signIn);
    expect(refused).toContain('<html lang="ar" dir="rtl">');
    expect(refused).toMatch(/<p class="message error" role="alert" id="password-error">[^<]+<\/p>/);
  });

  it("the not-found page wears the same card, in the visitor's language", async () => {
    const signIn = styleOf(await (await request(server, '/login')).text());
    const page = await request(server, '/s/aaaaaaaaaaaaaaa', { headers: { 'accept-language': 'fr' } });
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(styleOf(html)).toBe(signIn);
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toMatch(/<main>\s*<p class="brand">Cumulus Files<\/p>\s*<h1>[^<]+<\/h1><p>[^<]+<\/p>\s*<\/main>/);
    expect(html).not.toContain('<h1>Share not found</h1>');
  });
});
