import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import type { ArchiveItem } from './layout';
import { layoutArchive, tarHeader } from './layout';
import { archiveBytes } from './stream';

const file = (name: string, size: number, fileid = 1): ArchiveItem => ({ name, type: 'file', path: `/${name}`, fileid, etag: `e${fileid}`, size, mtime: 1_700_000_000 });

/** Every byte of a laid out archive whose files are `size` bytes of 'x'. */
async function bytesOf(items: ArchiveItem[], format: 'zip' | 'tar', start = 0, end?: number): Promise<Buffer> {
  const layout = layoutArchive(format, items);
  const chunks: Buffer[] = [];
  const open = async (item: ArchiveItem) => ({ size: item.size, stream: (range?: { start: number; end: number }) => Readable.from([Buffer.alloc(range ? range.end - range.start + 1 : item.size, 'x')]), close: async () => undefined });
  for await (const chunk of archiveBytes(layout, { start, end: end ?? layout.size - 1 }, open)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('archive layout', () => {
  it('predicts the exact length of zips and tars of any names, and any range is the slice of the whole', async () => {
    const items = [file('a.txt', 5, 1), file('ü/長い名前.bin', 70_000, 2), file('x'.repeat(300), 0, 3)];
    for (const format of ['zip', 'tar'] as const) {
      const whole = await bytesOf(items, format);
      expect(whole.length).toBe(layoutArchive(format, items).size);
      expect((await bytesOf(items, format, 31, 40_000)).equals(whole.subarray(31, 40_001))).toBe(true);
    }
  });

  it('counts a pax record\'s length with its own digits, across the boundary where they grow', () => {
    // Names whose record lands on 99/100 bytes (the length's digits going from 2 to 3).
    for (let length = 80; length < 110; length += 1) {
      const name = `${'é'}${'n'.repeat(length)}`;
      const header = tarHeader(layoutArchive('tar', [file(name, 1)]), 0);
      const body = header.subarray(512, 1024).toString('utf8').replace(/\0+$/, '');
      const declared = Number(body.slice(0, body.indexOf(' ')));
      expect([name.length, declared]).toEqual([name.length, Buffer.byteLength(body)]);
    }
  });

  it('uses ZIP64 records for an entry of 4 GiB or more, and the classic ones below', () => {
    const small = layoutArchive('zip', [file('a', 0xfffffffe)]);
    const big = layoutArchive('zip', [file('a', 0xffffffff)]);
    expect(big.headerLengths[0]).toBe((small.headerLengths[0] as number) + 20);
    expect(big.trailerLengths).toEqual([24]);
    expect(small.trailerLengths).toEqual([16]);
    // Past 4 GiB the central directory's offset needs the ZIP64 end records too (both here).
    expect([small.endLength, big.endLength]).toEqual([22 + 56 + 20, 22 + 56 + 20]);
    expect(layoutArchive('zip', [file('a', 10)]).endLength).toBe(22);
  });
});
