import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused connection keeps reading (and dropping) what its client still sends before it is cut. */
export const LINGER_MS = 2_000;

/** Connections answered here and now lingering: node's parser reports each further piece they send as another error. */
const lingering = new WeakSet<Socket>();

/**
 * Answers a request that node's HTTP parser refused (malformed request line or
 * headers, an unknown method, a header section over the limit, a timeout) with
 * its status and `Connection: close`, as node itself does. No body: the request
 * may have been a HEAD, whose answer must not have one.
 *
 * The connection then closes the way a careful server closes it (nginx's
 * lingering close): the answer and a FIN first, then what the client still
 * sends (the rest of an oversized header, the body of a PUT) is read and
 * dropped until it closes its side, for at most {@link LINGER_MS}. Closing at
 * once with unread bytes in the socket makes the kernel reset the connection,
 * which throws away the answer before the client reads it: a client still
 * sending got a broken pipe instead of its 431.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (lingering.has(socket) || error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  // An answer already being written on this connection cannot be followed by another: the connection is cut, as node does.
  if (!socket.writable || inFlight?.headersSent === true) {
    socket.destroy(error);
    return;
  }
  lingering.add(socket);
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once('close', () => clearTimeout(cut));
  // Node's parser keeps consuming the socket (each piece refused again, ignored above); a socket read by
  // nobody else is read here.
  if (socket.listenerCount('data') === 0) socket.on('data', () => undefined);
  socket.resume();
}
