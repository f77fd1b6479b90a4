import { describe, expect, it } from '@jest/globals';
import { createXhrTransport, parseHeaderLines } from './transport';

/** Just enough of XMLHttpRequest for the transport, driven by the test. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return 'OC-FileId: 00000042ocx\r\nETag: "1"\r\n';
  }
}

const transport = () => createXhrTransport({ createRequest: () => new FakeXhr() as unknown as XMLHttpRequest });

describe('XHR transport', () => {
  it('sends method, headers and body, reports upload progress and answers with lowercase headers', async () => {
    const progress: number[] = [];
    const body = new Blob(['hello']);
    const answer = transport()({ method: 'PUT', url: 'http://h/f', headers: { 'X-OC-Mtime': '5' }, body, onUploadProgress: (loaded) => progress.push(loaded) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual(['PUT', 'http://h/f', { 'X-OC-Mtime': '5' }, body]);
    xhr.upload.onprogress?.({ loaded: 2 });
    xhr.upload.onprogress?.({ loaded: 5 });
    xhr.status = 201;
    xhr.onload?.();
    await expect(answer).resolves.toEqual({ status: 201, headers: { 'oc-fileid': '00000042ocx', etag: '"1"' }, body: '' });
    expect(progress).toEqual([2, 5]);
  });

  it('rejects a network failure, and an abort with an AbortError', async () => {
    const failing = transport()({ method: 'PUT', url: 'http://h/f', headers: {} });
    FakeXhr.last.onerror?.();
    await expect(failing).rejects.toThrow('Network error during PUT http://h/f');

    const controller = new AbortController();
    const aborted = transport()({ method: 'PUT', url: 'http://h/f', headers: {}, signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);
  });

  it('parses header lines, joining repeated ones', () => {
    expect(parseHeaderLines('A: 1\r\nb: 2\r\na: 3\r\n')).toEqual({ a: '1, 3', b: '2' });
  });
});
