import type { Node, ShareAttribute } from './types';

function isAttributeValue(value: unknown): value is ShareAttribute['value'] {
  return value === null || ['boolean', 'string', 'number'].includes(typeof value);
}

/** One entry of the JSON list, or null when it is not a share attribute. */
function toShareAttribute(entry: unknown): ShareAttribute | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { scope, key, value, enabled } = entry as Record<string, unknown>;
  if (typeof scope !== 'string' || typeof key !== 'string') return null;
  // Servers before Nextcloud 30 sent `enabled` where newer ones send `value`.
  const actual = value === undefined ? enabled : value;
  if (!isAttributeValue(actual)) return null;
  return { scope, key, value: actual };
}

/**
 * Parse the `share-attributes` WebDAV property, a JSON list of
 * `{ scope, key, value }`. Never throws: bad JSON or anything that is not a
 * list gives [], and entries without a string scope and key are dropped.
 */
export function parseShareAttributes(json: string | null | undefined): ShareAttribute[] {
  if (!json) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map(toShareAttribute).filter((attribute): attribute is ShareAttribute => attribute !== null);
}

/** The node's share attributes, whether they were stored parsed or still as the JSON string. */
export function shareAttributesOf(node: Node): ShareAttribute[] {
  const raw: unknown = node.attributes['share-attributes'];
  if (typeof raw === 'string') return parseShareAttributes(raw);
  return Array.isArray(raw) ? raw.map(toShareAttribute).filter((attribute): attribute is ShareAttribute => attribute !== null) : [];
}

/**
 * Whether the node may be downloaded (product §6): denied when its share
 * attributes carry scope 'permissions', key 'download', value false.
 */
export function isDownloadable(node: Node): boolean {
  return allowsDownload(shareAttributesOf(node));
}

/**
 * Whether share attributes allow downloading: not when they carry scope 'permissions', key
 * 'download', value false (product §6). For a share's `attributes` before they reach a node.
 */
export function allowsDownload(attributes: readonly ShareAttribute[]): boolean {
  return !attributes.some((attribute) => attribute.scope === 'permissions' && attribute.key === 'download' && attribute.value === false);
}
