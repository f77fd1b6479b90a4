/**
 * The language of the server's pages and of the app's page: the
 * user's `language` setting (user config) when set, else the browser's
 * Accept-Language, else English; `<html lang dir>` says which.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { basic, request, startTestServer } from './helpers';

const ERIN = basic('erin', 'erin-password');
const setLanguage = (server: TestServer, value: unknown) =>
  request(server, '/apps/files/api/v1/config/language', { method: 'PUT', headers: { authorization: ERIN, 'content-type': 'application/json' }, body: JSON.stringify({ value }) });
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe('page language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.built.accounts.users.create({ uid: 'erin', password: 'erin-password', quota: 1000 });
    await server.built.files.ensureUserRoot('erin');
  });
  afterAll(() => server.stop());

  it('the sign-in page follows Accept-Language, Arabic right to left, English without a match', async () => {
    const page = async (acceptLanguage?: string) => htmlTag(await (await request(server, '/login', acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {})).text());
    expect(await page('nl-BE,nl;q=0.9,en;q=0.5')).toBe('<html lang="nl" dir="ltr">');
    expect(await page('ar')).toBe('<html lang="ar" dir="rtl">');
    expect(await page('zh-Hans-CN')).toBe('<html lang="zh-CN" dir="ltr">');
    expect(await page('fi')).toBe('<html lang="en" dir="ltr">');
    expect(await page()).toBe('<html lang="en" dir="ltr">');
  });

  it("stores the user's language, '' for the browser's, and refuses a language without a catalogue", async () => {
    expect((await setLanguage(server, 'xx')).status).toBe(400);
    expect((await setLanguage(server, 7)).status).toBe(400);
    expect((await setLanguage(server, 'de')).status).toBe(200);
    const configs = (await (await request(server, '/apps/files/api/v1/configs', { headers: { authorization: ERIN } })).json()) as { data: Record<string, unknown> };
    expect(configs.data.language).toBe('de');
  });

  it("a signed-in user's pages follow their setting over Accept-Language, and the browser's again when it is ''", async () => {
    expect((await setLanguage(server, 'de')).status).toBe(200);
    const security = async () => htmlTag(await (await request(server, '/settings/user/security', { headers: { authorization: ERIN, 'accept-language': 'ar' } })).text());
    expect(await security()).toBe('<html lang="de" dir="ltr">');
    expect((await setLanguage(server, '')).status).toBe(200);
    expect(await security()).toBe('<html lang="ar" dir="rtl">');
  });
});
