import { crc32 } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { ByteRange, WantedRange } from '../../storage/model/types';
import type { ArchiveItem, ArchiveLayout } from './layout';
import { tarHeader, zipCentralRecord, zipDescriptor, zipEnd, zipLocalHeader } from './layout';

/** Opens a file of the snapshot for reading (optionally only a range): its size as opened and its bytes. */
export type OpenItem = (item: ArchiveItem, wanted?: WantedRange) => Promise<{ size: number; stream(range?: ByteRange): Readable; close(): Promise<void> }>;

/** A file whose content no longer matches the snapshot the archive was laid out from. */
export class ChangedWhileArchived extends Error {
  constructor(readonly item: ArchiveItem) {
    super(`${item.name} changed while the archive was made`);
    this.name = 'ChangedWhileArchived';
  }
}

/**
 * CRC-32s of file versions already read (by file id and etag, which changes with the content):
 * a resumed download that starts in the central directory needs the CRCs of every entry before
 * it, and finds them here when this process served the first part. Bounded; oldest out first.
 */
const CRC_CACHE_LIMIT = 200_000;
const crcCache = new Map<string, number>();

function crcKey(item: ArchiveItem): string {
  return `${item.fileid}:${item.etag}:${item.size}`;
}

function rememberCrc(item: ArchiveItem, crc: number): void {
  const key = crcKey(item);
  crcCache.delete(key);
  crcCache.set(key, crc);
  if (crcCache.size > CRC_CACHE_LIMIT) {
    const oldest = crcCache.keys().next();
    if (!oldest.done) crcCache.delete(oldest.value);
  }
}

/** The part of `bytes` (which start at archive offset `at`) inside `range`, or null. */
function slice(bytes: Buffer, at: number, range: ByteRange): Buffer | null {
  const from = Math.max(range.start, at);
  const to = Math.min(range.end + 1, at + bytes.length);
  if (from >= to) return null;
  return from === at && to === at + bytes.length ? bytes : bytes.subarray(from - at, to - at);
}

/**
 * Streams a file's bytes: the part inside `send` (archive offsets, the data starting at `at`)
 * is yielded; with `crc` the whole file is read so its CRC-32 can be computed. The size as
 * opened must be the snapshot's, else the archive would be out of its announced frame.
 */
async function* fileBytes(open: OpenItem, item: ArchiveItem, at: number, send: ByteRange, crc: boolean, index = -1, ahead?: Lookahead): AsyncGenerator<Buffer, number | null> {
  const from = Math.max(send.start, at) - at;
  const to = Math.min(send.end, at + item.size - 1) - at;
  const whole = crc || from > to || (from === 0 && to === item.size - 1);
  if (item.size === 0) return 0;
  const wanted: WantedRange | undefined = whole ? undefined : { start: from, end: to };
  const opened = await (ahead && wanted === undefined ? ahead.take(index, item) : open(item, wanted));
  if (opened.size !== item.size) {
    if (!('data' in opened)) await opened.close();
    throw new ChangedWhileArchived(item);
  }
  const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = 'data' in opened ? [opened.data] : (opened.stream(whole ? undefined : { start: from, end: to }) as AsyncIterable<Buffer>);
  let value = 0;
  let position = whole ? 0 : from;
  let read = 0;
  for await (const chunk of chunks) {
    read += chunk.length;
    if (crc) value = crc32(chunk, value);
    const chunkEnd = position + chunk.length;
    if (from <= to && chunkEnd > from && position <= to) {
      yield chunk.subarray(Math.max(0, from - position), Math.min(chunk.length, to + 1 - position));
    }
    position = chunkEnd;
  }
  const expected = whole ? item.size : to - from + 1;
  if (read !== expected) throw new ChangedWhileArchived(item);
  if (crc) rememberCrc(item, value);
  return crc ? value : null;
}

/** The CRC-32 of a file's content without reading it: stored with the metadata, or remembered from an earlier read. */
function knownCrc(item: ArchiveItem): number | undefined {
  if (item.crc32 !== undefined && item.crc32 !== null) return item.crc32;
  return crcCache.get(crcKey(item));
}

/** Reads a file whole for its CRC-32 alone (the central directory of a resumed download). */
async function crcOf(open: OpenItem, item: ArchiveItem): Promise<number> {
  const known = knownCrc(item);
  if (known !== undefined) return known;
  const reader = fileBytes(open, item, 0, { start: 1, end: 0 }, true);
  for (;;) {
    const step = await reader.next();
    if (step.done) return step.value ?? 0;
  }
}

type Opened = Awaited<ReturnType<OpenItem>>;

/** A small file read whole ahead of its turn: its size as opened and its bytes. */
interface Prefetched {
  size: number;
  data: Buffer;
}

/**
 * Small files read ahead of their turn, so a tree of small files is not one open and one read
 * after another, the writer waiting on each: at most {@link AHEAD_FILES} at once, each at most
 * {@link AHEAD_MAX_SIZE}, so what is held in memory stays under 8 MiB.
 */
const AHEAD_FILES = 8;
const AHEAD_MAX_SIZE = 1024 * 1024;

/** Opens and reads a file whole (a small one, for the lookahead). */
async function readWhole(open: OpenItem, item: ArchiveItem): Promise<Prefetched> {
  const opened = await open(item);
  if (opened.size !== item.size) {
    await opened.close();
    return { size: opened.size, data: Buffer.alloc(0) };
  }
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of opened.stream() as AsyncIterable<Buffer>) {
    parts.push(chunk);
    length += chunk.length;
  }
  return { size: opened.size, data: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, length) };
}

