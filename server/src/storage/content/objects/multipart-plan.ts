/**
 * How pieces already stored as objects (the chunks of a chunked upload) become the parts of
 * one S3 multipart upload. S3 refuses (`EntityTooSmall`, at completion) any part under 5 MiB
 * but the last, and any part over 5 GiB; a multipart upload has at most 10,000 parts.
 */

/** The smallest part S3 accepts, except for the last one. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** The largest part (and the largest range one UploadPartCopy copies). */
export const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
/** Parts in one multipart upload at most. */
export const MAX_PARTS = 10_000;

/** A stored object that becomes part of the assembled one. */
export interface Piece {
  key: string;
  size: number;
}

/** A range of one piece, inclusive. */
export interface PieceRange {
  piece: Piece;
  start: number;
  end: number;
}

/**
 * One part: copied inside the object store from a range of a big piece (UploadPartCopy, no
 * byte passes through the server), or uploaded as the concatenation of ranges of small pieces
 * (each read back from the store).
 */
export type PartPlan = { kind: 'copy'; range: PieceRange; size: number } | { kind: 'upload'; ranges: PieceRange[]; size: number };

/**
 * The parts of an object assembled from `pieces` in order. A piece of at least
 * {@link MIN_PART_BYTES} met on its own is copied (in ranges of at most {@link MAX_PART_BYTES});
 * smaller pieces are combined into uploaded parts of exactly the minimum, taking the head of
 * the next piece when needed (so at most 5 MiB is read back per run of small pieces, and the
 * rest of a big piece is still copied). Only the last part may be smaller. Empty pieces add
 * nothing; no parts means an empty object.
 */
export function planParts(pieces: readonly Piece[]): PartPlan[] {
  const parts: PartPlan[] = [];
  let run: PieceRange[] = [];
  let runSize = 0;
  for (const piece of pieces) {
    if (piece.size < 0 || !Number.isSafeInteger(piece.size)) throw new RangeError(`Invalid size ${piece.size} of ${piece.key}`);
    let offset = 0;
    if (run.length > 0) {
      const take = Math.min(MIN_PART_BYTES - runSize, piece.size);
      if (take > 0) run.push({ piece, start: 0, end: take - 1 });
      runSize += take;
      offset = take;
      if (runSize >= MIN_PART_BYTES) {
        parts.push({ kind: 'upload', ranges: run, size: runSize });
        run = [];
        runSize = 0;
      }
    }
    const rest = piece.size - offset;
    if (rest === 0) continue;
    if (run.length === 0 && rest >= MIN_PART_BYTES) parts.push(...copyParts(piece, offset));
    else {
      run.push({ piece, start: offset, end: piece.size - 1 });
      runSize += rest;
    }
  }
  if (run.length > 0) parts.push({ kind: 'upload', ranges: run, size: runSize });
  if (parts.length > MAX_PARTS) throw new RangeError(`An object of ${parts.length} parts exceeds S3's ${MAX_PARTS}`);
  return parts;
}

/** The bytes of a big piece from `offset` on as copied parts: equal ranges of at most 5 GiB (each well above 5 MiB). */
function copyParts(piece: Piece, offset: number): PartPlan[] {
  const total = piece.size - offset;
  const count = Math.ceil(total / MAX_PART_BYTES);
  const step = Math.ceil(total / count);
  const parts: PartPlan[] = [];
  for (let start = offset; start < piece.size; start += step) {
    const end = Math.min(piece.size, start + step) - 1;
    parts.push({ kind: 'copy', range: { piece, start, end }, size: end - start + 1 });
  }
  return parts;
}
