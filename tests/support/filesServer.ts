import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startServer } from '../../server/src/app';
import type { StartedServer } from '../../server/src/app';
import type { ServerConfig } from '../../server/src/config';
import type { BalancedPair } from './balanced';
import { BALANCED, BALANCED_CONFIG, balanceWithSecondServer } from './balanced';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built front end the e2e tests serve (`npm run build`); CUMULUS_E2E_DIST points at another build. */
export const E2E_DIST = process.env['CUMULUS_E2E_DIST'] ?? path.join(ROOT, 'dist');

/** Where e2e screenshots go; created by {@link startFilesServer}. */
export const E2E_OUTPUT = path.join(ROOT, 'tests/output');

/** The real file server with a fresh data folder, and WebDAV as admin for seeding and checking. */
export interface FilesServer {
  /** The running server (its `built` services reach past HTTP, e.g. to set a quota). */
  readonly server: StartedServer;
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  readonly url: string;
  /**
   * One WebDAV request as admin with Basic auth. `davPath` starts with `/`
   * and is relative to the admin's files; each segment is URL-encoded here.
   */
  dav(method: string, davPath: string, body?: string | Uint8Array, headers?: Record<string, string>): Promise<Response>;
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

/** Basic auth header value for `user`. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * Starts the file server on a free 127.0.0.1 port over a new temporary data
 * folder, serving the built front end, with `admin` signed up under
 * `adminPassword`. Fails early with a hint when the front end is not built.
 * `name` tells the data folders of the test files apart.
 */
export async function startFilesServer(options: { name: string; adminPassword: string; config?: Partial<ServerConfig> }): Promise<FilesServer> {
  if (!existsSync(path.join(E2E_DIST, 'shell/index.html'))) throw new Error(`${E2E_DIST} has no built shell: run \`npm run build\` first`);
  mkdirSync(E2E_OUTPUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), `cumulus-e2e-${options.name}-`));
  let server: StartedServer;
  let balanced: BalancedPair | undefined;
  try {
    server = await startServer({ ...options.config, ...BALANCED_CONFIG, dataDir, port: 0, adminPassword: options.adminPassword, distDir: E2E_DIST });
    // The scale-out mode (`CUMULUS_TEST_BALANCED=1 npm run test:pg -- tests/e2e`): the browser talks to nginx, in front of two servers.
    if (BALANCED) balanced = await balanceWithSecondServer(dataDir, options.adminPassword, server.port, { ...options.config, distDir: E2E_DIST });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = balanced?.url ?? server.url;
  const authorization = basicAuth('admin', options.adminPassword);
  return {
    server,
    url,
    dav: (method, davPath, body, headers = {}) =>
      fetch(`${url}/remote.php/dav/files/admin${davPath.split('/').map(encodeURIComponent).join('/')}`, {
        method,
        headers: { authorization, ...headers },
        // fetch wants a body over a plain ArrayBuffer; a Buffer may sit on a shared pool.
        body: body === undefined || typeof body === 'string' ? body : new Uint8Array(body),
      }),
    close: async () => {
      await balanced?.stop();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs `user` in through the /login form, the way a person does, and waits
 * until the Files screen is open.
 */
export async function signIn(page: Page, url: string, password: string, user = 'admin'): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Login').fill(user);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL(/\/apps\/files\//), page.getByRole('button', { name: 'Log in' }).click()]);
}
