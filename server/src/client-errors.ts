import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers a request that node's HTTP parser refused (malformed request line or
 * headers, an unknown method, a header section over the limit, a timeout) as
 * fastify does, and also says `Connection: close`. The connection is closed
 * right after: a keep-alive client that is not told so sends its next request
 * into the closed socket and gets a reset instead of an answer.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message = status === 408 ? 'Client Timeout' : status === 431 ? 'Exceeded maximum allowed HTTP header size' : 'Client Error';
  const reason = STATUS_CODES[status] ?? '';
  const body = JSON.stringify({ error: reason, message, statusCode: status });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
