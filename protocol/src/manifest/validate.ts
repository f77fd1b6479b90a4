import { CORE_PLUGIN_ID, PLUGIN_ID_PATTERN as PLUGIN_ID } from '../ids';
import type { PluginManifest, PluginManifestEntry, PluginSource } from './types';

/** The owner the registries stamp on the shell's own entries; a plugin may not pose as it. */
const RESERVED_IDS = new Set([CORE_PLUGIN_ID]);

/**
 * One Subresource Integrity hash: algorithm, `-`, the base64 digest of the
 * right length (W3C SRI; one hash, since the loader checks one).
 */
const INTEGRITY = /^(?:sha256-[A-Za-z0-9+/]{43}=|sha384-[A-Za-z0-9+/]{64}|sha512-[A-Za-z0-9+/]{86}==)$/;

const SOURCES = new Set(['build', 'config']);

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

/** Why one entry is refused: the full message, the problem alone, and the id when it is a string. */
class EntryProblem extends Error {
  constructor(
    message: string,
    readonly problem: string,
    readonly id: string | undefined,
  ) {
    super(message);
  }
}

/** A problem with one field, named after `where` (the plugin, or the entry's position). */
const fieldProblem = (where: string, problem: string, id: string | undefined): EntryProblem =>
  new EntryProblem(`${where}: ${problem}`, problem, id);

function requireText(entry: Record<string, unknown>, field: string, where: string, id: string | undefined): string {
  const value = entry[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw fieldProblem(where, `"${field}" must be a non-empty string, got ${describe(value)}`, id);
  }
  return value;
}

/** The entry's id when it has a string one, even if that id is itself invalid. */
function stringId(value: Record<string, unknown>): string | undefined {
  return typeof value.id === 'string' && value.id.trim() !== '' ? value.id : undefined;
}

function checkEntry(value: unknown, position: number): PluginManifestEntry {
  const at = `Plugin manifest entry ${position}`;
  if (!isRecord(value)) {
    throw new EntryProblem(`${at} must be an object, got ${describe(value)}`, `it must be an object, got ${describe(value)}`, undefined);
  }

  const rawId = stringId(value);
  const id = requireText(value, 'id', at, rawId);
  if (!PLUGIN_ID.test(id)) {
    throw fieldProblem(at, `"id" ${JSON.stringify(id)} must match ${PLUGIN_ID.source} (lower-case letters, digits, ".", "_", "-")`, rawId);
  }
  if (RESERVED_IDS.has(id)) throw fieldProblem(at, `"id" ${JSON.stringify(id)} is reserved for the shell`, rawId);

  // From here on the id is trustworthy, so messages name the plugin.
  const where = `Plugin "${id}"`;
  const name = requireText(value, 'name', where, id);
  const version = requireText(value, 'version', where, id);
  const entry = requireText(value, 'entry', where, id);
  if (!isEntryUrl(entry)) {
    throw fieldProblem(where, `"entry" must be an absolute http(s) URL or a root-relative path, got ${JSON.stringify(entry)}`, id);
  }
  if (typeof value.enabled !== 'boolean') {
    throw fieldProblem(where, `"enabled" must be true or false, got ${describe(value.enabled)}`, id);
  }
  const integrity = value.integrity;
  if (integrity !== undefined && (typeof integrity !== 'string' || !INTEGRITY.test(integrity))) {
    throw fieldProblem(where, `"integrity" must be one SRI hash such as "sha384-<base64 digest>", got ${describe(integrity)}`, id);
  }
  const source = value.source;
  if (source !== undefined && (typeof source !== 'string' || !SOURCES.has(source))) {
    throw fieldProblem(where, `"source" must be "build" or "config", got ${describe(source)}`, id);
  }
  return {
    id,
    name,
    version,
    entry,
    enabled: value.enabled,
    ...(integrity !== undefined ? { integrity } : {}),
    ...(source !== undefined ? { source: source as PluginSource } : {}),
  };
}

/**
 * Checks one manifest entry and returns it typed.
 *
 * @param value - the entry as parsed from JSON.
 * @param position - its index in `plugins`, used in messages when the id itself is bad.
 * @throws Error whose message names the plugin (or its position) and the bad field.
 */
export function validateManifestEntry(value: unknown, position = 0): PluginManifestEntry {
  return checkEntry(value, position);
}

/** A manifest entry that was refused; the other entries are unaffected. */
export interface RejectedManifestEntry {
  /** The entry's id when it has a non-empty string one (even one that breaks the id rule). */
  readonly id: string | undefined;
  /** Its index in the manifest's `plugins`. */
  readonly position: number;
  /** What is wrong, without saying which entry, e.g. `"version" must be a non-empty string, got a number`. */
  readonly problem: string;
  /** The whole message, naming the plugin or the position, as `validateManifest` throws it. */
  readonly message: string;
}

/** What {@link checkManifest} found: the valid entries, and every refused one. */
export interface ManifestCheck {
  /** The manifest of the valid entries, in their order. */
  readonly manifest: PluginManifest;
  /** The refused entries, in manifest order. */
  readonly rejected: readonly RejectedManifestEntry[];
}

/**
 * Checks a plugin manifest entry by entry, so one bad entry costs only that
 * plugin: the valid entries come back typed (unknown fields dropped, so
 * nothing unchecked reaches the loader), the refused ones with the reason.
 * A second entry with an id already listed is refused; the first one stays.
 *
 * @throws Error only when the value is not a manifest at all (not an object, or no `plugins` array).
 */
export function checkManifest(value: unknown): ManifestCheck {
  if (!isRecord(value)) throw new Error(`Plugin manifest must be an object, got ${describe(value)}`);
  if (!Array.isArray(value.plugins)) {
    throw new Error(`Plugin manifest: "plugins" must be an array, got ${describe(value.plugins)}`);
  }
  const seen = new Set<string>();
  const plugins: PluginManifestEntry[] = [];
  const rejected: RejectedManifestEntry[] = [];
  value.plugins.forEach((raw: unknown, position: number) => {
    let entry: PluginManifestEntry;
    try {
      entry = checkEntry(raw, position);
    } catch (error) {
      if (!(error instanceof EntryProblem)) throw error;
      rejected.push({ id: error.id, position, problem: error.problem, message: error.message });
      return;
    }
    if (seen.has(entry.id)) {
      const problem = 'it is listed more than once in the plugin manifest';
      rejected.push({ id: entry.id, position, problem, message: `Plugin "${entry.id}" is listed more than once in the plugin manifest` });
      return;
    }
    seen.add(entry.id);
    plugins.push(entry);
  });
  return { manifest: { plugins }, rejected };
}

/**
 * Checks a whole plugin manifest strictly (the build's own output, where any
 * bad entry is a bug) and returns it typed. Unknown fields are dropped so
 * nothing unchecked reaches the loader. Readers that must survive a bad entry
 * (the server, the shell's loader) use {@link checkManifest}.
 *
 * @throws Error naming the first bad field and plugin; a duplicate id is refused.
 */
export function validateManifest(value: unknown): PluginManifest {
  const { manifest, rejected } = checkManifest(value);
  const first = rejected[0];
  if (first !== undefined) throw new Error(first.message);
  return manifest;
}
