import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/app';
import { BALANCED, BALANCED_CONFIG, balanceWithSecondServer } from '../support/balanced';
import type { StoredFiles } from '../support/stored-files';
import { storedFiles } from '../support/stored-files';

/** The admin password every conformance test signs in with. */
export const ADMIN_PASSWORD = 'admin-password';

/** A server on a free port of 127.0.0.1 with a throwaway data dir. */
export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** `Authorization` header value for admin. */
  auth: string;
  /** True in the scale-out mode: `url` is nginx, in front of two servers. */
  balanced: boolean;
  /** The admin's WebDAV root URL, with trailing slash. */
  davRoot: string;
  /** What the server stored (files in the data dir, or objects with content on S3), read where it is. */
  stored: StoredFiles;
  /** Creates another user (e.g. with a small quota) and returns its Authorization header. */
  addUser(uid: string, password: string, quota?: number): Promise<string>;
  close(): Promise<void>;
}

/** Starts a server for one test file; `close` stops it and removes the data dir. */
export async function startTestServer(options: { maxChunkSize?: number; bulkUpload?: boolean } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-conformance-'));
  const server = await startServer({ dataDir, port: 0, adminPassword: ADMIN_PASSWORD, ...BALANCED_CONFIG, ...options });
  // The scale-out mode (npm run test:pg): clients talk to nginx, in front of this server and a second one.
  const balanced = BALANCED ? await balanceWithSecondServer(dataDir, ADMIN_PASSWORD, server.port, options) : undefined;
  const url = balanced ? balanced.url : `http://127.0.0.1:${server.port}`;
  const stored = storedFiles(dataDir, server.built.files);
  return {
    stored,
    url,
    port: Number(new URL(url).port),
    balanced: balanced !== undefined,
    dataDir,
    auth: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
    davRoot: `${url}/remote.php/dav/files/admin/`,
    async addUser(uid, password, quota) {
      await server.built.accounts.users.create({ uid, password, ...(quota !== undefined ? { quota } : {}) });
      await server.built.files.ensureUserRoot(uid);
      return `Basic ${Buffer.from(`${uid}:${password}`).toString('base64')}`;
    },
    async close() {
      await balanced?.stop();
      await server.close();
      stored.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
