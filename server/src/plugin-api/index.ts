/**
 * `@cumulus/server/plugin-api`: the only server module a plugin's server part imports.
 */
export type {
  CapabilitiesContribution,
  DavCollection,
  DavMoveRequest,
  DavResource,
  JsonValue,
  LivePropertyContribution,
  NodeHook,
  PluginCommand,
  PluginCommandIo,
  PluginArea,
  PluginDatabase,
  PluginFileRead,
  PluginFiles,
  PluginJob,
  PluginLog,
  PluginMigration,
  PluginNode,
  PluginRequest,
  PluginResponse,
  PluginRoute,
  PluginRouteMethod,
  PluginSqlDialect,
  ScopedRegistry,
  ServerPluginContext,
  ServerPluginDefinition,
  ServerPluginDefinitionInput,
  Undo,
} from './types';
export { PluginError } from './plugin-error';
export { SERVER_PLUGIN_API_VERSION, SERVER_PLUGIN_ID_PATTERN, ServerPluginError, defineServerPlugin, isServerPluginDefinition } from './define-server-plugin';
