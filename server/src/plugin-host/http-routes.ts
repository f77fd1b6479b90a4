import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonValue, PluginRequest, PluginRouteMethod } from '../plugin-api';
import { HttpError } from '../api/errors';
import { userOf } from '../api/routes';
import type { PluginHost } from './host';
import { chooseRoute } from './route-paths';

const METHODS: PluginRouteMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

function decodeSegments(rest: string): string[] {
  try {
    return rest.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    throw new HttpError(400, 'The path is not valid URL encoding.');
  }
}

function lastValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') out[key] = last;
  }
  return out;
}

/**
 * Serves the routes plugins registered, at `/apps/<plugin id>/…`, for signed-in users. The
 * route is looked up at each request, so a route taken back (its plugin deactivated) or never
 * registered (its plugin disabled) answers 404. Static server routes (`/apps/files/…`) win.
 */
export function registerPluginRoutes(app: FastifyInstance, host: PluginHost): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const user = userOf(request);
    const { plugin, '*': rest = '' } = request.params as { plugin: string; '*'?: string };
    const method = request.method as PluginRouteMethod;
    const segments = decodeSegments(rest);
    const path = `/${segments.join('/')}`;
    const routes = host.routes.list().filter(({ owner }) => owner === plugin).map(({ entry }) => entry);
    const chosen = chooseRoute(routes, segments, method, (status, allow) => {
      if (status === 404) throw new HttpError(404, `No route ${path} in the plugin "${plugin}".`);
      throw new HttpError(405, `Method ${method} is not allowed here. Allowed: ${allow}.`, { Allow: allow });
    });
    const pluginRequest: PluginRequest = Object.freeze({
      uid: user.uid,
      method,
      path,
      params: Object.freeze(chosen.params),
      query: Object.freeze(lastValues(request.query)),
      body: request.body ?? {},
    });
    const response = await chosen.entry.handle(pluginRequest);
    const status = response.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new Error(`The plugin "${plugin}" answered with the status ${String(status)}.`);
    reply.code(status).header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value);
    const body: JsonValue | undefined = response.body;
    return body === undefined ? reply.send() : reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  };
  for (const method of METHODS) {
    app.route({ method, url: '/apps/:plugin/*', config: { auth: 'required' }, handler });
  }
}
