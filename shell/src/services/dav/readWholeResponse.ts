/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch`, with the answer's body read to its end before the response is handed on (as an
 * equal response holding the bytes). The webdav client reads no body of a MKCOL, MOVE, COPY,
 * DELETE or PROPPATCH answer: Chromium then cancels the finished request when the response is
 * collected, and reports each as `net::ERR_ABORTED` in the console although it succeeded. Its
 * calls carry small answers, so reading them whole costs nothing.
 */
export async function fetchReadWhole(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await globalThis.fetch(input, init);
  const bytes = await response.arrayBuffer();
  return new Response(NULL_BODY.has(response.status) ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
