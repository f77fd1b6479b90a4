/**
 * Conformance of the OCS share API with a real third-party client: `nextcloud-node-client`
 * 1.8.1 (npm, node-fetch 2, written for Nextcloud), run under this Node 20, creates a folder
 * over WebDAV, creates a password link share on it, reads it back, updates expiry, password,
 * note and public upload, and deletes it, against the real server (protocol §9).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import type { TestServer } from '../../../../tests/conformance/server';
import { ADMIN_PASSWORD, startTestServer } from '../../../../tests/conformance/server';

const require = createRequire(import.meta.url);

interface NncShare {
  id: string;
  token: string;
  url: string;
  note: string;
  itemType: string;
  publicUpload: boolean;
  expiration: Date | null;
  setExpiration(date: Date): Promise<void>;
  setPassword(password: string): Promise<void>;
  setNote(note: string): Promise<void>;
  setPublicUpload(): Promise<void>;
  delete(): Promise<void>;
}
interface NncClient {
  createFolder(name: string): Promise<{ name: string }>;
  createShare(options: { fileSystemElement: { name: string }; password?: string; publicUpload?: boolean }): Promise<NncShare>;
  getShare(id: string): Promise<{ ocs: { data: Record<string, unknown>[] } }>;
}
const nnc = require('nextcloud-node-client') as {
  Client: new (server: unknown) => NncClient;
  Server: new (options: { url: string; basicAuth: { username: string; password: string } }) => unknown;
};

let server: TestServer;
let client: NncClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new nnc.Client(new nnc.Server({ url: server.url, basicAuth: { username: 'admin', password: ADMIN_PASSWORD } }));
}, 60000);
afterAll(() => server.close());

describe('nextcloud-node-client against the share API', () => {
  it('creates, reads, updates and deletes a link share', async () => {
    const folder = await client.createFolder('/Conformance');
    const share = await client.createShare({ fileSystemElement: folder, password: 'client-pw-1' });
    expect(share.id).toMatch(/^\d+$/);
    expect(share.token).toMatch(/^[a-zA-Z2-9]{15}$/);
    expect(share.url).toBe(`${server.url}/index.php/s/${share.token}`);
    expect(share.itemType).toBe('folder');

    const expiry = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 4, 17));
    await share.setExpiration(expiry);
    await share.setNote('from the client');
    await share.setPassword('client-pw-2');
    await share.setPublicUpload();
    const raw = (await client.getShare(share.id)).ocs.data[0] ?? {};
    expect(raw).toMatchObject({ id: share.id, share_type: 3, note: 'from the client', permissions: 31, expiration: `${expiry.toISOString().slice(0, 10)} 00:00:00` });
    expect(String(raw.password)).toMatch(/^\$argon2id\$/);

    await share.delete();
    await expect(client.getShare(share.id)).rejects.toThrow();
  });

  it('creates a share with public upload in one call, as the client offers', async () => {
    const folder = await client.createFolder('/Drop');
    const share = await client.createShare({ fileSystemElement: folder, publicUpload: true });
    expect(share.publicUpload).toBe(true);
    expect((await client.getShare(share.id)).ocs.data[0]?.permissions).toBe(31);
  });
});
