import { describe, it, expect } from '@jest/globals';
import { PassThrough, Readable } from 'node:stream';
import { bodyBuffers } from './body-reader';

/** Collects every buffer of an iterable. */
async function collect(source: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of source) out.push(chunk);
  return out;
}

describe('bodyBuffers', () => {
  it('gives every buffer of the body, in order, each as it came (no joining)', async () => {
    const pieces = [Buffer.from('ab'), Buffer.from('cde'), Buffer.from('f')];
    const got = await collect(bodyBuffers(Readable.from(pieces, { objectMode: false })));
    expect(Buffer.concat(got).toString()).toBe('abcdef');
    expect(got.map((chunk) => chunk.length)).toEqual([2, 3, 1]);
  });

  it('ends at once for an empty body', async () => {
    const stream = new PassThrough();
    stream.end();
    expect(await collect(bodyBuffers(stream))).toEqual([]);
  });

  it('pauses the stream once the read-ahead is full and resumes it as the consumer reads', async () => {
    const stream = new PassThrough({ highWaterMark: 1 });
    const iterator = bodyBuffers(stream, 10)[Symbol.asyncIterator]();
    stream.write(Buffer.alloc(6));
    stream.write(Buffer.alloc(6));
    await new Promise((resolve) => setImmediate(resolve));
    // 12 bytes wait, over the read-ahead of 10: no more data events until the consumer reads.
    expect(stream.isPaused()).toBe(true);
    expect((await iterator.next()).value?.length).toBe(6);
    expect(stream.isPaused()).toBe(false);
    stream.end();
    expect((await iterator.next()).value?.length).toBe(6);
    expect((await iterator.next()).done).toBe(true);
  });

  it('leaves the rest of the body unread, in the stream, when the consumer stops early', async () => {
    const stream = new PassThrough();
    stream.write(Buffer.from('first'));
    for await (const chunk of bodyBuffers(stream)) {
      expect(chunk.toString()).toBe('first');
      break;
    }
    expect(stream.destroyed).toBe(false);
    expect(stream.isPaused()).toBe(true);
    stream.end(Buffer.from('rest'));
    // Whoever reads next (the body drain) gets what the consumer did not take.
    const rest = await collect(stream as AsyncIterable<Buffer>);
    expect(Buffer.concat(rest).toString()).toBe('rest');
  });

  it("rejects with the stream's error", async () => {
    const stream = new PassThrough();
    const reading = collect(bodyBuffers(stream));
    stream.write(Buffer.from('some'));
    stream.destroy(new Error('connection reset'));
    await expect(reading).rejects.toThrow('connection reset');
  });

  it('rejects when the stream closes before its end', async () => {
    const stream = new PassThrough();
    const reading = collect(bodyBuffers(stream));
    stream.write(Buffer.from('some'));
    stream.destroy();
    await expect(reading).rejects.toThrow(/premature close/i);
  });
});
