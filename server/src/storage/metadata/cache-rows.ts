import type { FileRow } from './tables';
import type { ListedRow, NewFileRow } from './metadata-store';
import type { ContentStat, FileEntry } from '../model/types';
import { FILE_PERMISSIONS, FOLDER_MIME, FOLDER_PERMISSIONS } from '../model/types';
import { newEtag } from './metadata-store';
import { baseName, parentPath } from '../model/paths';
import { mimeFor } from '../model/mime';

/** Converts a cache row to the public entry shape. */
export function toEntry(row: FileRow): FileEntry {
  return entryAt(row, row.path);
}

/**
 * A row as the entry at `path`, built field by field (no spreads: a listing builds 10,000 of
 * these, from rows that carry no path).
 */
export function entryAt(row: ListedRow, path: string): FileEntry {
  const folder = row.type === 'folder';
  return {
    fileid: row.fileid,
    path,
    name: row.name,
    type: row.type,
    size: row.size,
    mtime: row.mtime,
    etag: row.etag,
    mime: row.mime,
    permissions: folder ? FOLDER_PERMISSIONS : FILE_PERMISSIONS,
    favorite: row.favorite === 1,
    uploadTime: row.upload_time,
    creationTime: row.creation_time,
    checksum: row.checksum,
    crc32: row.crc32 === null ? null : Number(row.crc32),
  };
}

/** The cache row of a node as the disk describes it, with a new etag. */
export function newRow(uid: string, path: string, parent: number | null, stat: ContentStat, uploadTime: number): NewFileRow {
  const name = baseName(path);
  const folder = stat.type === 'folder';
  return {
    uid,
    path,
    parent,
    name,
    type: stat.type,
    size: folder ? 0 : stat.size,
    mtime: seconds(stat.mtimeUs),
    disk_mtime: stat.mtimeUs,
    etag: newEtag(),
    mime: folder ? FOLDER_MIME : mimeFor(name),
    upload_time: uploadTime,
    creation_time: uploadTime,
    checksum: null,
    crc32: null,
  };
}

/** The folders whose size and etag change when something at `path` changes. */
export function ancestorsOf(path: string): string[] {
  const result: string[] = [];
  let current = path;
  while (current !== '/') {
    current = parentPath(current);
    result.push(current);
  }
  return result;
}

/** A disk mtime (microseconds) as a cache mtime (seconds). */
export const seconds = (mtimeUs: number): number => Math.floor(mtimeUs / 1e6);
/** The current time in seconds, as the cache stores times. */
export const now = (): number => Math.floor(Date.now() / 1000);

/** The columns a file's row takes when its content changed (new size and mtime, a new etag, no checksum or CRC known). */
export function changedFileColumns(stat: ContentStat): Pick<FileRow, 'size' | 'mtime' | 'disk_mtime' | 'etag' | 'checksum' | 'crc32'> {
  return { size: stat.size, mtime: seconds(stat.mtimeUs), disk_mtime: stat.mtimeUs, etag: newEtag(), checksum: null, crc32: null };
}
