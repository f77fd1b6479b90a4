import { PLUGIN_ID_PATTERN } from './ids';

/**
 * A plugin that failed in a user's browser, reported to the server
 * (`POST {@link PLUGIN_FAILURES_PATH}` with `{ id, kind, reason }`) so the operator learns
 * of it.
 */

/** Where the shell reports a plugin that failed in the browser. */
export const PLUGIN_FAILURES_PATH = '/apps/files/api/v1/plugins/failures';

/** The loader's ways of failing to load a plugin (`PluginLoadError.kind`). */
export const PLUGIN_LOAD_FAILURE_KINDS = ['network', 'http', 'evaluation', 'invalid', 'integrity', 'incompatible', 'activation'] as const;

/** Failures inside a registered entry, after which the shell takes the plugin back. */
export const PLUGIN_ENTRY_FAILURE_KINDS = ['action', 'render', 'filter'] as const;

/** One of the loader's kinds. */
export type PluginLoadFailureKind = (typeof PLUGIN_LOAD_FAILURE_KINDS)[number];

/** Every kind a report may carry. */
export type PluginFailureKind = PluginLoadFailureKind | (typeof PLUGIN_ENTRY_FAILURE_KINDS)[number];

/** Whether `kind` is one a report may carry. */
export function isPluginFailureKind(kind: unknown): kind is PluginFailureKind {
  return (PLUGIN_LOAD_FAILURE_KINDS as readonly unknown[]).includes(kind) || (PLUGIN_ENTRY_FAILURE_KINDS as readonly unknown[]).includes(kind);
}

/** The longest plugin id a report may name. */
export const MAX_REPORTED_ID = 100;

/** The longest reason a report carries; the rest is cut off. */
export const MAX_FAILURE_REASON = 500;

/** How the loader names a manifest entry without a string id: by its position. */
export function manifestEntryName(position: number): string {
  return `manifest entry ${position}`;
}

/** Whether `name` may be a report's `id`: a plugin id (at most {@link MAX_REPORTED_ID} characters) or a {@link manifestEntryName}. */
export function isReportedPluginName(name: string): boolean {
  return (name.length <= MAX_REPORTED_ID && PLUGIN_ID_PATTERN.test(name)) || /^manifest entry \d{1,6}$/.test(name);
}
