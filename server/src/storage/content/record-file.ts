import type { ContentStat } from './content-store';
import type { MetadataStore } from '../metadata/metadata-store';
import type { FileRow } from '../metadata/tables';
import { ancestorsOf, changedFileColumns, newRow, now } from '../metadata/cache-rows';

/**
 * Records a file whose bytes were just stored at `path` (both backends): an existing file's
 * row updated, or a new row inserted, and the size change propagated up to the root. `crc32`:
 * the CRC-32 of the bytes as written, when the write computed it.
 */
export async function recordFile(
  metadata: MetadataStore,
  uid: string,
  path: string,
  parent: FileRow,
  stat: ContentStat,
  existing: FileRow | null,
  checksum: string | null,
  crc32: number | null = null,
): Promise<FileRow> {
  const time = now();
  if (existing) {
    const changes = { ...changedFileColumns(stat), upload_time: time, checksum, crc32 };
    await metadata.update(existing.fileid, changes);
    await metadata.propagate(uid, ancestorsOf(path), stat.size - existing.size, time);
    return { ...existing, ...changes };
  }
  const fresh = { ...newRow(uid, path, parent.fileid, stat, time), checksum, crc32 };
  let row = await metadata.insert(fresh);
  // A listing that ran between the rename and here has inserted (and counted) the file already.
  if (row.etag === fresh.etag) await metadata.propagate(uid, ancestorsOf(path), stat.size, time);
  else if (row.checksum !== checksum || row.crc32 !== crc32) {
    await metadata.update(row.fileid, { checksum, crc32 });
    row = { ...row, checksum, crc32 };
  }
  return row;
}
