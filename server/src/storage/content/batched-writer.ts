import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { fail } from '../../errors';

/** Bytes gathered before one write: few, large writes keep uploads near disk speed. */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/** Limits applied while streaming. */
export interface StreamLimits {
  /** Fail with `insufficient-storage` beyond this many bytes; -1 = no limit. */
  maxBytes: number;
  /** Fail with `bad-request` beyond this many bytes (the announced length). */
  expectedLength?: number;
}

/**
 * Fails once `written` bytes exceed the limits: `insufficient-storage` beyond `maxBytes`,
 * `bad-request` beyond the announced length. Called as the bytes arrive, so a refused body is
 * cut before more of it is stored.
 */
export function checkLimits(written: number, limits: StreamLimits): void {
  if (limits.maxBytes >= 0 && written > limits.maxBytes) fail('insufficient-storage', 'Insufficient space in the user storage');
  if (limits.expectedLength !== undefined && written > limits.expectedLength) {
    fail('bad-request', `Expected ${limits.expectedLength} bytes but received more`);
  }
}

/** Where in the target file the bytes go. */
export interface WritePlacement {
  /**
   * Write from this byte offset into the file, creating it when missing but
   * never truncating it (several writers fill their own ranges of one file).
   * Without it, the file is created or truncated and written from 0.
   */
  position?: number;
}

/** Free batch buffers, kept for the next write (at most {@link POOLED_BATCHES}). */
const pooledBatches: Buffer[] = [];

/** How many free batch buffers are kept between writes (16 MiB: two for each of 8 uploads at once). */
export const POOLED_BATCHES = 16;

function takeBatch(): Buffer {
  return pooledBatches.pop() ?? Buffer.allocUnsafeSlow(WRITE_BATCH_BYTES);
}

function returnBatch(batch: Buffer): void {
  if (pooledBatches.length < POOLED_BATCHES) pooledBatches.push(batch);
}

/** Writes `length` bytes of `buffer` at `position`, continuing after short writes. */
async function writeRange(handle: FileHandle, buffer: Buffer, length: number, position: number): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesWritten } = await handle.write(buffer, done, length - done, position + done);
    if (bytesWritten === 0) throw new Error(`Writing at byte ${position + done} of a file wrote nothing`);
    done += bytesWritten;
  }
}

/**
 * Streams `source` into a new file at `target` (or into a range of an
 * existing one, see {@link WritePlacement}), copying the network's small
 * pieces into 1 MiB batch buffers written in one call each; one write is in
 * flight while the next batch fills. The batch buffers are reused from write
 * to write, and each piece is dropped as soon as it is copied: pieces held
 * until a batch was written (as they were, gathered for `writev`) lived long
 * enough to reach V8's old generation, and then only full mark-compact
 * collections freed them, about one per 64 MiB received (the external-memory
 * trigger). No fsync (the caller renames the finished file into place).
 * Returns the number of bytes written.
 */
export async function writeStreamToFile(source: AsyncIterable<Buffer>, target: string, limits: StreamLimits, placement: WritePlacement = {}): Promise<number> {
  const handle = await open(target, placement.position === undefined ? 'w' : constants.O_WRONLY | constants.O_CREAT);
  let written = 0;
  let position = placement.position ?? 0;
  let batch: Buffer | null = null;
  let filled = 0;
  let inFlight: Promise<void> = Promise.resolve();
  try {
    for await (const chunk of source) {
      written += chunk.length;
      checkLimits(written, limits);
      for (let copied = 0; copied < chunk.length; ) {
        batch ??= takeBatch();
        const count = chunk.copy(batch, filled, copied);
        copied += count;
        filled += count;
        if (filled === batch.length) {
          await inFlight;
          const full = batch;
          inFlight = writeRange(handle, full, filled, position).finally(() => returnBatch(full));
          // Marked handled now (a failure while the next batch fills must not count as
          // unhandled); it is still thrown by the next `await inFlight`.
          inFlight.catch(() => undefined);
          position += filled;
          batch = null;
          filled = 0;
        }
      }
    }
    await inFlight;
    if (batch !== null && filled > 0) await writeRange(handle, batch, filled, position);
  } finally {
    await inFlight.catch(() => undefined);
    if (batch !== null) returnBatch(batch);
    await handle.close();
  }
  return written;
}
