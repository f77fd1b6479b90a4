import type { Readable } from 'node:stream';
import { finished } from 'node:stream';

/** Bytes a body may hold in memory, read ahead of its consumer, before the socket is paused. */
export const BODY_READ_AHEAD_BYTES = 1024 * 1024;

/**
 * The buffers of a readable stream (a request body) as an async iterable that
 * a consumer may leave early without destroying the stream: on leaving, the
 * stream is paused with what it has not given yet (unread-bodies.ts drops the
 * rest once the answer is sent).
 *
 * Unlike the stream's own iterator, the body flows: buffers arrive as `data`
 * events and wait in a queue of up to `readAhead` bytes before the stream is
 * paused. The stream's iterator reads a paused stream, so every 64 KiB from
 * the socket went over its 16 KiB high-water mark and stopped the socket
 * until the next read (a stop and a start per piece), and a read of several
 * buffered pieces joined them into a new buffer (a copy of the bytes).
 * Ends like the stream's iterator: done at the end of the body, rejected with
 * the stream's error or with a premature close.
 */
export function bodyBuffers(stream: Readable, readAhead = BODY_READ_AHEAD_BYTES): AsyncIterable<Buffer> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<Buffer> {
      const queue: Buffer[] = [];
      let head = 0;
      let queued = 0;
      let ended = false;
      let failure: { error: unknown } | null = null;
      let wake: (() => void) | null = null;
      let left = false;
      const onData = (chunk: Buffer): void => {
        queue.push(chunk);
        queued += chunk.length;
        if (queued >= readAhead) stream.pause();
        wake?.();
      };
      const stopWatching = finished(stream, { writable: false }, (error) => {
        if (error) failure = { error };
        else ended = true;
        wake?.();
      });
      const leave = (): void => {
        if (left) return;
        left = true;
        stream.off('data', onData);
        stream.pause();
        stopWatching();
      };
      stream.on('data', onData);
      const next = async (): Promise<IteratorResult<Buffer>> => {
        for (;;) {
          if (head < queue.length) {
            const chunk = queue[head] as Buffer;
            head += 1;
            if (head === queue.length) {
              queue.length = 0;
              head = 0;
            }
            queued -= chunk.length;
            if (queued < readAhead && !left && stream.isPaused()) stream.resume();
            return { value: chunk, done: false };
          }
          if (failure !== null) {
            leave();
            throw (failure as { error: unknown }).error;
          }
          if (ended || left) {
            leave();
            return { value: undefined, done: true };
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      };
      return {
        next,
        async return(): Promise<IteratorResult<Buffer>> {
          leave();
          return { value: undefined, done: true };
        },
      };
    },
  };
}
