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
  PluginDatabase,
  PluginLog,
  PluginMigration,
  PluginNode,
  PluginNodeChange,
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
export type {
  DavFailure,
  DavNodesAnswer,
  PluginNodeQuery,
  PluginReportRequest,
  PluginSearchOrder,
  PluginSearchRequest,
  PluginUserTree,
  PluginXmlElement,
  ReportHandler,
  SearchAnswer,
  SearchHandler,
} from './dav-handlers';
export { SERVER_PLUGIN_API_VERSION, SERVER_PLUGIN_ID_PATTERN, ServerPluginError, defineServerPlugin, isServerPluginDefinition } from './define-server-plugin';
