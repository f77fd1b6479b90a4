import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { RouteAuth } from '../auth/types';
import { HttpError, sendError } from './errors';
import { StorageError } from '../errors';

/** The plain HTTP methods our JSON and page routes answer, or refuse with 405. */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
type Method = (typeof METHODS)[number];

/**
 * Registers the handlers of one path and answers every other plain method with 405 and an
 * `Allow` header, so a wrong method gets a clear answer rather than a 404 (fastify derives HEAD
 * from GET, so HEAD is refused too where GET is).
 */
export function route(app: FastifyInstance, path: string, auth: RouteAuth, handlers: Partial<Record<Method, RouteHandlerMethod>>): void {
  const allowed = METHODS.filter((method) => handlers[method]);
  const allow = [...allowed, ...(handlers.GET ? ['HEAD'] : [])].join(', ');
  for (const method of METHODS) {
    const handler = handlers[method];
    app.route({
      method,
      url: path,
      config: { auth: handler ? auth : 'public' },
      handler:
        handler ??
        (async (request: FastifyRequest, reply: FastifyReply) =>
          sendError(request, reply, 405, `Method ${request.method} is not allowed here. Allowed: ${allow}.`, { Allow: allow })),
    });
  }
}

/** The signed-in user of a route that requires one (the hook guarantees it). */
export function userOf(request: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!request.user) throw new HttpError(401, 'Authentication required.');
  return request.user;
}

/**
 * Gives a plugin scope its own body parsers (JSON and form posts, 64 KiB at most) and error
 * handler, so they hold whatever the WebDAV routes do to the root's parsers.
 */
export function prepareScope(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 65536 }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
  });
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65536 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  scope.addContentTypeParser('*', (_request, _payload, done) => {
    done(new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).'), undefined);
  });
  scope.setErrorHandler(async (error: unknown, request, reply) => {
    if (error instanceof HttpError) return sendError(request, reply, error.status, error.message, error.headers);
    // The object store did not answer (storage/content/objects/s3-object-store.ts): 503, to be tried again.
    if (error instanceof StorageError && error.kind === 'unavailable') {
      return sendError(request, reply, 503, error.message, error.retryAfter !== undefined ? { 'Retry-After': String(error.retryAfter) } : undefined);
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(request, reply, status, (error as Error).message || 'Bad request.');
    }
    // Logged with the request line by the 5xx log (server-errors.ts), which saw it in onError.
    return sendError(request, reply, 500, 'Internal server error.');
  });
}

/** The request body as an object; anything else is a 400. */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}
