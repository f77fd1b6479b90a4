/**
 * The byte layout of a folder archive, computed from the metadata alone before the first byte
 * is sent: every entry is stored (no compression), so each record's offset and the archive's
 * exact length follow from the names and sizes. That is what makes `Content-Length`, `Range`
 * and resuming possible. A zip entry's CRC-32 goes into the data descriptor after the entry's
 * bytes and into the central directory, both of fixed size, so the layout never depends on
 * whether the metadata stored it (files written since storage-014 have it) or it is computed
 * while the entry streams: the bytes of an archive are the same either way, and a download
 * resumed across that difference stays exact.
 *
 * Written here rather than taken from a library: the zip and tar writers on npm (archiver,
 * yazl, zip-stream, tar-stream) stream from the front and cannot say their length up front, nor
 * produce an arbitrary byte range of the archive without writing everything before it.
 */

/** One node in an archive, as the metadata snapshot had it. */
export interface ArchiveItem {
  /** The name inside the archive ('Photos/2024/a.jpg'; folders without the trailing slash). */
  name: string;
  type: 'file' | 'folder';
  /** The node's path in the requester's view, to open it. */
  path: string;
  fileid: number;
  etag: string;
  size: number;
  /** Seconds. */
  mtime: number;
  /**
   * The CRC-32 of the content, when the metadata has it (stored as the bytes were written):
   * then the file is read only for the bytes an archive's range wants. Null or absent: read
   * and computed. The archive's bytes are the same either way.
   */
  crc32?: number | null;
}

export type ArchiveFormat = 'zip' | 'tar';

const U32 = 0xffffffff;
const U16 = 0xffff;
/** Zip flags: bit 3 (sizes and CRC in a data descriptor after the data), bit 11 (names are UTF-8). */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
/** `version made by`: Unix (3) and zip 4.5 (ZIP64). */
const MADE_BY = (3 << 8) | 45;

/** A zip entry's records: where its local header starts, and the lengths of what follows. */
interface ZipPlan {
  headerLength: number;
  descriptorLength: number;
  zip64: boolean;
  centralLength: number;
}

