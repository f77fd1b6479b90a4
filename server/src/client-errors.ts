import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers a request that node's HTTP parser refused (malformed request line or
 * headers, an unknown method, a header section over the limit, a timeout) with
 * its status and `Connection: close`, as node itself does. The connection is
 * closed right after: a keep-alive client that is not told so sends its next
 * request into the closed socket and gets a reset instead of an answer
 * (fastify's own answer says nothing). No body: the request may have been a
 * HEAD, whose answer must not have one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy(error);
}
