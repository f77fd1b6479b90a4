import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What is left of a request body once its answer is sent.
 *
 * A handler may answer before it has read the whole body: an XML body over its limit,
 * a PUT past the quota, a chunk past its size. The rest of that body is still on its way,
 * and on a kept-alive connection the next request sits behind it: left unread, it would
 * never be parsed and its client would wait for an answer that never comes. Node drops an
 * unread body by itself only when nobody started reading it; this reads and drops the rest
 * of the bodies a handler started and stopped reading (the DAV methods read through
 * `requestBody`, which leaves the request whole). A body that never ends is cut by the
 * server's request timeout. A request stream destroyed with its body half read cannot be
 * read further: its answer says `Connection: close` and the connection ends with it.
 */
export function installBodyDrain(app: FastifyInstance): void {
  // A destroyed request lets go of its socket: kept from the start.
  const sockets = new WeakMap<FastifyRequest, Socket>();
  app.addHook('onRequest', async (request) => {
    sockets.set(request, request.raw.socket);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.destroyed && !request.raw.complete) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete) return;
    if (!raw.destroyed) {
      raw.resume();
      return;
    }
    const socket = sockets.get(request);
    if (socket && !socket.destroyed) socket.destroySoon();
  });
}
