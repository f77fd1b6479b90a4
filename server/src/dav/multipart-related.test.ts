import { describe, expect, it } from '@jest/globals';
import { readRelatedParts, relatedBoundary } from './multipart-related';

const body = (...parts: [Record<string, string>, string][]) =>
  Buffer.from(parts.map(([headers, content]) => `--b1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${content}\r\n`).join('') + '--b1--\r\n');

/** The body in pieces of `size` bytes, as a socket may deliver it. */
async function* pieces(buffer: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

async function collect(source: AsyncIterable<Buffer>, read: (index: number) => boolean = () => true) {
  const parts: { headers: Record<string, string>; content: string | null }[] = [];
  for await (const part of readRelatedParts(source, 'b1')) {
    let content: string | null = null;
    if (read(parts.length)) {
      const chunks: Buffer[] = [];
      for await (const chunk of part.content) chunks.push(chunk);
      content = Buffer.concat(chunks).toString();
    }
    parts.push({ headers: Object.fromEntries(part.headers), content });
  }
  return parts;
}

describe('multipart/related parts', () => {
  const twoParts = body([{ 'X-File-Path': '/a.txt', 'Content-Length': '11' }, 'hello\r\n--b1'], [{ 'X-File-Path': '/b.txt', 'Content-Length': '0' }, '']);

  it('reads the parts whatever the pieces the body arrives in, content counted by Content-Length (a boundary inside it is content)', async () => {
    for (const size of [1, 2, 7, 64, 100_000]) {
      expect(await collect(pieces(twoParts, size))).toEqual([
        { headers: { 'x-file-path': '/a.txt', 'content-length': '11' }, content: 'hello\r\n--b1' },
        { headers: { 'x-file-path': '/b.txt', 'content-length': '0' }, content: '' },
      ]);
    }
  });

  it('skips the content a reader leaves unread', async () => {
    const parts = await collect(pieces(twoParts, 3), (index) => index === 1);
    expect(parts.map((part) => [part.headers['x-file-path'], part.content])).toEqual([
      ['/a.txt', null],
      ['/b.txt', ''],
    ]);
  });

  it('fails with a 400 where the body breaks the format', async () => {
    const broken = [
      ['garbage\r\n', 'Boundary not found where it should be.'],
      ['--b1\r\nContent-Length: 3\r\n\r\nabcdef\r\n--b1--\r\n', 'A part is longer than its Content-Length.'],
      ['--b1\r\nContent-Length: 30\r\n\r\nabc', 'Unexpected end of the multipart body'],
      ['--b1\r\nX-File-Path: /a\r\n\r\n\r\n--b1--\r\n', 'The Content-Length header must not be null.'],
      [`--b1\r\nX-Long: ${'x'.repeat(9000)}\r\n`, 'A header line of the multipart body is too long'],
    ];
    for (const [text, message] of broken) {
      await expect(collect(pieces(Buffer.from(text as string), 5))).rejects.toMatchObject({ kind: 'bad-request', message });
    }
  });

  it("takes the boundary of Content-Type (quoted or not) and refuses anything else than multipart/related", () => {
    expect(relatedBoundary('multipart/related; boundary=boundary_bf38b9b4')).toBe('boundary_bf38b9b4');
    expect(relatedBoundary('Multipart/Related; type="application/octet-stream"; boundary="a b"')).toBe('a b');
    expect(() => relatedBoundary('multipart/form-data; boundary=x')).toThrow('Content-Type must be multipart/related');
    expect(() => relatedBoundary('multipart/related')).toThrow('Boundary is invalid');
    expect(() => relatedBoundary(`multipart/related; boundary=${'x'.repeat(71)}`)).toThrow('Boundary is invalid');
  });
});
