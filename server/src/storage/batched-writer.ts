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
 * Streams `source` into a new file at `target`, gathering the network's small
 * chunks into 4 MiB `writev` calls; one write is in flight while the next
 * batch is read. No fsync (the caller renames the finished file into place).
 * Returns the number of bytes written.
 */
export async function writeStreamToFile(source: AsyncIterable<Buffer>, target: string, limits: StreamLimits): Promise<number> {
  const handle = await open(target, 'w');
  let written = 0;
  let position = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let inFlight: Promise<void> = Promise.resolve();
  try {
    for await (const chunk of source) {
      written += chunk.length;
      if (limits.maxBytes >= 0 && written > limits.maxBytes) fail('insufficient-storage', 'Insufficient space in the user storage');
      if (limits.expectedLength !== undefined && written > limits.expectedLength) {
        fail('bad-request', `Expected ${limits.expectedLength} bytes but received more`);
      }
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= WRITE_BATCH_BYTES) {
        await inFlight;
        inFlight = writeAll(handle, batch, position);
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
