import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { CHECKSUM_MISMATCH, checksumText, parseChecksumHeader, verifyingStream } from './checksums';

async function drain(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

async function* pieces(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

describe('OC-Checksum headers', () => {
  it('reads one or several TYPE:value pairs, types in upper case and known digests in lower case', () => {
    expect(parseChecksumHeader('')).toBeUndefined();
    expect(parseChecksumHeader('sha1:ABCDEF')).toEqual([{ type: 'SHA1', value: 'abcdef' }]);
    const entries = parseChecksumHeader(' SHA1:aa MD5:BB,ADLER32:0a0b0c0d  X-CUSTOM:KeepMe ');
    expect(entries).toEqual([
      { type: 'SHA1', value: 'aa' },
      { type: 'MD5', value: 'bb' },
      { type: 'ADLER32', value: '0a0b0c0d' },
      { type: 'X-CUSTOM', value: 'KeepMe' },
    ]);
    expect(checksumText(entries ?? [])).toBe('SHA1:aa MD5:bb ADLER32:0a0b0c0d X-CUSTOM:KeepMe');
  });
  it('refuses a pair without a type or value, and an overlong header', () => {
    for (const bad of ['SHA1', ':abc', 'SHA1:', `SHA1:${'a'.repeat(1100)}`]) expect(() => parseChecksumHeader(bad)).toThrow();
  });
});

describe('verifying a stream on its way to disk', () => {
  const data = 'Wikipedia';
  const sha1 = createHash('sha1').update(data).digest('hex');
  it('passes the bytes through when every known checksum matches (Adler-32 across chunk borders too)', async () => {
    const entries = parseChecksumHeader(`SHA1:${sha1} ADLER32:11E60398 OTHER:unverified`) ?? [];
    expect((await drain(verifyingStream(pieces('Wiki', 'pe', 'dia'), entries))).toString()).toBe(data);
  });
  it('fails after the last byte when one does not match', async () => {
    const entries = parseChecksumHeader(`SHA1:${sha1} ADLER32:11E60399`) ?? [];
    await expect(drain(verifyingStream(pieces(data), entries))).rejects.toThrow(CHECKSUM_MISMATCH);
  });
  it('computes Adler-32 over more than one 5552-byte block', async () => {
    // The expected value computed independently, the slow way (a modulo per byte).
    const big = Buffer.alloc(100000, 0xff);
    let a = 1;
    let b = 0;
    for (const byte of big) {
      a = (a + byte) % 65521;
      b = (b + a) % 65521;
    }
    const expected = (((b << 16) | a) >>> 0).toString(16).padStart(8, '0');
    const entries = parseChecksumHeader(`ADLER32:${expected}`) ?? [];
    async function* one(): AsyncGenerator<Buffer> {
      yield big;
    }
    expect((await drain(verifyingStream(one(), entries))).length).toBe(100000);
  });
});