/** Everything needed to produce any byte range of one archive. */
export interface ArchiveLayout {
  format: ArchiveFormat;
  items: ArchiveItem[];
  /** The offset of each item's first byte (its header). */
  offsets: number[];
  /** Each item's header length (zip local header, tar header blocks). */
  headerLengths: number[];
  /** Zip: each item's data descriptor length (0 for folders); tar: the padding after the data. */
  trailerLengths: number[];
  /** Zip: where the central directory starts; tar: where the end blocks start. */
  centralOffset: number;
  /** Zip: each item's central directory record length. */
  centralLengths: number[];
  /** Zip: the end records' length (ZIP64 end record and locator when needed, then the classic one). */
  endLength: number;
  size: number;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The name of an item as written: folders end with '/'. */
export function entryName(item: ArchiveItem): string {
  return item.type === 'folder' ? `${item.name}/` : item.name;
}

// ---------------------------------------------------------------------------------------------
// zip

/** The extended timestamp extra field (0x5455): the exact modification time in UTC. */
const TIMESTAMP_EXTRA = 9;

function zipPlan(item: ArchiveItem, offset: number): ZipPlan {
  const nameLength = utf8Length(entryName(item));
  const big = item.type === 'file' && item.size >= U32;
  const farOffset = offset >= U32;
  // Local header: 30 bytes, the name, the timestamp, and for a big entry the ZIP64 sizes (20 bytes).
  const headerLength = 30 + nameLength + TIMESTAMP_EXTRA + (big ? 20 : 0);
  const descriptorLength = item.type === 'folder' ? 0 : big ? 24 : 16;
  const central64 = (big ? 16 : 0) + (farOffset ? 8 : 0);
  const centralLength = 46 + nameLength + TIMESTAMP_EXTRA + (central64 > 0 ? 4 + central64 : 0);
  return { headerLength, descriptorLength, zip64: big || farOffset, centralLength };
}

function zipLayout(items: ArchiveItem[]): ArchiveLayout {
  const offsets: number[] = [];
  const headerLengths: number[] = [];
  const trailerLengths: number[] = [];
  const centralLengths: number[] = [];
  let offset = 0;
  let centralLength = 0;
  for (const item of items) {
    const plan = zipPlan(item, offset);
    offsets.push(offset);
    headerLengths.push(plan.headerLength);
    trailerLengths.push(plan.descriptorLength);
    centralLengths.push(plan.centralLength);
    offset += plan.headerLength + (item.type === 'file' ? item.size : 0) + plan.descriptorLength;
    centralLength += plan.centralLength;
  }
  const centralOffset = offset;
  const end64 = needsZip64End(items.length, centralOffset, centralLength);
  const endLength = (end64 ? 56 + 20 : 0) + 22;
  return { format: 'zip', items, offsets, headerLengths, trailerLengths, centralOffset, centralLengths, endLength, size: centralOffset + centralLength + endLength };
}

function needsZip64End(count: number, centralOffset: number, centralLength: number): boolean {
  return count >= U16 || centralOffset >= U32 || centralLength >= U32;
}

/** MS-DOS time and date of a UTC time in seconds (1980 at the earliest, 2107 at the latest). */
function dosDateTime(seconds: number): { time: number; date: number } {
  const date = new Date(Math.max(315532800, Math.min(seconds, 4354819199)) * 1000);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function unixSeconds(seconds: number): number {
  return Math.max(0, Math.min(Math.floor(seconds), 0x7fffffff));
}

function writeU64(buffer: Buffer, value: number, at: number): void {
  buffer.writeBigUInt64LE(BigInt(value), at);
}

/** A zip item's local file header. */
export function zipLocalHeader(layout: ArchiveLayout, index: number): Buffer {
  const item = layout.items[index] as ArchiveItem;
  const name = Buffer.from(entryName(item), 'utf8');
  const length = layout.headerLengths[index] as number;
  const big = item.type === 'file' && item.size >= U32;
  const buffer = Buffer.alloc(length);
  const { time, date } = dosDateTime(item.mtime);
  buffer.writeUInt32LE(0x04034b50, 0);
  buffer.writeUInt16LE(big ? 45 : 20, 4);
  buffer.writeUInt16LE(FLAG_UTF8 | (item.type === 'file' ? FLAG_DESCRIPTOR : 0), 6);
  buffer.writeUInt16LE(0, 8); // stored
  buffer.writeUInt16LE(time, 10);
  buffer.writeUInt16LE(date, 12);
  buffer.writeUInt32LE(0, 14); // the CRC-32 follows in the data descriptor
  // The sizes are known: given here too, so that readers which stream from the front find the
  // end of a stored entry without the central directory.
  const size = item.type === 'file' ? item.size : 0;
  buffer.writeUInt32LE(big ? U32 : size, 18);
  buffer.writeUInt32LE(big ? U32 : size, 22);
  buffer.writeUInt16LE(name.length, 26);
  buffer.writeUInt16LE(length - 30 - name.length, 28);
  name.copy(buffer, 30);
  let at = 30 + name.length;
  at = writeTimestamp(buffer, at, item.mtime);
  if (big) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(16, at + 2);
    writeU64(buffer, size, at + 4);
    writeU64(buffer, size, at + 12);
  }
  return buffer;
}

function writeTimestamp(buffer: Buffer, at: number, mtime: number): number {
  buffer.writeUInt16LE(0x5455, at);
  buffer.writeUInt16LE(5, at + 2);
  buffer.writeUInt8(1, at + 4); // modification time present
  buffer.writeUInt32LE(unixSeconds(mtime), at + 5);
  return at + TIMESTAMP_EXTRA;
}

/** A zip file item's data descriptor, once its CRC-32 is known. */
export function zipDescriptor(layout: ArchiveLayout, index: number, crc: number): Buffer {
  const item = layout.items[index] as ArchiveItem;
  const length = layout.trailerLengths[index] as number;
  const buffer = Buffer.alloc(length);
  buffer.writeUInt32LE(0x08074b50, 0);
  buffer.writeUInt32LE(crc >>> 0, 4);
  if (length === 24) {
    writeU64(buffer, item.size, 8);
    writeU64(buffer, item.size, 16);
  } else {
    buffer.writeUInt32LE(item.size, 8);
    buffer.writeUInt32LE(item.size, 12);
  }
  return buffer;
}

/** A zip item's central directory record. */
export function zipCentralRecord(layout: ArchiveLayout, index: number, crc: number): Buffer {
  const item = layout.items[index] as ArchiveItem;
  const name = Buffer.from(entryName(item), 'utf8');
  const length = layout.centralLengths[index] as number;
  const offset = layout.offsets[index] as number;
  const size = item.type === 'file' ? item.size : 0;
  const big = size >= U32;
  const far = offset >= U32;
  const buffer = Buffer.alloc(length);
  const { time, date } = dosDateTime(item.mtime);
  buffer.writeUInt32LE(0x02014b50, 0);
  buffer.writeUInt16LE(MADE_BY, 4);
  buffer.writeUInt16LE(big || far ? 45 : 20, 6);
  buffer.writeUInt16LE(FLAG_UTF8 | (item.type === 'file' ? FLAG_DESCRIPTOR : 0), 8);
  buffer.writeUInt16LE(0, 10);
  buffer.writeUInt16LE(time, 12);
  buffer.writeUInt16LE(date, 14);
  buffer.writeUInt32LE(item.type === 'file' ? crc >>> 0 : 0, 16);
  buffer.writeUInt32LE(big ? U32 : size, 20);
  buffer.writeUInt32LE(big ? U32 : size, 24);
  buffer.writeUInt16LE(name.length, 28);
  buffer.writeUInt16LE(length - 46 - name.length, 30);
  buffer.writeUInt16LE(0, 32); // comment
  buffer.writeUInt16LE(0, 34); // disk
  buffer.writeUInt16LE(0, 36); // internal attributes
  // External attributes: the Unix mode in the high half (rw-r--r-- files, rwxr-xr-x folders), MS-DOS folder bit.
  const mode = item.type === 'folder' ? 0o40755 : 0o100644;
  buffer.writeUInt32LE(((mode << 16) | (item.type === 'folder' ? 0x10 : 0)) >>> 0, 38);
  buffer.writeUInt32LE(far ? U32 : offset, 42);
  name.copy(buffer, 46);
  let at = writeTimestamp(buffer, 46 + name.length, item.mtime);
  if (big || far) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE((big ? 16 : 0) + (far ? 8 : 0), at + 2);
    at += 4;
    if (big) {
      writeU64(buffer, size, at);
      writeU64(buffer, size, at + 8);
      at += 16;
    }
    if (far) writeU64(buffer, offset, at);
  }
  return buffer;
}

