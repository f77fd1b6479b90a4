import type { PluginNode } from '../plugin-api';
import type { FileEntry } from '../storage/model/types';

/** A node as plugins see it (hooks, `ctx.files`). */
export function pluginNode(uid: string, entry: FileEntry): PluginNode {
  return Object.freeze({ uid, fileid: entry.fileid, path: entry.path, name: entry.name, type: entry.type, size: entry.size, mtime: entry.mtime, etag: entry.etag, mime: entry.mime });
}
