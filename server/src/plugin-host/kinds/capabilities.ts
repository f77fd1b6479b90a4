import type { CapabilitiesContribution, JsonValue } from '../../plugin-api';
import type { HostLog } from '../host-log';
import { messageOf } from '../host-log';
import type { ServerRegistry } from '../registry';

/** Capabilities contributions (`ctx.capabilities`): merged into the OCS capabilities. */

/** Why a contribution is invalid, or null. */
export function capabilitiesProblem(contribution: CapabilitiesContribution): string | null {
  return typeof contribution.capabilities === 'function' ? null : 'capabilities must be a function';
}

function isPlainObject(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `extra` into `base` key by key (objects merge, anything else replaces); returns a new object. */
export function mergeCapabilities(base: { [key: string]: JsonValue }, extra: { [key: string]: JsonValue }): { [key: string]: JsonValue } {
  const merged: { [key: string]: JsonValue } = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeCapabilities(current, value) : value;
  }
  return merged;
}

/** `base` with every contribution merged in (a failing one is logged and left out). */
export function mergedCapabilities(contributions: ServerRegistry<CapabilitiesContribution>, base: { [key: string]: JsonValue }, log: HostLog): { [key: string]: JsonValue } {
  let merged = base;
  for (const { owner, entry } of contributions.list()) {
    try {
      const extra = entry.capabilities();
      if (!isPlainObject(extra)) throw new Error('capabilities() must return an object');
      merged = mergeCapabilities(merged, extra);
    } catch (error) {
      log.error(`[plugin ${owner}] the capabilities contribution "${entry.id}" failed: ${messageOf(error)}`);
    }
  }
  return merged;
}