/** The zip end records (ZIP64 end of central directory and its locator when needed, then the classic end). */
export function zipEnd(layout: ArchiveLayout): Buffer {
  const count = layout.items.length;
  const centralLength = layout.centralLengths.reduce((sum, length) => sum + length, 0);
  const end64 = layout.endLength > 22;
  const buffer = Buffer.alloc(layout.endLength);
  let at = 0;
  if (end64) {
    const end64Offset = layout.centralOffset + centralLength;
    buffer.writeUInt32LE(0x06064b50, 0);
    writeU64(buffer, 44, 4); // size of the rest of the record
    buffer.writeUInt16LE(MADE_BY, 12);
    buffer.writeUInt16LE(45, 14);
    buffer.writeUInt32LE(0, 16);
    buffer.writeUInt32LE(0, 20);
    writeU64(buffer, count, 24);
    writeU64(buffer, count, 32);
    writeU64(buffer, centralLength, 40);
    writeU64(buffer, layout.centralOffset, 48);
    buffer.writeUInt32LE(0x07064b50, 56);
    buffer.writeUInt32LE(0, 60);
    writeU64(buffer, end64Offset, 64);
    buffer.writeUInt32LE(1, 72);
    at = 76;
  }
  buffer.writeUInt32LE(0x06054b50, at);
  buffer.writeUInt16LE(0, at + 4);
  buffer.writeUInt16LE(0, at + 6);
  buffer.writeUInt16LE(Math.min(count, U16), at + 8);
  buffer.writeUInt16LE(Math.min(count, U16), at + 10);
  buffer.writeUInt32LE(Math.min(centralLength, U32), at + 12);
  buffer.writeUInt32LE(Math.min(layout.centralOffset, U32), at + 16);
  buffer.writeUInt16LE(0, at + 20);
  return buffer;
}

