import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps';
import { registerFilesApi } from './files-api';
import { registerOcsApi } from './ocs-api';
import { registerPlugins } from './plugins';
import { registerPluginFailureReports } from './plugin-failures';
import { registerPluginOcsRoutes, registerPluginRoutes } from '../plugin-host';
import { registerPreview } from './preview';
import { prepareScope } from './routes';
import { registerStatus } from './status';
import { registerSearchApi } from '../search/search-api';

export type { ApiDeps } from './deps';
export { HttpError, sendError } from './errors';

/**
 * Registers the JSON, OCS, status and preview endpoints in their own scope (own body parsers
 * and error handler). `/index.php/…` reaches them too (the app rewrites it away).
 */
export function registerApi(app: FastifyInstance, deps: ApiDeps): void {
  app.register(async (scope) => {
    prepareScope(scope);
    registerStatus(scope, deps.draining);
    registerFilesApi(scope, deps);
    registerOcsApi(scope, deps);
    registerSearchApi(scope, deps);
    registerPlugins(scope, deps.config.distDir, deps.plugins.states, deps.config.pluginsConfig);
    registerPluginFailureReports(scope);
    registerPluginRoutes(scope, deps.plugins.host);
    registerPluginOcsRoutes(scope, deps.plugins.host);
    registerPreview(scope, deps);
  });
}
