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
  PluginChanges,
  PluginCommandIo,
  PluginArea,
  PluginDatabase,
  PluginFileRead,
  PluginFiles,
  PluginJob,
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
export { PluginError } from './plugin-error';
export { SERVER_PLUGIN_API_VERSION, SERVER_PLUGIN_ID_PATTERN, ServerPluginError, defineServerPlugin, isServerPluginDefinition } from './define-server-plugin';
