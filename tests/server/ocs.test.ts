import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

interface Envelope<T> {
  ocs: { meta: { status: string; statuscode: number; message: string }; data: T };
}

describe('OCS and status endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxChunkSize: 5 * 1024 * 1024 });
  });
  afterAll(() => server.stop());

  it('serves status.php without signing in, with the fields sync clients check', async () => {
    const response = await request(server, '/status.php');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ installed: true, maintenance: false, needsDbUpgrade: false, productname: 'Cumulus' });
    expect(body.version).toMatch(/^30\.\d+\.\d+\.\d+$/);
    expect(body.versionstring).toMatch(/^30\.\d+\.\d+$/);
  });

  it('advertises chunked upload v2 and the forbidden file names, and no bulk upload unless configured (v2 and v1)', async () => {
    for (const [version, code] of [['v2', 200], ['v1', 100]] as const) {
      const response = await request(server, `/ocs/${version}.php/cloud/capabilities?format=json`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Envelope<{ capabilities: Record<string, Record<string, unknown>> }>;
      expect(body.ocs.meta).toMatchObject({ status: 'ok', statuscode: code });
      const { dav, files } = body.ocs.data.capabilities;
      // The Recent view's SEARCH may filter on nc:upload_time and order by nc:last_activity.
      expect(dav).toEqual({ chunking: '1.0', search_supports_upload_time: true, search_supports_last_activity: true });
      expect(files?.chunked_upload).toEqual({ max_size: 5 * 1024 * 1024, max_parallel_count: 5 });
      expect(files?.forbidden_filename_characters).toEqual(['/', '\\']);
      expect(files?.forbidden_filenames).toEqual(['.htaccess']);
      expect(files?.forbidden_filename_basenames).toEqual([]);
      expect(files?.forbidden_filename_extensions).toEqual(['.part', '.filepart']);
      // OC-Chunked v1 ("big file chunking") is not implemented, so not advertised.
      expect(files).not.toHaveProperty('bigfilechunking');
    }
  });

  it('answers OCS in XML unless JSON is asked for', async () => {
    const response = await request(server, '/ocs/v2.php/cloud/capabilities');
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('<ocs><meta><status>ok</status><statuscode>200</statuscode>');
    expect(xml).toContain('<max_parallel_count>5</max_parallel_count>');
    const viaAccept = await request(server, '/ocs/v2.php/cloud/capabilities', { headers: { accept: 'application/json' } });
    expect(viaAccept.headers.get('content-type')).toContain('application/json');
  });

  it('describes the signed-in user with id, display name and quota', async () => {
    await server.built.accounts.users.setQuota('admin', 2048);
    const response = await request(server, '/ocs/v1.php/cloud/user?format=json', { headers: { authorization: ADMIN } });
    const body = (await response.json()) as Envelope<Record<string, unknown>>;
    expect(body.ocs.meta.statuscode).toBe(100);
    expect(body.ocs.data).toMatchObject({ id: 'admin', 'display-name': 'admin', quota: { quota: 2048, used: 0, free: 2048, relative: 0 } });
    const v2 = await request(server, '/ocs/v2.php/cloud/user?format=json', { headers: { authorization: ADMIN } });
    expect(((await v2.json()) as Envelope<{ id: string }>).ocs.data.id).toBe('admin');
  });

  it('refuses the user endpoint without credentials in the OCS envelope', async () => {
    const response = await request(server, '/ocs/v2.php/cloud/user?format=json');
    expect(response.status).toBe(401);
    const body = (await response.json()) as Envelope<unknown>;
    expect(body.ocs.meta.status).toBe('failure');
    expect(body.ocs.meta.statuscode).toBe(401);
  });
});