// ---------------------------------------------------------------------------------------------
// tar (POSIX pax: ustar headers, with an extended header for long or non-ASCII names and big sizes)

const BLOCK = 512;
/** The largest size an ustar header's 11 octal digits hold. */
const USTAR_MAX_SIZE = 0o77777777777;

/** The pax records an item needs ('' when its ustar header says everything). */
function paxRecords(item: ArchiveItem): string {
  const name = entryName(item);
  let records = '';
  if (utf8Length(name) > 100 || !/^[\x20-\x7e]*$/.test(name)) records += paxRecord('path', name);
  if (item.type === 'file' && item.size > USTAR_MAX_SIZE) records += paxRecord('size', String(item.size));
  return records;
}

/** One `length key=value\n` record; the length counts its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyLength = utf8Length(body);
  const digits = String(bodyLength).length;
  let length = bodyLength + digits;
  if (String(length).length > digits) length += 1;
  return `${length}${body}`;
}

function padded(length: number): number {
  return Math.ceil(length / BLOCK) * BLOCK;
}

function tarLayout(items: ArchiveItem[]): ArchiveLayout {
  const offsets: number[] = [];
  const headerLengths: number[] = [];
  const trailerLengths: number[] = [];
  let offset = 0;
  for (const item of items) {
    const pax = paxRecords(item);
    const headerLength = BLOCK + (pax === '' ? 0 : BLOCK + padded(utf8Length(pax)));
    const size = item.type === 'file' ? item.size : 0;
    offsets.push(offset);
    headerLengths.push(headerLength);
    trailerLengths.push(padded(size) - size);
    offset += headerLength + padded(size);
  }
  // Two zero blocks end the archive.
  return { format: 'tar', items, offsets, headerLengths, trailerLengths, centralOffset: offset, centralLengths: [], endLength: 2 * BLOCK, size: offset + 2 * BLOCK };
}

function octal(buffer: Buffer, value: number, at: number, width: number): void {
  buffer.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, width, 'ascii');
}

function ustarBlock(name: string, type: string, size: number, mtime: number, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  octal(block, mode, 100, 8);
  octal(block, 0, 108, 8);
  octal(block, 0, 116, 8);
  octal(block, Math.min(size, USTAR_MAX_SIZE), 124, 12);
  octal(block, unixSeconds(mtime), 136, 12);
  block.write(' '.repeat(8), 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\x0000', 257, 8, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

/** A tar item's header blocks (its pax extended header first, when it has one). */
export function tarHeader(layout: ArchiveLayout, index: number): Buffer {
  const item = layout.items[index] as ArchiveItem;
  const name = entryName(item);
  const size = item.type === 'file' ? item.size : 0;
  const mode = item.type === 'folder' ? 0o755 : 0o644;
  const pax = paxRecords(item);
  // The ustar name: the real one when it fits, else an ASCII stand-in (readers use the pax path).
  const shortName = pax === '' ? name : `${name.replace(/[^\x20-\x7e]/g, '_').slice(0, 90)}${item.type === 'folder' ? '/' : ''}`;
  const main = ustarBlock(shortName, item.type === 'folder' ? '5' : '0', size, item.mtime, mode);
  if (pax === '') return main;
  const paxBytes = Buffer.from(pax, 'utf8');
  const extended = ustarBlock(`PaxHeader/${String(item.fileid)}`, 'x', paxBytes.length, item.mtime, 0o644);
  const body = Buffer.alloc(padded(paxBytes.length));
  paxBytes.copy(body);
  return Buffer.concat([extended, body, main]);
}

/** Lays out an archive of `items`, in this order. */
export function layoutArchive(format: ArchiveFormat, items: ArchiveItem[]): ArchiveLayout {
  return format === 'zip' ? zipLayout(items) : tarLayout(items);
}
