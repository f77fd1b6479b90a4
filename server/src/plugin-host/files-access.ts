import type { PluginArea, PluginFileRead, PluginFiles, PluginNode } from '../plugin-api';
import { PluginError, ServerPluginError } from '../plugin-api';
import { ERROR_STATUS } from '../dav/errors';
import type { UserStore } from '../auth/users';
import type { FileService } from '../storage/files/file-service';
import { StorageError } from '../errors';
import { areaKey, parseAreaKey } from '../storage/model/areas';
import type { FileEntry } from '../storage/model/types';
import { pluginNode } from './plugin-node';

/** What the host needs of the server to give plugins `ctx.files`. */
export interface HostStorage {
  files: FileService;
  /** The server's users: `ctx.files` answers nothing about a uid no user has (never taken as a folder name). */
  users?: UserStore;
  /** The user's quota in bytes (-1: unlimited). */
  quotaOf(uid: string): Promise<number>;
}

/** Runs a storage call, its failures as the contract's {@link PluginError}. */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageError) throw new PluginError(ERROR_STATUS[error.kind].status, error.message);
    throw error;
  }
}

/** Whether `uid` is a user of the server (any uid when the host was given no users). */
async function known(storage: HostStorage, uid: string): Promise<boolean> {
  if (typeof uid !== 'string' || uid === '') return false;
  return storage.users === undefined || (await storage.users.get(uid)) !== null;
}

/**
 * Runs a lookup whose answer to a path the storage refuses (`..`, a bad name) or a node that
 * is not there is null: those are answers, not failures. Anything else (a failing disk) throws.
 */
async function absentOnBadInput<T>(work: () => Promise<T | null>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageError) return null;
    throw error;
  }
}

/** The nodes of a tree (a user's, or an area's under its key) as the user `uid`'s. */
function nodes(uid: string, entries: readonly FileEntry[]): PluginNode[] {
  return entries.map((entry) => pluginNode(uid, entry));
}

/** The plugin's area (areas.ts): the storage key `<uid>~<plugin id>` behind every call. */
function pluginArea(files: FileService, pluginId: string): PluginArea {
  const key = (uid: string): string => areaKey(uid, pluginId);
  const opened = async (uid: string, path: string): Promise<PluginFileRead> => {
    const file = await files.openRead(key(uid), path);
    return { size: file.size, stream: () => file.stream(), close: () => file.close() };
  };
  return Object.freeze({
    stat: (uid: string, path: string) =>
      translated(async () => {
        await files.ensureUserRoot(key(uid));
        const entry = await files.stat(key(uid), path);
        return entry ? pluginNode(uid, entry) : null;
      }),
    list: (uid: string, path: string) =>
      translated(async () => {
        await files.ensureUserRoot(key(uid));
        return nodes(uid, await files.list(key(uid), path));
      }),
    size: (uid: string) =>
      translated(async () => {
        await files.ensureUserRoot(key(uid));
        return (await files.getUsage(key(uid))).used;
      }),
    read: (uid: string, path: string) => translated(() => opened(uid, path)),
    moveIn: (uid: string, path: string, to: string) => translated(async () => pluginNode(uid, await files.transfer(uid, path, key(uid), to))),
    moveOut: (uid: string, path: string, to: string) =>
      translated(async () => {
        const entry = await files.transfer(key(uid), path, uid, to);
        // Back in the user's tree: for everyone watching it, a node appeared.
        await files.events.emit('created', uid, entry);
        return pluginNode(uid, entry);
      }),
    remove: (uid: string, path: string) =>
      translated(async () => {
        await files.ensureUserRoot(key(uid));
        await files.purge(key(uid), path);
      }),
    keep: (uid: string, path: string, to: string) => translated(async () => pluginNode(uid, await files.keep(uid, path, key(uid), to))),
    putBack: (uid: string, path: string, to: string, by: string) =>
      translated(async () => {
        const file = await files.openRead(key(uid), path);
        const { entry } = await files.write(uid, to, file.stream(), { quota: -1, expectedLength: file.size, by });
        return pluginNode(uid, entry);
      }),
    copyTo: (fromUid: string, path: string, toUid: string, to: string) =>
      translated(async () => pluginNode(toUid, await files.copyBetween(key(fromUid), path, key(toUid), to))),
  });
}

/** `ctx.files` of the plugin `pluginId`. */
export function pluginFiles(pluginId: string, storage: HostStorage | undefined): PluginFiles {
  const need = (): HostStorage => storage ?? missing(pluginId);
  let area: PluginArea | undefined;
  return Object.freeze({
    stat: (uid: string, path: string) =>
      absentOnBadInput(async () => {
        if (!(await known(need(), uid))) return null;
        const entry = await need().files.stat(uid, path);
        return entry ? pluginNode(uid, entry) : null;
      }),
    getById: (uid: string, fileid: number) =>
      absentOnBadInput(async () => {
        if (!Number.isSafeInteger(fileid) || !(await known(need(), uid))) return null;
        const entry = await need().files.getById(uid, fileid);
        return entry ? pluginNode(uid, entry) : null;
      }),
    held: (uid: string, fileid: number) =>
      translated(async () => {
        if (!Number.isSafeInteger(fileid)) return false;
        const key = await need().files.metadata.keyOf(fileid);
        return key !== null && (key === uid || parseAreaKey(key)?.uid === uid);
      }),
    list: (uid: string, path: string) => translated(async () => nodes(uid, await need().files.list(uid, path))),
    usage: (uid: string) =>
      translated(async () => {
        const { files, quotaOf } = need();
        const [{ used }, quota] = await Promise.all([files.getUsage(uid), quotaOf(uid)]);
        return { used, quota };
      }),
    get area() {
      area ??= pluginArea(need().files, pluginId);
      return area;
    },
  });
}

function missing(pluginId: string): never {
  throw new ServerPluginError(pluginId, 'has no file access here (the host was made without storage)');
}
