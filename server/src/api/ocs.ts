import type { FastifyReply, FastifyRequest } from 'fastify';

/** The OCS API version of a path: 1 for `/ocs/v1.php/…`, 2 for `/ocs/v2.php/…`, else null. */
export function ocsVersionOf(path: string): 1 | 2 | null {
  if (path.startsWith('/ocs/v1.php/')) return 1;
  if (path.startsWith('/ocs/v2.php/')) return 2;
  return null;
}

/** A value the OCS envelope can carry. */
export type OcsData = string | number | boolean | null | OcsData[] | { [key: string]: OcsData };

/** Status of an OCS answer; `status` is the HTTP status, 200 for success. */
export interface OcsStatus {
  status: number;
  message?: string;
}

/** The OCS v1 `meta.statuscode` (protocol §1.1): 100 for success, else the error's own code, 997 for 401. */
function v1Code(status: number): number {
  if (status >= 200 && status < 300) return 100;
  return status === 401 ? 997 : status;
}

/** The HTTP status of an OCS v2 answer: the code itself, 997→401, 998→404, 996/999→500, outside 200–600 → 400. */
function v2HttpStatus(code: number): number {
  if (code === 997) return 401;
  if (code === 998) return 404;
  if (code === 996 || code === 999) return 500;
  return code < 200 || code > 600 ? 400 : code;
}

/** True when the client asked for JSON (`format=json` in the query or body, or an `Accept` naming JSON); OCS defaults to XML. */
export function wantsJson(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.format === 'string') return query.format.toLowerCase() === 'json';
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && typeof body.format === 'string') return body.format.toLowerCase() === 'json';
  return /application\/json/i.test(request.headers.accept ?? '');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** XML element names must be valid; numeric or odd keys become `element` as in Nextcloud. */
function tagName(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) ? key : 'element';
}

/** Serialises OCS data to XML the way Nextcloud does (lists as `<element>`, true as 1, false as empty). */
export function toOcsXml(value: OcsData): string {
  if (value === null || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeXml(value);
  if (Array.isArray(value)) return value.map((item) => `<element>${toOcsXml(item)}</element>`).join('');
  return Object.entries(value)
    .map(([key, item]) => `<${tagName(key)}>${toOcsXml(item)}</${tagName(key)}>`)
    .join('');
}

/**
 * Answers in the OCS envelope `{ ocs: { meta, data } }`, as JSON or XML per the request.
 * v1 keeps HTTP 200 for most errors and puts the code in `meta.statuscode` (100 = ok);
 * v2 uses the HTTP status both places.
 */
export function sendOcs(request: FastifyRequest, reply: FastifyReply, data: OcsData, status: OcsStatus = { status: 200 }): FastifyReply {
  const version = ocsVersionOf(request.url) ?? 2;
  const httpStatus = version === 1 ? (status.status === 401 || status.status === 429 ? status.status : 200) : v2HttpStatus(status.status);
  const ok = version === 1 ? v1Code(status.status) === 100 : httpStatus >= 200 && httpStatus < 300;
  const meta: { [key: string]: OcsData } = {
    status: ok ? 'ok' : 'failure',
    statuscode: version === 1 ? v1Code(status.status) : status.status,
    message: status.message ?? (ok ? 'OK' : ''),
    // v1 always carries the paging fields (strings); v2 only when set, which it never is here.
    ...(version === 1 ? { totalitems: '', itemsperpage: '' } : {}),
  };
  const body = { ocs: { meta, data: data ?? [] } };
  reply.code(httpStatus);
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send(body);
  return reply
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0"?>\n<ocs>${toOcsXml(body.ocs as unknown as OcsData)}</ocs>\n`);
}
