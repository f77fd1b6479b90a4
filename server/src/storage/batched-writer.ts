import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { fail } from './errors';

/** Bytes gathered before one `writev`: few, large writes keep uploads near disk speed. */
export const WRITE_BATCH_BYTES = 4 * 1024 * 1024;

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

async function writeAll(handle: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let pending = buffers;
  let at = position;
  for (;;) {
    const total = pending.reduce((sum, b) => sum + b.length, 0);
    const { bytesWritten } = await handle.writev(pending, at);
    if (bytesWritten >= total) return;
    // A short write (rare on regular files): continue after what was written.
    at += bytesWritten;
    let skip = bytesWritten;
    const rest: Buffer[] = [];
    for (const b of pending) {
      if (skip >= b.length) skip -= b.length;
      else {
        rest.push(skip > 0 ? b.subarray(skip) : b);
        skip = 0;
      }
    }
    pending = rest;
  }
}

/**
 * Streams `source` into a new file at `target` (or into a range of an
 * existing one, see {@link WritePlacement}), gathering the network's small
 * pieces into 4 MiB `writev` calls; one write is in flight while the next
 * batch is read. (Copying the pieces into reused batch buffers instead cut
 * garbage collection but measured 2-3x slower here, so the pieces are passed
 * as they are.) No fsync (the caller renames the finished file into place).
 * Returns the number of bytes written.
 */
export async function writeStreamToFile(source: AsyncIterable<Buffer>, target: string, limits: StreamLimits, placement: WritePlacement = {}): Promise<number> {
  const handle = await open(target, placement.position === undefined ? 'w' : constants.O_WRONLY | constants.O_CREAT);
  let written = 0;
  let position = placement.position ?? 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let inFlight: Promise<void> = Promise.resolve();
  try {
    for await (const chunk of source) {
      written += chunk.length;
      checkLimits(written, limits);
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= WRITE_BATCH_BYTES) {
        await inFlight;
        inFlight = writeAll(handle, batch, position);
        // Marked handled now (a failure while the next batch is read must not count as
        // unhandled); it is still thrown by the next `await inFlight`.
        inFlight.catch(() => undefined);
        position += batchBytes;
        batch = [];
        batchBytes = 0;
      }
    }
    await inFlight;
    if (batch.length > 0) await writeAll(handle, batch, position);
  } finally {
    await inFlight.catch(() => undefined);
    await handle.close();
  }
  return written;
}
