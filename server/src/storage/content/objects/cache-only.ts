import type { ContentChild } from '../content-store';
import type { FileRow } from '../../metadata/tables';
import type { ListedRow, MetadataStore } from '../../metadata/metadata-store';
import { newRow } from '../../metadata/cache-rows';

/**
 * The file cache as the whole truth, for content on object storage: objects named by file id
 * have no editor behind the server's back, so nothing is checked against a disk (no
 * `DiskSync`): a node is its row, a listing its cached children, and no tree walk runs
 * (objects/README.md, "No disk scan"). It offers what `FileService` asks of `DiskSync`.
 */
export class CacheOnly {
  /** @param metadata the file cache */
  constructor(private readonly metadata: MetadataStore) {}

  /** Nothing to keep away: no check runs. */
  hold(_uid: string, ..._paths: string[]): Disposable {
    return { [Symbol.dispose]: () => undefined };
  }

  /** The user's (or area's) root row, created when missing. */
  async rootRow(uid: string): Promise<FileRow> {
    const row = await this.metadata.get(uid, '/');
    if (row) return row;
    return this.metadata.insert(newRow(uid, '/', null, { type: 'folder', size: 0, mtimeUs: Date.now() * 1000 }, 0));
  }

  /** The node's row, or null. */
  async refreshNode(uid: string, path: string): Promise<FileRow | null> {
    return path === '/' ? this.rootRow(uid) : this.metadata.get(uid, path);
  }

  /** No disk to list: the cached children are the answer. */
  async listOnDisk(_uid: string, _path: string): Promise<ContentChild[] | null> {
    return null;
  }

  /** The cached children always match. */
  async checkListing(_uid: string, _folder: FileRow, _cached: ListedRow[], _disk: ContentChild[]): Promise<FileRow[] | null> {
    return null;
  }

  /** No tree walk: nothing changes behind the server's back. */
  async refreshTree(_uid: string, _path: string, _maxAgeSeconds: number): Promise<boolean> {
    return false;
  }
}
