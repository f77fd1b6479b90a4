/**
 * `@cumulus/server/plugin-api`: the only server module a plugin's server part imports.
 */
export type {
  CapabilitiesContribution,
  JsonValue,
  LivePropertyContribution,
  NodeHook,
  PluginCommand,
  PluginChanges,
  PluginCommandIo,
  PluginLog,
  PluginNode,
  PluginNodeChange,
  PluginRequest,
  PluginResponse,
  PluginRoute,
  PluginRouteMethod,
  ScopedRegistry,
  ServerPluginContext,
  ServerPluginDefinition,
  ServerPluginDefinitionInput,
  Undo,
} from './types';
export { SERVER_PLUGIN_API_VERSION, SERVER_PLUGIN_ID_PATTERN, ServerPluginError, defineServerPlugin, isServerPluginDefinition } from './define-server-plugin';
