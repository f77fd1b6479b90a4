import type { FastifyReply, FastifyRequest } from 'fastify';
import { ocsVersionOf, sendOcs } from './ocs';

/** An error with an HTTP status whose message is safe to show the client. */
export class HttpError extends Error {
  /**
   * @param status the HTTP status (4xx for a client's mistake)
   * @param message what went wrong, in words the client can act on
   * @param headers extra response headers (Allow, Retry-After, WWW-Authenticate)
   */
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sabre exception names Nextcloud puts in DAV error bodies, by status. */
const davExceptions: Record<number, string> = {
  400: 'Sabre\\DAV\\Exception\\BadRequest',
  401: 'Sabre\\DAV\\Exception\\NotAuthenticated',
  403: 'Sabre\\DAV\\Exception\\Forbidden',
  404: 'Sabre\\DAV\\Exception\\NotFound',
  405: 'Sabre\\DAV\\Exception\\MethodNotAllowed',
  412: 'Sabre\\DAV\\Exception\\PreconditionFailed',
  429: 'OCA\\DAV\\Connector\\Sabre\\Exception\\TooManyRequests',
};

/**
 * Sends an error in the form the client of that URL expects: the sabre XML body for WebDAV,
 * the OCS envelope for OCS, JSON `{ message }` for everything else.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}): FastifyReply {
  reply.headers(headers);
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/remote.php/')) {
    const exception = davExceptions[status] ?? 'Sabre\\DAV\\Exception';
    return reply
      .code(status)
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">` +
          `<s:exception>${escapeXml(exception)}</s:exception><s:message>${escapeXml(message)}</s:message></d:error>\n`,
      );
  }
  const ocs = ocsVersionOf(path);
  if (ocs) return sendOcs(request, reply, null, { status, message });
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}
