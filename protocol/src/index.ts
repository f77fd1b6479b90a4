/**
 * `@cumulus/protocol`: the facts both sides of HTTP must agree on, written once. The SDK,
 * the shell, `@cumulus/remotes`, the server (and its plugin contract) and scripts/ import
 * them from here. Plain TypeScript that runs unchanged in the browser and in Node: it
 * imports nothing (no library, no DOM, no Node API, nothing of ours), which lint enforces
 * (eslint.config.js, proved by tests/lint/boundaries.test.ts).
 */
export { CORE_PLUGIN_ID, PLUGIN_ID_PATTERN, isPluginId } from './ids';
export type { CatalogueLanguage, InterfaceLanguage } from './languages';
export { CATALOGUE_LANGUAGES, INTERFACE_LANGUAGES, LANGUAGE_NAMES, LANGUAGE_TAG_PATTERN, directionOf, isInterfaceLanguage } from './languages';
export type { ChangeFeedEvent, ChangeMessage, RemoteNodeChange } from './changes';
export { CHANGES_PATH, CHANGE_FEED_EVENTS } from './changes';
export type { CompactListingCell, CompactListingControl, CompactListingDone, CompactListingHeader, CompactListingReset, CompactListingRow } from './compact-listing';
export { COMPACT_LISTING_TYPE, acceptsCompactListing, compactDoneLine, compactHeaderLine, compactResetLine, readCompactLine } from './compact-listing';
export type { PublicShareFacts, PublicShareMode } from './public-share';
export { PUBLIC_SHARE_ATTRIBUTE, SHARE_PERMISSIONS, canRead, canUpload, publicShareMode, readPublicShareFacts } from './public-share';
export type { UserConfigKey } from './user-config';
export { LANGUAGE_CONFIG_KEY, USER_CONFIG_DEFAULTS, VIEW_CONFIG_KEYS } from './user-config';
export type { RegistrationTable, Undo, UndoList } from './registrations';
export { createRegistrationTable, createUndoList } from './registrations';
export * from './manifest';
export type { PluginFailureKind, PluginLoadFailureKind } from './plugin-failures';
export {
  MAX_FAILURE_REASON,
  MAX_REPORTED_ID,
  PLUGIN_ENTRY_FAILURE_KINDS,
  PLUGIN_FAILURES_PATH,
  PLUGIN_LOAD_FAILURE_KINDS,
  isPluginFailureKind,
  isReportedPluginName,
  manifestEntryName,
} from './plugin-failures';
