import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/app';
import type { Balancer } from '../scale/nginx-balancer';
import { startBalancer } from '../scale/nginx-balancer';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';

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
  /** Creates another user (e.g. with a small quota) and returns its Authorization header. */
  addUser(uid: string, password: string, quota?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The scale-out mode of the suites: `npm run test:pg` sets `CUMULUS_TEST_BALANCED=1` (with
 * `CUMULUS_TEST_POSTGRES`), and every conformance server is then two servers on one data dir
 * and one PostgreSQL database, this process's and a `cumulus serve` child, behind nginx
 * balancing round robin: the clients (litmus, rclone, nextcloudcmd, the DAV and OCS clients)
 * only ever talk to nginx.
 */
const BALANCED = process.env.CUMULUS_TEST_BALANCED === '1' && Boolean(process.env.CUMULUS_TEST_POSTGRES);

/** In the scale-out mode: the second server and nginx in front of both. */
async function balance(dataDir: string, port: number, options: { maxChunkSize?: number; bulkUpload?: boolean }): Promise<{ balancer: Balancer; other: ServerProcess }> {
  const other = await startServerProcess(dataDir, {
    CUMULUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
    CUMULUS_TRUSTED_PROXIES: '127.0.0.1',
    ...(options.maxChunkSize !== undefined ? { CUMULUS_MAX_CHUNK_SIZE: String(options.maxChunkSize) } : {}),
    ...(options.bulkUpload ? { CUMULUS_BULK_UPLOAD: '1' } : {}),
  });
  try {
    return { balancer: await startBalancer([`127.0.0.1:${port}`, other.url.replace('http://', '')]), other };
  } catch (error) {
    await other.stop();
    throw error;
  }
}

/** Starts a server for one test file; `close` stops it and removes the data dir. */
export async function startTestServer(options: { maxChunkSize?: number; bulkUpload?: boolean } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-conformance-'));
  const server = await startServer({ dataDir, port: 0, adminPassword: ADMIN_PASSWORD, ...(BALANCED ? { trustedProxies: ['127.0.0.1'] } : {}), ...options });
  const balanced = BALANCED ? await balance(dataDir, server.port, options) : undefined;
  const url = balanced ? balanced.balancer.url : `http://127.0.0.1:${server.port}`;
  return {
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
      await balanced?.balancer.stop();
      await balanced?.other.stop();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
