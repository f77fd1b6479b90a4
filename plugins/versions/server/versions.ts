import type { PluginFileRead, PluginFiles, PluginLog, PluginNode } from '@cumulus/server/plugin-api';
import { PluginError } from '@cumulus/server/plugin-api';
import type { VersionRecords, VersionRow } from './records';
import { contentName } from './records';
import type { VersionRetention } from './retention';
import { expiredVersions, overBudget } from './retention';

/**
 * The versions of users' files (Nextcloud's files_versions): before a file's content is
 * replaced, the content is kept in the owner's area (no byte copy on disk) with a record; a
 * version comes back by a restore, goes by a delete or by the retention rule.
 */
export class Versions {
  constructor(
    private readonly files: PluginFiles,
    private readonly records: VersionRecords,
    private readonly retention: VersionRetention,
    private readonly log: PluginLog,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /**
   * Keeps the content `node` has now as a version by `author` (who wrote that content), named
   * by the time it was replaced: now, or a second after the file's newest version when that
   * is taken (many writes in one second each keep theirs). The content first, then its record: a crash between leaves content no record names (the
   * cleanup takes it), never a record of content that is not there.
   */
  async keep(node: PluginNode, author: string): Promise<VersionRow> {
    const uid = node.uid;
    const newest = await this.records.newest(uid, node.fileid);
    for (let version = Math.max(this.now(), newest === null ? 0 : newest + 1); ; version += 1) {
      const content = contentName(node.fileid, version);
      if (await this.files.area.stat(uid, content)) continue;
      if (await this.records.get(uid, node.fileid, version)) continue;
      try {
        await this.files.area.keep(uid, node.path, content);
      } catch (error) {
        // Another write kept one under this name first.
        if (error instanceof PluginError && error.status === 412) continue;
        throw error;
      }
      const row: VersionRow = { uid, fileid: node.fileid, version, mtime: node.mtime, size: node.size, etag: node.etag, mime: node.mime, checksum: '', content, author, label: '' };
      if (await this.records.claim(row)) return row;
      await this.files.area.remove(uid, content).catch(() => undefined);
    }
  }

  /** The file's versions, newest first. */
  list(uid: string, fileid: number): Promise<VersionRow[]> {
    return this.records.list(uid, fileid);
  }

  get(uid: string, fileid: number, version: number): Promise<VersionRow | null> {
    return this.records.get(uid, fileid, version);
  }

  /** Opens a version's bytes. */
  read(row: VersionRow): Promise<PluginFileRead> {
    return this.files.area.read(row.uid, row.content);
  }

  /** Puts the version's content back as the file's (the content it replaces becomes a version: the write's `replacing` hook). */
  async restore(row: VersionRow, by: string): Promise<PluginNode> {
    const node = await this.files.getById(row.uid, row.fileid);
    if (!node || node.type !== 'file') throw new PluginError(404, 'The file of this version is not there');
    return this.files.area.putBack(row.uid, row.content, node.path, by);
  }

  async label(row: VersionRow, label: string): Promise<void> {
    await this.records.setLabel(row.uid, row.fileid, row.version, label);
  }

  /** Deletes a version: its record first (a crash leaves content the cleanup takes, never a record of nothing). */
  async delete(row: VersionRow): Promise<void> {
    await this.records.remove(row.uid, row.fileid, row.version);
    await this.files.area.remove(row.uid, row.content).catch((error: unknown) => {
      if (!(error instanceof PluginError && error.status === 404)) throw error;
    });
  }

  /** A COPY/MOVE put another node where the file was: its versions are that node's now. */
  rekey(uid: string, from: number, to: number): Promise<void> {
    return this.records.rekey(uid, from, to);
  }

  /** Deletes every version of the file. */
  async deleteAll(uid: string, fileid: number): Promise<number> {
    const rows = await this.records.list(uid, fileid);
    for (const row of rows) await this.delete(row);
    return rows.length;
  }

  /**
   * Applies the retention rule to the user's versions and then the size budget (half of the
   * free space); returns how many went.
   */
  async expire(uid: string): Promise<number> {
    const now = this.now();
    const all = await this.records.ofUser(uid);
    // Versions of files gone for good (deleted from the trash) go with them.
    const held = new Map<number, boolean>();
    for (const row of all) if (!held.has(row.fileid)) held.set(row.fileid, await this.files.held(uid, row.fileid));
    const orphans = all.filter((row) => !held.get(row.fileid));
    for (const row of orphans) await this.delete(row);
    const rows = all.filter((row) => held.get(row.fileid));
    const byFile = new Map<number, VersionRow[]>();
    for (const row of rows) byFile.set(row.fileid, [...(byFile.get(row.fileid) ?? []), row]);
    const gone = new Set<VersionRow>();
    for (const versions of byFile.values()) {
      for (const row of expiredVersions(this.retention, versions.map((version) => ({ ...version, labelled: version.label !== '', row: version })), now)) gone.add(row.row);
    }
    const { used, quota } = await this.files.usage(uid);
    const left = rows.filter((row) => !gone.has(row)).map((row) => ({ ...row, labelled: row.label !== '', row }));
    for (const row of overBudget(left, used, quota)) gone.add(row.row);
    for (const row of gone) await this.delete(row);
    return gone.size + orphans.length;
  }

  /** {@link expire} for every user with versions. */
  async expireAll(): Promise<number> {
    let removed = 0;
    for (const uid of await this.records.owners()) {
      try {
        removed += await this.expire(uid);
      } catch (error) {
        this.log.error(`expiring the versions of ${uid} failed`, error);
      }
    }
    return removed;
  }

  /**
   * Deletes every version of the user's (of all users with none given), and content in the
   * area no record names (left by a crash); returns how many versions went.
   */
  async cleanup(uid?: string): Promise<number> {
    const uids = uid === undefined ? await this.records.owners() : [uid];
    let removed = 0;
    for (const owner of uids) {
      for (const row of await this.records.ofUser(owner)) {
        await this.delete(row);
        removed += 1;
      }
      await this.files.area.remove(owner, '/').catch(() => undefined);
    }
    return removed;
  }
}
