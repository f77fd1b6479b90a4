/**
 * Helpers of the engine's unit tests: a nock-backed origin that records every
 * request (method, path, headers, body size), files of a given size, and an
 * engine with instant, recorded backoff sleeps.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import nock from 'nock';
import { createUploader } from './create-uploader';
import { createFetchTransport } from './transport';
import type { Uploader, UploaderOptions, UploadFile } from './types';

export const ORIGIN = 'http://cumulus.test';
export const FILES_PATH = '/remote.php/dav/files/alice';
export const UPLOADS_PATH = '/remote.php/dav/uploads/alice';
export const FILES = `${ORIGIN}${FILES_PATH}`;
export const UPLOADS = `${ORIGIN}${UPLOADS_PATH}`;
export const MiB = 1024 * 1024;
/** A fixed modification time: 2024-05-01T10:00:00.500Z (X-OC-Mtime 1714557600). */
export const MTIME = Date.UTC(2024, 4, 1, 10, 0, 0, 500);

/** One request nock answered. */
export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Bytes of the body. */
  length: number;
}

/** A file of `size` bytes ('a' repeated, or a pattern so chunk order matters). */
export function makeFile(name: string, size: number, options: { lastModified?: number; type?: string } = {}): UploadFile {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
  return new File([bytes], name, { lastModified: options.lastModified ?? MTIME, type: options.type ?? 'text/plain' });
}

/** Every request made, in order. */
export const requests: Recorded[] = [];

function headersOf(raw: Record<string, string | string[]>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

type Reply = [number, string?, Record<string, string>?];

/**
 * Answers `method path` with `reply` (status, body, headers), `times` times,
 * recording each request.
 */
export function answer(method: string, path: string | RegExp, reply: Reply | ((recorded: Recorded) => Reply), times = 1): nock.Scope {
  return nock(ORIGIN)
    .intercept(path, method)
    .times(times)
    .reply(function (uri, body) {
      const headers = headersOf(this.req.headers as Record<string, string | string[]>);
      const text = typeof body === 'string' ? body : '';
      const recorded: Recorded = {
        method,
        path: decodeURIComponent(uri),
        headers,
        // nock hands over a binary body (the test files are not UTF-8) as hex.
        length: isHex(text) ? text.length / 2 : Buffer.byteLength(text),
      };
      requests.push(recorded);
      const [status, replyBody = "", replyHeaders = {}] = typeof reply === 'function' ? reply(recorded) : reply;
      return [status, replyBody, replyHeaders];
    });
}

/** Delays the engine slept for (backoff), in order. */
export const sleeps: number[] = [];

/** An engine over nock with the fetch transport, instant recorded sleeps and predictable workspace names. */
export function testEngine(options: Partial<UploaderOptions> = {}): Uploader {
  let hex = 0;
  return createUploader({
    transport: createFetchTransport(),
    uploadsRoot: UPLOADS,
    user: 'alice',
    maxChunkSize: 5 * MiB,
    notifyInterval: 0,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    randomHex: () => (++hex).toString(16).padStart(16, '0'),
    logError: () => undefined,
    ...options,
  });
}

/** Clears the records and the interceptors between tests. */
export function resetRecords(): void {
  requests.length = 0;
  sleeps.length = 0;
  nock.cleanAll();
}

/** A destination folder. */
export const HOME = { source: FILES, owner: 'alice', path: '/' };

/**
 * Registers the hooks of a test file that talks to nock: nock switched on,
 * no real network,
 * records cleared after each test, and node's http and fetch given back
 * unpatched at the end (a later test file in the same worker needs them).
 */
export function useNock(): void {
  beforeAll(() => {
    // An earlier test file in the same worker may have restored (switched off) nock.
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
  });
  afterEach(() => resetRecords());
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}

/**
 * Whether nock handed a body over as hex. A loop, not a regular expression: V8 backtracks
 * a pattern over a chunk's 20 million characters on its stack and overflows it.
 */
function isHex(text: string): boolean {
  if (text.length === 0 || text.length % 2 !== 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}
