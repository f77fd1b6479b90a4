import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PluginOcsRequest, PluginRouteMethod } from '../plugin-api';
import { HttpError } from '../api/errors';
import type { OcsData } from '../api/ocs';
import { sendOcs } from '../api/ocs';
import { userOf } from '../api/routes';
import type { PluginHost } from './host';
import { chooseRoute } from './route-paths';

const METHODS: PluginRouteMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** `key[]` → `key`: PHP-style list keys as the bare name. */
function bareKey(key: string): string {
  return key.endsWith('[]') ? key.slice(0, -2) : key;
}

/** Adds `source`'s entries to `into`; a repeated or `[]` key becomes a list of strings. */
function mergeInput(into: Record<string, unknown>, source: unknown): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    into[bareKey(key)] = key.endsWith('[]') && !Array.isArray(value) ? [value] : value;
  }
}

/** The query string and body of an OCS request merged, the body winning (protocol §1.3). */
export function ocsInput(query: unknown, body: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  mergeInput(input, query);
  mergeInput(input, body);
  return input;
}

/**
 * Serves the OCS routes plugins registered, at `/ocs/v1.php/apps/…` and `/ocs/v2.php/apps/…`,
 * for signed-in users, in the OCS envelope. The route is looked up at each request, so a
 * disabled plugin's paths answer 404 (in the envelope). The server's own OCS paths are
 * static routes and win.
 */
export function registerPluginOcsRoutes(app: FastifyInstance, host: PluginHost): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const user = userOf(request);
    const url = request.url.split('?')[0] ?? '';
    const rest = url.replace(/^\/ocs\/v[12]\.php/, '');
    let segments: string[];
    try {
      segments = rest.split('/').slice(1).map((segment) => decodeURIComponent(segment));
    } catch {
      throw new HttpError(400, 'The path is not valid URL encoding.');
    }
    const method = request.method as PluginRouteMethod;
    const chosen = chooseRoute(
      host.ocsRoutes.list().map(({ entry }) => entry),
      segments,
      method,
      (status, allow) => {
        if (status === 404) throw new HttpError(404, 'Not found');
        throw new HttpError(405, `Method ${method} is not allowed here. Allowed: ${allow}.`, { Allow: allow });
      },
    );
    const ocsRequest: PluginOcsRequest = Object.freeze({
      uid: user.uid,
      method,
      path: `/${segments.join('/')}`,
      params: Object.freeze(chosen.params),
      input: Object.freeze(ocsInput(request.query, request.body)),
      origin: `${request.protocol}://${request.host}`,
    });
    const response = await chosen.entry.handle(ocsRequest);
    const status = response.status ?? 200;
    if (!Number.isInteger(status) || status < 100 || status > 999) throw new Error(`An OCS route answered with the status ${String(status)}.`);
    reply.header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value);
    return sendOcs(request, reply, response.data as OcsData, { status, ...(response.message !== undefined ? { message: response.message } : {}) });
  };
  for (const base of ['/ocs/v1.php/apps/*', '/ocs/v2.php/apps/*']) {
    for (const method of METHODS) app.route({ method, url: base, config: { auth: 'required' }, handler });
  }
}
