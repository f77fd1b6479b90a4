/**
 * `@cumulus/server/plugin-api`: the only server module a plugin's server part imports.
 */
export type {
  CapabilitiesContribution,
  JsonValue,
  LivePropertyContribution,
  NodeHook,
  PluginCommand,
  PluginCommandIo,
  PluginDatabase,
  PluginFiles,
  PluginLog,
  PluginMigration,
  PluginNode,
  PluginOcsRequest,
  PluginOcsResponse,
  PluginOcsRoute,
  PluginRequest,
  PluginResponse,
  PluginRoute,
  PluginRouteMethod,
  PluginSqlDialect,
  PluginUser,
  PluginUsers,
  ScopedRegistry,
  ServerPluginContext,
  ServerPluginDefinition,
  ServerPluginDefinitionInput,
  Undo,
} from './types';
export { SERVER_PLUGIN_API_VERSION, SERVER_PLUGIN_ID_PATTERN, ServerPluginError, defineServerPlugin, isServerPluginDefinition } from './define-server-plugin';
