import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every 5xx answer is logged, whatever `CUMULUS_LOG_REQUESTS` says: one line with the
 * request line and the error behind the answer, with its stack, so a server error always
 * leaves a trace for the operator. (Request logging itself stays optional.)
 *
 * Errors reach the log by two ways: fastify's `onError` hook sees those that go through an
 * error handler, and the WebDAV layer, which answers its failures itself, hands its own to
 * {@link noteServerError}. The line is written when the answer has been sent.
 */

const errors = new WeakMap<FastifyRequest, unknown>();

/** Remembers the error behind the answer to `request` (the first one given wins). */
export function noteServerError(request: FastifyRequest, error: unknown): void {
  if (!errors.has(request)) errors.set(request, error);
}

/** The request line as the client sent it, e.g. `PROPFIND /remote.php/dav/files/admin/ HTTP/1.1`. */
export function requestLine(request: FastifyRequest): string {
  return `${request.method} ${request.originalUrl} HTTP/${request.raw.httpVersion}`;
}

function logServerError(request: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode;
  const error = errors.get(request) ?? new Error('No error was recorded for this answer');
  const line = `${requestLine(request)} answered ${status}`;
  // 500 is a fault of the server's; other 5xx (507 full, 502 foreign destination) are expected answers.
  if (status === 500) request.log.error({ req: request, err: error }, line);
  else request.log.warn({ req: request, err: error }, line);
}

/** Installs the log of 5xx answers on the whole app (call before the routes are registered). */
export function installServerErrorLog(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    noteServerError(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) logServerError(request, reply);
  });
}
