import { link } from 'node:fs/promises';
import type { ContentStore, OpenedFile } from '../content-store';
import type { BackendContext, ContentBackend, ContentBackendFactory, FileContent, PlannedWrite } from '../backend';
import type { FileRow } from '../../metadata/tables';
import type { MetadataStore } from '../../metadata/metadata-store';
import { fail } from '../../../errors';
import { recordFile } from '../record-file';
import { crcPassThrough } from '../crc32';
import { LocalContentStore } from './local-content-store';
import { DiskSync } from './disk-sync';
import { TreeOperations } from './tree-operations';
import { UploadStore } from './uploads';

/**
 * The local backend (the default): every file a plain file under `<dataDir>/files/<uid>/`, at
 * its path; the cache checked against the disk on every stat and listing ({@link DiskSync}),
 * since users may change the directory behind the server's back; COPY, MOVE and DELETE
 * journaled ({@link TreeOperations}); chunks of uploads under `<dataDir>/uploads/`
 * ({@link UploadStore}). `content` replaces the disk layer (tests).
 */
export function localContent(content?: ContentStore): ContentBackendFactory {
  return (context) => new LocalBackend(context, content ?? new LocalContentStore(context.dataDir, { tag: context.tag }));
}

class LocalBackend implements ContentBackend {
  readonly sync: DiskSync;
  readonly operations: TreeOperations;
  readonly uploads: UploadStore;
  private readonly metadata: MetadataStore;

  constructor(
    context: BackendContext,
    private readonly content: ContentStore,
  ) {
    this.metadata = context.metadata;
    this.sync = new DiskSync(context.metadata, content, context.events);
    this.operations = new TreeOperations(context.metadata, content, context.db, context.tag);
    this.uploads = new UploadStore({ db: context.db, dataDir: context.dataDir });
  }

  ensureRoot(uid: string): Promise<void> {
    return this.content.ensureRoot(uid);
  }

  async deleteUser(uid: string): Promise<void> {
    await this.content.removeUser(uid);
    await this.metadata.deleteUser(uid);
  }

  open(uid: string, path: string): Promise<OpenedFile> {
    return this.content.open(uid, path);
  }

  /** Streams or renames the bytes into place (atomic: a temporary file renamed when complete), then records the file. */
  async place(write: PlannedWrite, content: FileContent): Promise<FileRow> {
    const { uid, target, maxBytes, mtime, expectedLength } = write;
    let stat;
    // The CRC-32 of the bytes, computed as they stream (or as an assembled upload was read).
    let crc32: number | null = null;
    if (content.kind === 'stream') {
      const passing = crcPassThrough(content.source);
      stat = await this.content.write(uid, target, passing.source, {
        maxBytes,
        ...(mtime !== undefined ? { mtime } : {}),
        ...(expectedLength !== undefined ? { expectedLength } : {}),
      });
      if (passing.crc.complete && stat.size === passing.crc.bytes) crc32 = passing.crc.value >>> 0;
    } else if (content.kind === 'file') {
      stat = await this.content.install(uid, target, content.path, mtime !== undefined ? { mtime } : {});
      if (content.crc32 !== undefined && stat.size === content.size) crc32 = content.crc32;
    } else {
      fail('not-implemented', 'Stored parts are put together on object storage only');
    }
    return recordFile(this.metadata, uid, target, write.parent, stat, write.existing, write.checksum, crc32);
  }

  /**
   * A hard link of the file's bytes at `to` (no copy): a write later renames a new file over
   * the user's path, so the link keeps the old bytes. Recorded like any new file.
   */
  async keep(uid: string, row: FileRow, toKey: string, to: string, toParent: FileRow): Promise<FileRow> {
    const target = this.content.localPath(toKey, to);
    try {
      await link(this.content.localPath(uid, row.path), target);
    } catch (error) {
      // Another write kept content under this name a moment ago.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') fail('precondition-failed', 'The destination node already exists');
      throw error;
    }
    const stat = await this.content.stat(toKey, to);
    if (!stat || stat.type !== 'file') fail('conflict', 'The kept content went away');
    return recordFile(this.metadata, toKey, to, toParent, stat, null, row.checksum);
  }

  mkdir(uid: string, path: string): ReturnType<ContentStore['mkdir']> {
    return this.content.mkdir(uid, path);
  }

  async setMtime(uid: string, path: string, mtime: number): Promise<{ mtimeUs: number; undo(): Promise<void> }> {
    const before = await this.content.stat(uid, path);
    const stat = await this.content.setMtime(uid, path, mtime);
    return {
      mtimeUs: stat.mtimeUs,
      undo: async () => {
        if (before) await this.content.setMtime(uid, path, before.mtimeUs / 1e6).catch(() => undefined);
      },
    };
  }

  sweepTemporary(running: ReadonlySet<string>): Promise<number> {
    return this.content.sweepTemporary(running);
  }

  async sweepOrphans(): Promise<number> {
    // A file's bytes are at its path: nothing can be left without a row that the disk checks do not find.
    return 0;
  }

  localPath(uid: string, path: string): string {
    return this.content.localPath(uid, path);
  }

  async close(): Promise<void> {}
}
