import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';
import { ADMIN_PASSWORD } from './server';

/**
 * The environment that configures rclone entirely, with no config file: a remote named
 * "cumulus" (webdav, vendor nextcloud) on the admin's files of `server`; `work` holds the
 * (unused) config path.
 */
export async function rcloneEnv(server: TestServer, work: string): Promise<NodeJS.ProcessEnv> {
  const { stdout: obscured } = await promisify(execFile)('rclone', ['obscure', ADMIN_PASSWORD]);
  return {
    ...process.env,
    RCLONE_CONFIG: join(work, 'rclone.conf'),
    RCLONE_CONFIG_CUMULUS_TYPE: 'webdav',
    RCLONE_CONFIG_CUMULUS_URL: server.davRoot,
    RCLONE_CONFIG_CUMULUS_VENDOR: 'nextcloud',
    RCLONE_CONFIG_CUMULUS_USER: 'admin',
    RCLONE_CONFIG_CUMULUS_PASS: obscured.trim(),
  };
}
