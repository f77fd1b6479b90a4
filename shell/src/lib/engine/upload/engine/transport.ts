import type { TransportRequest, TransportResponse, UploadTransport } from './types';

/** The error a transport rejects with when the request's signal aborted it. */
export function abortError(): Error {
  return new DOMException('The upload was aborted', 'AbortError');
}

/** Whether an error is an abort (named `AbortError`), from any realm. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Parses `getAllResponseHeaders()` text into lowercase names. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** Options of {@link createXhrTransport}. */
export interface XhrTransportOptions {
  /** Send cookies on cross-origin requests. */
  withCredentials?: boolean;
  /** Creates the request object; default `new XMLHttpRequest()`. */
  createRequest?: () => XMLHttpRequest;
}

/**
 * The browser transport: `XMLHttpRequest`, the one browser API that reports
 * upload progress (`upload.onprogress`), which the progress bar and the rate
 * estimator need.
 */
export function createXhrTransport(options: XhrTransportOptions = {}): UploadTransport {
  const { withCredentials = false, createRequest = () => new XMLHttpRequest() } = options;
  return (request: TransportRequest) =>
    new Promise<TransportResponse>((resolve, reject) => {
      const { signal } = request;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = createRequest();
      xhr.open(request.method, request.url, true);
      xhr.withCredentials = withCredentials;
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      const onAbort = (): void => xhr.abort();
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      if (request.onUploadProgress) {
        const report = request.onUploadProgress;
        xhr.upload.onprogress = (event) => report(event.loaded);
      }
      xhr.onload = () => {
        done();
        resolve({ status: xhr.status, headers: parseHeaderLines(xhr.getAllResponseHeaders()), body: xhr.responseText ?? '' });
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError(`Network error during ${request.method} ${request.url}`));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(request.body ?? null);
    });
}

/** Options of {@link createFetchTransport}. */
export interface FetchTransportOptions {
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/**
 * A transport on `fetch`, for node (tests, tools) and browsers without a
 * need for progress: `fetch` cannot report upload progress, so progress is
 * reported once, when the body has been sent (the answer arrived).
 */
export function createFetchTransport(options: FetchTransportOptions = {}): UploadTransport {
  return async (request: TransportRequest) => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (error) {
      if (request.signal?.aborted) throw abortError();
      throw error;
    }
    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      if (request.signal?.aborted) throw abortError();
      throw error;
    }
    if (request.onUploadProgress && request.body !== undefined) {
      request.onUploadProgress(typeof request.body === 'string' ? request.body.length : request.body.size);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, body };
  };
}
