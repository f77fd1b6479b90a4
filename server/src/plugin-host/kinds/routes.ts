import type { PluginOcsRoute, PluginRoute } from '../../plugin-api';
import { routePathProblem } from '../route-paths';

/** Routes and OCS routes (`ctx.routes`, `ctx.ocs`): served by http-routes.ts and ocs-routes.ts. */

const ROUTE_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** Why a route is invalid, or null. */
export function routeProblem(route: PluginRoute | PluginOcsRoute): string | null {
  if (!ROUTE_METHODS.has(route.method)) return `its method must be one of ${[...ROUTE_METHODS].join(', ')}`;
  if (typeof route.handle !== 'function') return 'handle must be a function';
  return routePathProblem(route.path);
}

/** Why an OCS route is invalid (a route below `/apps/<app>/`), or null. */
export function ocsRouteProblem(route: PluginOcsRoute): string | null {
  const problem = routeProblem(route);
  if (problem !== null) return problem;
  return typeof route.path === 'string' && /^\/apps\/[^/]+\/./.test(route.path) ? null : 'its path must start with "/apps/<app>/"';
}
