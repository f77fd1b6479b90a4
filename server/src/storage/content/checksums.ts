import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { crc32 } from './crc32';
import { fail } from '../../errors';

/** The answer to an upload whose content does not match its `OC-Checksum` (Sabre's BadRequest, as ownCloud words it). */
export const CHECKSUM_MISMATCH = 'The computed checksum does not match the one received from the client.';

/** Longest `OC-Checksum` header taken (a handful of hex digests fit many times over). */
export const MAX_CHECKSUM_HEADER = 1024;

/** One `TYPE:value` of an `OC-Checksum` header; `type` upper case, `value` as compared (hex lower case for known types). */
export interface ChecksumEntry {
  type: string;
  value: string;
}

/** A running digest of one checksum type. */
interface Digest {
  update(chunk: Buffer): void;
  hex(): string;
}

/** Adler-32 (zlib's checksum, which the ownCloud and Nextcloud clients may send); node's zlib does not expose it. */
class Adler32 implements Digest {
  private a = 1;
  private b = 0;

  update(chunk: Buffer): void {
    let { a, b } = this;
    let i = 0;
    while (i < chunk.length) {
      // 5552 bytes is the most that can be summed before the 32-bit sums could overflow.
      const end = Math.min(i + 5552, chunk.length);
      for (; i < end; i += 1) {
        a += chunk[i] as number;
        b += a;
      }
      a %= 65521;
      b %= 65521;
    }
    this.a = a;
    this.b = b;
  }

  hex(): string {
    return (((this.b << 16) | this.a) >>> 0).toString(16).padStart(8, '0');
  }
}

class NodeDigest implements Digest {
  private readonly hash: Hash;
  constructor(algorithm: string) {
    this.hash = createHash(algorithm);
  }
  update(chunk: Buffer): void {
    this.hash.update(chunk);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/** The checksum types the server computes, by their `OC-Checksum` name. */
const DIGESTS: Record<string, () => Digest> = {
  SHA1: () => new NodeDigest('sha1'),
  MD5: () => new NodeDigest('md5'),
  SHA256: () => new NodeDigest('sha256'),
  'SHA3-256': () => new NodeDigest('sha3-256'),
  ADLER32: () => new Adler32(),
};

/**
 * Parses an `OC-Checksum` header (`SHA1:<hex>`, several separated by spaces or commas).
 * Undefined when absent. Types the server knows are verified against the content; others
 * are kept as sent, unverified (as Nextcloud keeps every one). A malformed header is a 400.
 */
export function parseChecksumHeader(header: string): ChecksumEntry[] | undefined {
  const text = header.trim();
  if (text === '') return undefined;
  if (text.length > MAX_CHECKSUM_HEADER) fail('bad-request', `The OC-Checksum header is longer than ${MAX_CHECKSUM_HEADER} characters`);
  return text.split(/[\s,]+/).map((token) => {
    const colon = token.indexOf(':');
    const type = token.slice(0, colon).toUpperCase();
    const value = token.slice(colon + 1);
    if (colon <= 0 || value === '' || !/^[\x21-\x7e]+$/.test(token)) {
      fail('bad-request', 'The OC-Checksum header must hold TYPE:checksum pairs, such as SHA1:2aae6c35c94fcfb415dbe95f408b9ce91ee846ed');
    }
    return { type, value: DIGESTS[type] ? value.toLowerCase() : value };
  });
}

/** The checksums as stored and returned in `oc:checksums` (`SHA1:… MD5:…`). */
export function checksumText(entries: ChecksumEntry[]): string {
  return entries.map((entry) => `${entry.type}:${entry.value}`).join(' ');
}

/** Digests for every known type among `entries`, and a check that fails with {@link CHECKSUM_MISMATCH}. */
function verifier(entries: ChecksumEntry[]): { update(chunk: Buffer): void; check(): void } {
  const known = entries.flatMap((entry) => {
    const make = DIGESTS[entry.type];
    return make ? [{ entry, digest: make() }] : [];
  });
  return {
    update(chunk) {
      for (const { digest } of known) digest.update(chunk);
    },
    check() {
      for (const { entry, digest } of known) if (digest.hex() !== entry.value) fail('bad-request', CHECKSUM_MISMATCH);
    },
  };
}

/**
 * Passes `source` through, digesting it, and throws {@link CHECKSUM_MISMATCH} after the last
 * byte when it does not match: a writer consuming it then drops its temporary file, so a
 * mismatching upload stores nothing.
 */
export async function* verifyingStream(source: AsyncIterable<Buffer>, entries: ChecksumEntry[]): AsyncGenerator<Buffer> {
  const digests = verifier(entries);
  for await (const chunk of source) {
    digests.update(chunk);
    yield chunk;
  }
  digests.check();
}

/**
 * Reads a finished file (an assembled upload) and throws {@link CHECKSUM_MISMATCH} when it
 * does not match `entries` (none: nothing to check); returns the file's CRC-32, computed in the
 * same read (stored for the archives).
 */
export async function verifyFile(file: string, entries: ChecksumEntry[]): Promise<number> {
  const digests = verifier(entries);
  let crc = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    digests.update(chunk);
    crc = crc32(chunk, crc);
  }
  digests.check();
  return crc >>> 0;
}
