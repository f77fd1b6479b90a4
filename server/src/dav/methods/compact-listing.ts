import { Readable } from 'node:stream';
import { COMPACT_LISTING_TYPE, acceptsCompactListing, compactDoneLine, compactHeaderLine, compactResetLine } from '@cumulus/protocol';
import type { DavRequest } from '../context';
import { header } from '../context';
import type { ResponseRenderer } from '../response-renderer';
import type { FileEntry } from '../../storage/model/types';

/**
 * The media type of the compact listing: what the Files app's own client asks
 * for in `Accept` on a PROPFIND Depth 1 (every other client keeps the standard
 * multistatus). Its grammar, newline-delimited JSON of a header, one row per
 * node, perhaps a reset and a last line, is `@cumulus/protocol`'s, which the
 * shell's reader follows too.
 */
export { COMPACT_LISTING_TYPE };

/** Rows rendered between two writes: about 40 KB of text, small enough to reach the client early. */
const ROWS_PER_PIECE = 256;

/**
 * Text rendered ahead of what the compressor and the socket have taken: with the
 * default 16 KB, every piece waited for the one before to be compressed (on the
 * thread pool) and sent before it was rendered; with some pieces ahead, the main
 * thread renders while they compress and send.
 */
const READ_AHEAD_BYTES = 1024 * 1024;

/** Whether the request asks for the compact listing (its media type in `Accept`, not refused with q=0). */
export function wantsCompactListing(ctx: DavRequest): boolean {
  return acceptsCompactListing(header(ctx.request, 'accept'));
}

/** Lets other requests (and the disk check of this one) run between two pieces. */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Answers a PROPFIND Depth 1 of `folder` with the compact listing, streamed:
 * the cached children are read page by page from one state of the cache and
 * rendered piece by piece as the socket takes them (never the whole answer at
 * once; the first rows go out before the last are read from the database)
 * while the disk is checked, as the multistatus path does; when the disk
 * differed, a reset line and the fresh rows follow.
 */
export async function sendCompactListing(ctx: DavRequest, folder: FileEntry, renderer: ResponseRenderer): Promise<void> {
  const { files, properties } = ctx.services;
  const listing = await files.streamListing(ctx.uid, ctx.path);
  // A client that leaves mid-listing lets the database snapshot go at once.
  ctx.reply.raw.once('close', () => void listing.close());

  const deadOf = async (parent: FileEntry): Promise<Map<number, Map<string, string>>> => {
    if (!renderer.needsDeadProperties) return new Map();
    const dead = await properties.getForChildren(parent.fileid);
    dead.set(parent.fileid, await properties.get(parent.fileid));
    return dead;
  };

  async function* rows(parent: FileEntry, pages: AsyncIterable<FileEntry[]> | Iterable<FileEntry[]>): AsyncGenerator<string> {
    const dead = await deadOf(parent);
    let piece = `${renderer.compactRow('', parent, dead.get(parent.fileid))}\n`;
    let inPiece = 0;
    for await (const children of pages) {
      for (const child of children) {
        piece += `${renderer.compactRow(child.name, child, dead.get(child.fileid))}\n`;
        inPiece += 1;
        if (inPiece === ROWS_PER_PIECE) {
          yield piece;
          piece = '';
          inPiece = 0;
          await breathe();
        }
      }
    }
    if (piece !== '') yield piece;
  }

  async function* body(): AsyncGenerator<string> {
    try {
      yield `${compactHeaderLine(renderer.names, listing.total + 1)}\n`;
      yield* rows(folder, listing.pages());
      let count = listing.total + 1;
      const current = await listing.current();
      if (current) {
        // The disk differed: the folder has a new etag, and its children are these.
        const fresh = (await files.stat(ctx.uid, ctx.path)) ?? folder;
        yield `${compactResetLine(current.length + 1)}\n`;
        yield* rows(fresh, [current]);
        count = current.length + 1;
      }
      yield `${compactDoneLine(count)}\n`;
    } finally {
      await listing.close();
    }
  }

  ctx.reply
    .code(200)
    .header('content-type', `${COMPACT_LISTING_TYPE}; charset=utf-8`)
    .header('vary', 'Accept, Brief, Prefer')
    // Never stored by a shared cache, and revalidated by any other (a PROPFIND is not cached
    // anyway). Not no-store: Chromium reports a no-store answer read to its end through a
    // stream reader (how the app reads listings, to show the first rows early) as
    // net::ERR_ABORTED when the reading ends before the request completes, which for a small
    // listing it often does, though the body arrived whole; answers without no-store are not.
    .header('cache-control', 'private, no-cache')
    .send(Readable.from(body(), { objectMode: false, highWaterMark: READ_AHEAD_BYTES }));
}
