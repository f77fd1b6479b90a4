import { readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import type { UserStore } from './users';
import { AccountError } from './user-validation';
import { randomPassword, verifyPassword } from './passwords';

/** The file in the data dir that keeps a generated admin password (mode 0600). */
export const ADMIN_PASSWORD_FILE = 'admin-password';

/** What {@link ensureAdmin} did. */
export interface AdminBootstrap {
  /** True on the first start, when `admin` was just created. */
  created: boolean;
  /** The admin password when known: the configured one, or the generated one kept in the data dir. */
  password: string;
  /** Set when the password was generated (first start) or is kept in the data dir. */
  passwordFile?: string;
}

/**
 * On the first start (no users yet) creates `admin` with the configured password, or with a
 * random one that is written to `<dataDir>/admin-password` (mode 0600) so the operator can
 * read it once.
 */
export async function ensureAdmin(users: UserStore, dataDir: string, configured: string | undefined, onCreated: (uid: string) => Promise<void>): Promise<AdminBootstrap> {
  const file = join(dataDir, ADMIN_PASSWORD_FILE);
  if ((await users.count()) > 0) {
    if (configured) return { created: false, password: configured };
    const kept = (await readFile(file, 'utf8').catch(() => '')).trim();
    if (!kept) return { created: false, password: '' };
    // A password changed since (any way, even behind our back) makes the kept one a lie: drop it.
    if (!(await verifyPassword(await users.passwordHash('admin'), kept))) {
      await forgetGeneratedAdminPassword(dataDir);
      return { created: false, password: '' };
    }
    return { created: false, password: kept, passwordFile: file };
  }
  const password = configured ?? randomPassword(20);
  try {
    await users.create({ uid: 'admin', password, displayName: 'admin' });
  } catch (error) {
    // Another server process on the same database made it first: a later start, as it were.
    if (error instanceof AccountError && error.code === 'exists') return ensureAdmin(users, dataDir, configured, onCreated);
    throw error;
  }
  await onCreated('admin');
  if (configured) return { created: true, password };
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return { created: true, password, passwordFile: file };
}

/**
 * Deletes the kept generated admin password: called when admin's password changes, so
 * neither the file nor `serve` goes on showing a password that no longer works.
 */
export async function forgetGeneratedAdminPassword(dataDir: string): Promise<void> {
  await rm(join(dataDir, ADMIN_PASSWORD_FILE), { force: true });
}
