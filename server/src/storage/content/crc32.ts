import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export { crc32 };

/** The CRC-32 being computed over a stream of bytes, readable once the stream ended. */
export interface RunningCrc {
  /** The CRC-32 of every byte passed so far. */
  readonly value: number;
  /** How many bytes it covers. */
  readonly bytes: number;
  /** True once the source ended (not when it failed or was left half read). */
  readonly complete: boolean;
}

/**
 * Passes `source` through and computes the CRC-32 of its bytes on the way (zlib's, about
 * 1 GB/s on one core here: a small price next to writing the bytes), so a write stores the
 * CRC-32 its zip entries need without reading the file again.
 */
export function crcPassThrough(source: AsyncIterable<Buffer> | Readable): { source: AsyncGenerator<Buffer>; crc: RunningCrc } {
  const state = { value: 0, bytes: 0, complete: false };
  async function* pass(): AsyncGenerator<Buffer> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      state.value = crc32(chunk, state.value);
      state.bytes += chunk.length;
      yield chunk;
    }
    state.complete = true;
  }
  return { source: pass(), crc: state };
}