/**
 * Reads the next few small files (each wholly inside the range) while the current one streams.
 * Each read closes its file when done; what is read and not sent when the archive ends or is
 * abandoned is dropped.
 */
class Lookahead {
  private readonly pending = new Map<number, Promise<Prefetched>>();

  constructor(
    private readonly open: OpenItem,
    private readonly layout: ArchiveLayout,
    private readonly range: ByteRange,
  ) {}

  /** Item `index` whole (read ahead of time when it was, else opened now), the next small files set going. */
  take(index: number, item: ArchiveItem): Promise<Opened | Prefetched> {
    const early = this.pending.get(index);
    this.pending.delete(index);
    const opened: Promise<Opened | Prefetched> = early ?? this.open(item);
    const { items, offsets, headerLengths } = this.layout;
    let started = 0;
    for (let next = index + 1; next < items.length && started < AHEAD_FILES; next += 1) {
      const candidate = items[next] as ArchiveItem;
      if (candidate.type !== 'file' || candidate.size === 0) continue;
      const dataAt = (offsets[next] as number) + (headerLengths[next] as number);
      if (candidate.size > AHEAD_MAX_SIZE || dataAt < this.range.start || dataAt + candidate.size - 1 > this.range.end) break;
      started += 1;
      if (this.pending.has(next)) continue;
      const promise = readWhole(this.open, candidate);
      promise.catch(() => undefined);
      this.pending.set(next, promise);
    }
    return opened;
  }

  close(): void {
    this.pending.clear();
  }
}

/** Below this, pieces (headers, descriptors, small files) are gathered into one write. */
const GATHER_BYTES = 64 * 1024;

/**
 * The bytes of `range` (inclusive, within the archive) of the laid out archive, produced as they
 * are read: one large file open at a time and a few small ones read ahead, so memory stays flat
 * whatever the archive's size. Small pieces are gathered up to 64 KiB, so a tree of small files
 * is not one write per header. A CRC-32 the metadata has is not computed again.
 */
export async function* archiveBytes(layout: ArchiveLayout, range: ByteRange, open: OpenItem): AsyncGenerator<Buffer> {
  let gathered: Buffer[] = [];
  let size = 0;
  for await (const piece of pieces(layout, range, open)) {
    if (piece.length >= GATHER_BYTES && size === 0) {
      await pace();
      yield piece;
      continue;
    }
    gathered.push(piece);
    size += piece.length;
    if (size >= GATHER_BYTES) {
      await pace();
      yield Buffer.concat(gathered, size);
      gathered = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(gathered, size);
}

/**
 * Pacing: before each write the archive lets the event loop run what is waiting (other
 * requests' I/O callbacks come before `setImmediate`'s), so a stream whose reads complete at
 * once (files read ahead, the page cache) never holds the loop for more than one write and
 * other requests keep their latency. A few microseconds per 64 KiB or more.
 */
function pace(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function* pieces(layout: ArchiveLayout, range: ByteRange, open: OpenItem): AsyncGenerator<Buffer> {
  const ahead = new Lookahead(open, layout, range);
  try {
    yield* piecesReading(layout, range, open, ahead);
  } finally {
    ahead.close();
  }
}

async function* piecesReading(layout: ArchiveLayout, range: ByteRange, open: OpenItem, ahead: Lookahead): AsyncGenerator<Buffer> {
  const crcs = new Map<number, number>();
  const { items, offsets, headerLengths, trailerLengths } = layout;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as ArchiveItem;
    const at = offsets[index] as number;
    const dataAt = at + (headerLengths[index] as number);
    const size = item.type === 'file' ? item.size : 0;
    const trailerAt = dataAt + size;
    const end = trailerAt + (trailerLengths[index] as number);
    if (end <= range.start) continue;
    if (at > range.end) break;
    const header = slice(layout.format === 'zip' ? zipLocalHeader(layout, index) : tarHeader(layout, index), at, range);
    if (header) yield header;
    if (item.type === 'folder') continue;
    const dataWanted = dataAt <= range.end && trailerAt > range.start;
    const trailerWanted = trailerAt <= range.end && end > range.start && end > trailerAt;
    if (layout.format === 'tar') {
      if (dataWanted) yield* fileBytes(open, item, dataAt, range, false, index, ahead);
      const padding = slice(Buffer.alloc(end - trailerAt), trailerAt, range);
      if (padding) yield padding;
      continue;
    }
    const known = knownCrc(item);
    const needCrc = trailerWanted && known === undefined;
    let crc = known ?? null;
    if (dataWanted || needCrc) {
      const computed = yield* fileBytes(open, item, dataAt, range, needCrc, index, ahead);
      if (computed !== null) crc = computed;
    }
    if (trailerWanted) {
      const descriptor = slice(zipDescriptor(layout, index, crc ?? 0), trailerAt, range);
      if (descriptor) yield descriptor;
    }
    if (crc !== null) crcs.set(index, crc);
  }
  const centralAt = layout.centralOffset;
  if (range.end < centralAt) return;
  if (layout.format === 'tar') {
    const blocks = slice(Buffer.alloc(layout.endLength), centralAt, range);
    if (blocks) yield blocks;
    return;
  }
  let at = centralAt;
  for (let index = 0; index < items.length; index += 1) {
    const length = layout.centralLengths[index] as number;
    if (at + length > range.start && at <= range.end) {
      const item = items[index] as ArchiveItem;
      let crc = crcs.get(index) ?? 0;
      if (item.type === 'file' && !crcs.has(index)) crc = await crcOf(open, item);
      const record = slice(zipCentralRecord(layout, index, crc), at, range);
      if (record) yield record;
    }
    at += length;
  }
  const end = slice(zipEnd(layout), at, range);
  if (end) yield end;
}
