import { fail } from '../errors';

/** The longest header line (or boundary line) of a part. */
const MAX_LINE = 8 * 1024;
/** The most headers one part may carry. */
const MAX_HEADERS = 64;

/** One part of a `multipart/related` body: its headers (names lower case) and its content, streamed. */
export interface RelatedPart {
  readonly headers: ReadonlyMap<string, string>;
  /** The part's `Content-Length`. */
  readonly length: number;
  /**
   * The part's bytes, exactly `length` of them; may be read once, partly or not at all
   * (what is left is skipped before the next part). Throws a 400 when the body ends early.
   */
  readonly content: AsyncIterable<Buffer>;
}

/**
 * The boundary of a `Content-Type: multipart/related; boundary=…` header (quotes
 * allowed), as Nextcloud's bulk upload reads it; a 400 naming the problem otherwise.
 */
export function relatedBoundary(contentType: string): string {
  const [type = '', ...parameters] = contentType.split(';');
  if (type.trim().toLowerCase() !== 'multipart/related') fail('bad-request', 'Content-Type must be multipart/related');
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'boundary') continue;
    let value = parameter.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    // RFC 2046: 1 to 70 characters, none of them a line break.
    if (value.length === 0 || value.length > 70 || /[\r\n]/.test(value)) break;
    return value;
  }
  return fail('bad-request', 'Boundary is invalid');
}

/** Reads lines and counted bytes from a stream of buffers. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly iterator: AsyncIterator<Buffer>;
  private ended = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Appends the next buffer of the source; false at its end. */
  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.iterator.next();
    if (next.done === true) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /** The next line without its CRLF; null when the body ends exactly here. */
  async line(): Promise<string | null> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      if (end >= 0 && end <= MAX_LINE) {
        const line = this.buffer.toString('utf8', 0, end);
        this.buffer = this.buffer.subarray(end + 2);
        return line;
      }
      if (this.buffer.length > MAX_LINE) fail('bad-request', 'A header line of the multipart body is too long');
      if (!(await this.fill())) {
        if (this.buffer.length === 0) return null;
        // The last line of a body may lack its CRLF.
        const line = this.buffer.toString('utf8');
        this.buffer = Buffer.alloc(0);
        return line;
      }
    }
  }

  /** Up to `max` bytes (at least one); a 400 when the body ends first. */
  async take(max: number): Promise<Buffer> {
    if (this.buffer.length === 0 && !(await this.fill())) fail('bad-request', 'Unexpected end of the multipart body');
    const taken = this.buffer.subarray(0, max);
    this.buffer = this.buffer.subarray(taken.length);
    return taken;
  }
}

/** Reads the headers of a part up to the empty line. */
async function readHeaders(reader: ByteReader): Promise<Map<string, string>> {
  const headers = new Map<string, string>();
  for (;;) {
    const line = await reader.line();
    if (line === null) fail('bad-request', 'Unexpected end of the multipart body');
    if (line === '') return headers;
    const colon = line.indexOf(':');
    if (colon <= 0) fail('bad-request', 'A header of a part is missing ":"');
    if (headers.size >= MAX_HEADERS) fail('bad-request', 'A part has too many headers');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
}

/**
 * The parts of a `multipart/related` body (Nextcloud's bulk upload format): each part
 * starts with `--boundary`, has headers with a `Content-Length`, an empty line, exactly
 * that many bytes and a CRLF; `--boundary--` ends the body. Streamed: a part's content is
 * read while the caller consumes it, so a body of any size needs no memory for it. A
 * body that breaks the format fails with a 400 at the point where it does.
 */
export async function* readRelatedParts(source: AsyncIterable<Buffer>, boundary: string): AsyncGenerator<RelatedPart> {
  const reader = new ByteReader(source);
  const delimiter = `--${boundary}`;
  const closing = `--${boundary}--`;
  let line = await reader.line();
  for (;;) {
    if (line === closing) return;
    if (line !== delimiter) fail('bad-request', 'Boundary not found where it should be.');
    const headers = await readHeaders(reader);
    const lengthHeader = headers.get('content-length');
    if (lengthHeader === undefined) fail('bad-request', 'The Content-Length header must not be null.');
    if (!/^\d{1,15}$/.test(lengthHeader)) fail('bad-request', `The Content-Length of a part must be a number of bytes, got "${lengthHeader}".`);
    const state = { left: Number(lengthHeader) };
    const content = (async function* () {
      while (state.left > 0) {
        const chunk = await reader.take(state.left);
        state.left -= chunk.length;
        yield chunk;
      }
    })();
    yield { headers, length: Number(lengthHeader), content };
    // Whatever the caller left unread is skipped.
    while (state.left > 0) state.left -= (await reader.take(state.left)).length;
    if ((await reader.line()) !== '') fail('bad-request', 'A part is longer than its Content-Length.');
    line = await reader.line();
  }
}
