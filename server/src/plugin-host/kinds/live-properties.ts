import type { LivePropertyContribution, PluginPropertyElement } from '../../plugin-api';
import type { LiveProperty } from '../../dav/live-properties';
import { LIVE_PROPERTIES } from '../../dav/live-properties';
import { NS } from '../../dav/xml/element';
import { escapeXml } from '../../dav/xml/serialize';
import type { HostLog } from '../host-log';
import { messageOf } from '../host-log';
import { pluginNode } from '../plugin-node';
import type { ServerRegistry } from '../registry';

/** WebDAV live properties (`ctx.liveProperties`): rendered by the WebDAV layer beside the server's own. */

const PREFIX_NS = { oc: NS.oc, nc: NS.nc, ocs: NS.ocs } as const;
const CHILD_PREFIXES = new Set(['d', 'oc', 'nc', 'ocs']);
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Server properties a plugin's value replaces (the server answers them empty on its own). */
export const REPLACEABLE_PROPERTIES = new Set([`{${NS.oc}}share-types`, `{${NS.nc}}sharees`]);

/** A live property's value as the WebDAV layer inserts it: text escaped, child elements rendered. */
function renderValue(value: string | readonly PluginPropertyElement[]): string {
  if (typeof value === 'string') return escapeXml(value);
  if (!Array.isArray(value)) return escapeXml(String(value));
  return value
    .map((child: PluginPropertyElement) => {
      if (!CHILD_PREFIXES.has(child.prefix) || !PROPERTY_NAME.test(child.name)) throw new Error(`invalid child element ${String(child.prefix)}:${String(child.name)}`);
      return `<${child.prefix}:${child.name}>${escapeXml(String(child.text))}</${child.prefix}:${child.name}>`;
    })
    .join('');
}

/** The Clark name (`{namespace}name`) of a contributed live property. */
function clarkOf(property: LivePropertyContribution): string {
  return `{${PREFIX_NS[property.prefix]}}${property.name}`;
}

/** Why a property is invalid (or taken: by the server, or by another plugin in `registered`), or null. */
export function livePropertyProblem(property: LivePropertyContribution, registered: ServerRegistry<LivePropertyContribution>): string | null {
  if (!Object.hasOwn(PREFIX_NS, property.prefix)) return 'its prefix must be oc, nc or ocs';
  if (typeof property.name !== 'string' || !PROPERTY_NAME.test(property.name)) return 'its name must be an XML name';
  if (typeof property.get !== 'function') return 'get must be a function';
  if (property.prepare !== undefined && typeof property.prepare !== 'function') return 'prepare must be a function';
  const clark = clarkOf(property);
  if (LIVE_PROPERTIES.has(clark) && !REPLACEABLE_PROPERTIES.has(clark)) return `${property.prefix}:${property.name} is a property of the server`;
  const taken = registered.list().find(({ entry }) => clarkOf(entry) === clark);
  return taken ? `${property.prefix}:${property.name} is already given by "${taken.owner}"` : null;
}

/**
 * The contributed live properties as the WebDAV layer renders them: values escaped; a
 * `get` that throws is logged with its plugin and the node gets no value (404).
 */
export function davLivePropertiesOf(registered: ServerRegistry<LivePropertyContribution>, log: HostLog): ReadonlyMap<string, LiveProperty> {
  const map = new Map<string, LiveProperty>();
  for (const { owner, entry } of registered.list()) {
    map.set(clarkOf(entry), {
      prefix: entry.prefix,
      local: entry.name,
      get: (node, pc) => {
        try {
          // Who sees the node: the request's user, nobody ('') for a public link's visitor.
          const value = entry.get(pluginNode(node.mount?.public ? '' : pc.user.uid, node));
          return value === undefined ? undefined : renderValue(value);
        } catch (error) {
          log.error(`[plugin ${owner}] the live property ${entry.prefix}:${entry.name} failed: ${messageOf(error)}`);
          return undefined;
        }
      },
      ...(entry.prepare
        ? {
            prepare: async () => {
              try {
                await entry.prepare?.();
              } catch (error) {
                log.error(`[plugin ${owner}] preparing the live property ${entry.prefix}:${entry.name} failed: ${messageOf(error)}`);
              }
            },
          }
        : {}),
    });
  }
  return map;
}
