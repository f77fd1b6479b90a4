import type { PluginFiles, PluginNode, PluginUser, PluginUsers } from '../plugin-api';
import type { UserStore } from '../auth/users';
import type { FileService } from '../storage/file-service';
import { StorageError } from '../storage/errors';
import type { HostServices } from './host';
import { pluginNode } from './host';

/**
 * `ctx.files` over the server's file service: read only, and only in the tree of a user who
 * exists (a uid is never taken as a folder name before that), with paths normalised by the
 * storage layer (a path it refuses, `..` among them, is simply not there: null or `[]`).
 */
function pluginFiles(files: FileService, users: UserStore): PluginFiles {
  const known = async (uid: string): Promise<boolean> => typeof uid === 'string' && (await users.get(uid)) !== null;
  const orNull = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      // Bad paths and missing nodes are answers; anything else (a failing disk) is not.
      if (error instanceof StorageError) return fallback;
      throw error;
    }
  };
  return Object.freeze({
    async stat(uid: string, path: string): Promise<PluginNode | null> {
      if (!(await known(uid))) return null;
      const entry = await orNull(() => files.stat(uid, path), null);
      return entry ? pluginNode(uid, entry) : null;
    },
    async getById(uid: string, fileid: number): Promise<PluginNode | null> {
      if (!Number.isSafeInteger(fileid) || !(await known(uid))) return null;
      const entry = await orNull(() => files.getById(uid, fileid), null);
      return entry ? pluginNode(uid, entry) : null;
    },
    async list(uid: string, path: string): Promise<PluginNode[]> {
      if (!(await known(uid))) return [];
      const entries = await orNull(() => files.list(uid, path), []);
      return entries.map((entry) => pluginNode(uid, entry));
    },
  });
}

/** `ctx.users` over the server's user store. */
function pluginUsers(users: UserStore): PluginUsers {
  const shown = (user: { uid: string; displayName: string }): PluginUser => Object.freeze({ uid: user.uid, displayName: user.displayName });
  return Object.freeze({
    async get(uid: string): Promise<PluginUser | null> {
      if (typeof uid !== 'string' || uid === '') return null;
      const user = await users.get(uid);
      return user ? shown(user) : null;
    },
    async search(term: string, limit: number, offset = 0): Promise<PluginUser[]> {
      return (await users.search(String(term), Math.max(0, Math.floor(limit)), Math.max(0, Math.floor(offset)))).map(shown);
    },
  });
}

/** What the host hands plugins as `ctx.files` and `ctx.users`. */
export function hostServices(files: FileService, users: UserStore): HostServices {
  return { files: pluginFiles(files, users), users: pluginUsers(users) };
}
