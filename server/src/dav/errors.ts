import type { FastifyReply } from 'fastify';
import type { StorageErrorKind } from '../errors';
import { StorageError } from '../errors';
import { escapeXml } from './xml/serialize';
import { noteServerError } from '../server-errors';
import { PluginError } from '../plugin-api/plugin-error';

/**
 * The one table from failure kind to HTTP status and the Sabre exception
 * class Nextcloud names in its error bodies. Every DAV method reports
 * failures through it.
 */
export const ERROR_STATUS: Record<StorageErrorKind, { status: number; exception: string }> = {
  'bad-request': { status: 400, exception: 'Sabre\\DAV\\Exception\\BadRequest' },
  // A name the filename rules refuse: Nextcloud's own exception class for it.
  'invalid-path': { status: 400, exception: 'OCA\\DAV\\Connector\\Sabre\\Exception\\InvalidPath' },
  unauthorized: { status: 401, exception: 'Sabre\\DAV\\Exception\\NotAuthenticated' },
  forbidden: { status: 403, exception: 'Sabre\\DAV\\Exception\\Forbidden' },
  'too-many-requests': { status: 429, exception: 'OCA\\DAV\\Connector\\Sabre\\Exception\\TooManyRequests' },
  'not-found': { status: 404, exception: 'Sabre\\DAV\\Exception\\NotFound' },
  'method-not-allowed': { status: 405, exception: 'Sabre\\DAV\\Exception\\MethodNotAllowed' },
  conflict: { status: 409, exception: 'Sabre\\DAV\\Exception\\Conflict' },
  'precondition-failed': { status: 412, exception: 'Sabre\\DAV\\Exception\\PreconditionFailed' },
  'unsupported-media-type': { status: 415, exception: 'Sabre\\DAV\\Exception\\UnsupportedMediaType' },
  'range-not-satisfiable': { status: 416, exception: 'Sabre\\DAV\\Exception\\RequestedRangeNotSatisfiable' },
  locked: { status: 423, exception: 'Sabre\\DAV\\Exception\\Locked' },
  'failed-dependency': { status: 424, exception: 'Sabre\\DAV\\Exception' },
  'not-implemented': { status: 501, exception: 'Sabre\\DAV\\Exception\\NotImplemented' },
  'bad-gateway': { status: 502, exception: 'Sabre\\DAV\\Exception\\BadGateway' },
  // A request that ran out of its time budget (a SEARCH over too much), or an object store that does not answer.
  unavailable: { status: 503, exception: 'Sabre\\DAV\\Exception\\ServiceUnavailable' },
  'insufficient-storage': { status: 507, exception: 'Sabre\\DAV\\Exception\\InsufficientStorage' },
};

/** The Nextcloud-style XML error body; `extra` is XML after the message (a precondition element such as `<d:supported-report/>`). */
export function errorBody(exception: string, message: string, extra = ''): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">\n' +
    `  <s:exception>${escapeXml(exception)}</s:exception>\n` +
    `  <s:message>${escapeXml(message)}</s:message>\n` +
    (extra === '' ? '' : `  ${extra}\n`) +
    '</d:error>\n'
  );
}

/**
 * Status and body for any thrown value; unknown errors become a 500 without internals.
 * A path the file system finds too long (the data dir's own path counts too) is the
 * client's: 400, as a name over the limits is.
 */
export function describeError(error: unknown): { status: number; body: string } {
  if (error instanceof StorageError) {
    const { status, exception } = ERROR_STATUS[error.kind];
    return { status, body: errorBody(exception, error.message) };
  }
  // A plugin's DAV collection answering a status (or `ctx.files` failing inside it).
  if (error instanceof PluginError && Number.isInteger(error.status) && error.status >= 400 && error.status <= 599) {
    const known = Object.values(ERROR_STATUS).find((entry) => entry.status === error.status);
    return { status: error.status, body: errorBody(known?.exception ?? 'Sabre\\DAV\\Exception', error.message) };
  }
  if ((error as { code?: unknown } | null)?.code === 'ENAMETOOLONG') {
    const { status, exception } = ERROR_STATUS['invalid-path'];
    return { status, body: errorBody(exception, 'Path is too long') };
  }
  return { status: 500, body: errorBody('Sabre\\DAV\\Exception', 'Internal Server Error') };
}

/** Sends a failure as Nextcloud does; a 5xx is logged with the request line ({@link noteServerError}). */
export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body } = describeError(error);
  if (status >= 500) noteServerError(reply.request, error);
  if (error instanceof StorageError && error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  return reply.code(status).header('content-type', 'application/xml; charset=utf-8').send(body);
}
