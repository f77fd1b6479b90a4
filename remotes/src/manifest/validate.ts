import type { PluginManifest, PluginManifestEntry } from './types';

/**
 * The id rule of the SDK's `definePlugin`, repeated here because the server
 * validates manifests without loading the SDK (ARCHITECTURE.md).
 */
const PLUGIN_ID = /^[a-z0-9][a-z0-9._-]*$/;

/** The owner the registries stamp on the shell's own entries; a plugin may not pose as it. */
const RESERVED_IDS = new Set(['core']);

/** `/path`, but not the protocol-relative `//host/path`, which would silently change origin. */
const ROOT_RELATIVE = /^\/(?!\/)/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? JSON.stringify(value) : `a ${typeof value}`;
}

function isEntryUrl(value: string): boolean {
  if (ROOT_RELATIVE.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function requireText(entry: Record<string, unknown>, field: string, where: string): string {
  const value = entry[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${where}: "${field}" must be a non-empty string, got ${describe(value)}`);
  }
  return value;
}

/**
 * Checks one manifest entry and returns it typed.
 *
 * @param value - the entry as parsed from JSON.
 * @param position - its index in `plugins`, used in messages when the id itself is bad.
 * @throws Error whose message names the plugin (or its position) and the bad field.
 */
export function validateManifestEntry(value: unknown, position = 0): PluginManifestEntry {
  const at = `Plugin manifest entry ${position}`;
  if (!isRecord(value)) throw new Error(`${at} must be an object, got ${describe(value)}`);

  const id = requireText(value, 'id', at);
  if (!PLUGIN_ID.test(id)) {
    throw new Error(`${at}: "id" ${JSON.stringify(id)} must match ${PLUGIN_ID.source} (lower-case letters, digits, ".", "_", "-")`);
  }
  if (RESERVED_IDS.has(id)) throw new Error(`${at}: "id" ${JSON.stringify(id)} is reserved for the shell`);

  // From here on the id is trustworthy, so messages name the plugin.
  const where = `Plugin "${id}"`;
  const name = requireText(value, 'name', where);
  const version = requireText(value, 'version', where);
  const entry = requireText(value, 'entry', where);
  if (!isEntryUrl(entry)) {
    throw new Error(`${where}: "entry" must be an absolute http(s) URL or a root-relative path, got ${JSON.stringify(entry)}`);
  }
  if (typeof value.enabled !== 'boolean') {
    throw new Error(`${where}: "enabled" must be true or false, got ${describe(value.enabled)}`);
  }
  return { id, name, version, entry, enabled: value.enabled };
}

/**
 * Checks a whole plugin manifest (the build's output, the server's response)
 * and returns it typed. Unknown fields are dropped so nothing unchecked reaches
 * the loader.
 *
 * @throws Error naming the bad field and plugin; a duplicate id is refused.
 */
export function validateManifest(value: unknown): PluginManifest {
  if (!isRecord(value)) throw new Error(`Plugin manifest must be an object, got ${describe(value)}`);
  if (!Array.isArray(value.plugins)) {
    throw new Error(`Plugin manifest: "plugins" must be an array, got ${describe(value.plugins)}`);
  }
  const seen = new Set<string>();
  const plugins = value.plugins.map((raw: unknown, position: number) => {
    const entry = validateManifestEntry(raw, position);
    if (seen.has(entry.id)) throw new Error(`Plugin "${entry.id}" is listed more than once in the plugin manifest`);
    seen.add(entry.id);
    return entry;
  });
  return { plugins };
}
