import { DEFAULT_FILE_MIME, FOLDER_MIME, createNode, parsePermissions, parseShareAttributes } from '../node';
import type { Node, NodeAttributes, NodeType, Permissions } from '../node';
import { CORE_PROPERTIES, cleanEtag, encodeDavPath, numberProp, timeOf } from './dav-props';
import type { DavPropElement, DavPropValue, DavResponse } from './multistatus';

/** Properties kept as the text the server sent ('0012', '1e3' are not numbers there): the one list of them. */
const RAW_TEXT_PROPERTIES = new Set(['displayname', 'getetag', 'owner-id', 'owner-display-name', 'permissions', 'share-attributes', 'share-permissions']);

const HEX = /^[-+]?0x[0-9a-f]+$/i;
const DECIMAL = /^[-+]?(?:0|[1-9]\d*)?(?:\.\d+)?(?:e[-+]?\d+)?$/i;

/**
 * A property's text as the attribute value plugins have always seen: numbers
 * become numbers (decimal without leading zeros, exponent or hex), 'true' and
 * 'false' booleans, anything else stays text, trimmed.
 */
export function propValue(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === '' || trimmed.length > 15) return trimmed;
  const first = trimmed.charCodeAt(0);
  // Only strings that start like a number are worth the regular expressions.
  if (!((first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46)) return trimmed;
  if (isPlainInteger(trimmed)) return Number(trimmed);
  if (HEX.test(trimmed)) return parseInt(trimmed, 16);
  if (/\d/.test(trimmed) && DECIMAL.test(trimmed)) return Number(trimmed);
  return trimmed;
}

/**
 * A sign and digits without a leading zero ('0', '57', '-3'): what {@link DECIMAL} accepts
 * and {@link HEX} does not, told by a loop (most numbers of a listing are such, several a
 * node, and the three regular expressions showed in profiles of 100,000 nodes).
 */
function isPlainInteger(text: string): boolean {
  const start = text.charCodeAt(0) === 45 || text.charCodeAt(0) === 43 ? 1 : 0;
  if (start === text.length) return false;
  if (text.charCodeAt(start) === 48) return text.length === start + 1;
  for (let i = start; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

type AttributeValue = string | number | boolean | AttributeElement;
interface AttributeElement {
  [name: string]: AttributeValue | AttributeValue[];
}

/** A nested property with its leaf texts converted by {@link propValue}. */
function elementValue(element: DavPropElement): AttributeElement {
  const out: AttributeElement = {};
  for (const name in element) {
    const value = element[name] as DavPropValue | DavPropValue[];
    out[name] = Array.isArray(value) ? value.map(convert) : convert(value);
  }
  return out;
}

function convert(value: DavPropValue): AttributeValue {
  return typeof value === 'string' ? propValue(value) : elementValue(value);
}

/** Deep-freezes plain data: nodes are immutable, and the store (Immer) skips frozen trees instead of walking them. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * {@link deepFreeze} of a node as {@link ResponseNodeBuilder.build} makes it: its only
 * object is `attributes` (the rest are texts and numbers), whose values are texts, numbers
 * and shared frozen lists but for the odd nested property; a generic walk of every key of
 * 100,000 nodes showed in profiles.
 */
function freezeNode(node: Node): Node {
  const { attributes } = node;
  for (const name in attributes) {
    const value = attributes[name];
    if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) deepFreeze(value);
  }
  Object.freeze(attributes);
  return Object.freeze(node);
}

/** Shared, frozen values for what most nodes carry: identical empty lists need not be 100,000 objects. */
const NO_SHARE_TYPES: readonly number[] = Object.freeze([]);
const NO_SHARE_ATTRIBUTES: readonly [] = Object.freeze([]);

/**
 * `oc:share-types` → the share type numbers (`{ 'share-type': '3' }` or a list of them): the
 * node's `share-types` attribute, which the SDK's `shareTypesOf(node)` reads.
 */
function shareTypeNumbers(value: DavPropValue | undefined): number[] {
  if (value === undefined || typeof value === 'string') return NO_SHARE_TYPES as number[];
  const raw = value['share-type'];
  if (raw === undefined) return NO_SHARE_TYPES as number[];
  const list = Array.isArray(raw) ? raw : [raw];
  const types: number[] = [];
  for (const item of list) {
    const type = typeof item === 'string' ? numberProp(item) : undefined;
    if (type !== undefined) types.push(type);
  }
  return types.length === 0 ? (NO_SHARE_TYPES as number[]) : types;
}

/** The text of a property, or undefined when it is missing or has child elements. */
function textOf(value: DavPropValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The core properties a node is made of, by their index in a builder's list of core values. */
const CORE_SLOTS = [
  'resourcetype',
  'getetag',
  'favorite',
  'share-types',
  'share-attributes',
  'quota-available-bytes',
  'mount-type',
  'is-encrypted',
  'fileid',
  'size',
  'getcontentlength',
  'getlastmodified',
  'creationdate',
  'owner-id',
  'getcontenttype',
  'displayname',
  'permissions',
] as const;
const CORE_SLOT: ReadonlyMap<string, number> = new Map(CORE_SLOTS.map((name, slot) => [name, slot]));
const [
  RESOURCETYPE,
  GETETAG,
  FAVORITE,
  SHARE_TYPES,
  SHARE_ATTRIBUTES,
  QUOTA,
  MOUNT_TYPE,
  IS_ENCRYPTED,
  FILEID,
  SIZE,
  CONTENT_LENGTH,
  LAST_MODIFIED,
  CREATION_DATE,
  OWNER_ID,
  CONTENT_TYPE,
  DISPLAYNAME,
  PERMISSIONS,
] = CORE_SLOTS.map((_, slot) => slot) as number[] as [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number];

/**
 * The columns of a tabular listing's rows, for {@link ResponseNodeBuilder.buildRow}: where
 * each column's value goes, and the last value each column converted (rows repeat most).
 */
export class RowColumns {
  /** Per column, its index among the core values, or -1 for an attribute (or a core property a node does not keep). */
  readonly slots: number[];
  /** Per column, the attribute it becomes, undefined for a core property. */
  readonly attributeNames: (string | undefined)[];
  /** Per column, whether the attribute keeps the property's text as it is. */
  readonly raw: boolean[];
  readonly lastValues: (DavPropValue | undefined)[];
  readonly lastAttributes: unknown[];

  constructor(names: readonly string[]) {
    this.slots = names.map((name) => CORE_SLOT.get(name) ?? -1);
    this.attributeNames = names.map((name) => (CORE_PROPERTIES.has(name) ? undefined : name));
    this.raw = names.map((name) => RAW_TEXT_PROPERTIES.has(name));
    this.lastValues = names.map(() => undefined);
    this.lastAttributes = names.map(() => undefined);
  }
}

/** What {@link ResponseNodeBuilder} needs: where the DAV endpoint is and whose files these are. */
export interface ResponseNodeContext {
  /** Absolute URL of the DAV endpoint, e.g. `https://cloud/remote.php/dav`. */
  davUrl: string;
  /** The node root, e.g. `/files/alice`. */
  root: string;
}

/** A node built from a response, with the decoded DAV path it names (relative to the DAV endpoint). */
export interface BuiltNode {
  node: Node;
  /** The decoded path below the DAV endpoint, without a trailing slash, e.g. `/files/alice/Docs/a b.txt`. */
  filename: string;
}

/**
 * Builds SDK nodes from multistatus responses and compact-listing rows: the
 * one place a WebDAV answer becomes a node, for listings, stat, search and
 * plugins alike (source, path, names, permissions, attributes, as `createNode`
 * would make them), fast enough for 100,000 entries: the shared folder part of
 * the hrefs is decoded once, permission strings are parsed once, and no URL
 * object is made per node. Nodes come out deep-frozen.
 */
export class ResponseNodeBuilder {
  private readonly davUrl: string;
  private readonly basePath: string;
  private readonly origin: string;
  private readonly root: string;
  // By node type: the same letters give CREATE on a file (W) and a folder (C, K) differently.
  private readonly permissionCache = { file: new Map<string, Permissions>(), folder: new Map<string, Permissions>() };
  private readonly shareAttributeCache = new Map<string, unknown>();
  /** Dates read, by their text: files written together share them, and `Date.parse` costs a microsecond. */
  private readonly timeCache = new Map<string, number | undefined>();
  private lastPrefix = '';
  private lastDecodedPrefix = '';
  private lastEncodedPrefix = '';

  constructor(context: ResponseNodeContext) {
    const url = new URL(context.davUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.davUrl = `${url.origin}${this.basePath}`;
    this.root = context.root.replace(/\/+$/, '') || '/';
  }

  /** The node of one response (a response without properties still names a node). */
  build(response: DavResponse): BuiltNode {
    const { props } = response;
    const core = this.core;
    core.fill(undefined);
    const attributes: NodeAttributes = {};
    for (const name in props) {
      const value = props[name] as DavPropValue;
      const slot = CORE_SLOT.get(name);
      if (slot !== undefined) core[slot] = value;
      else if (!CORE_PROPERTIES.has(name)) attributes[name] = RAW_TEXT_PROPERTIES.has(name) ? value : convert(value);
    }
    return this.assemble(this.filenameOf(response.href), core, attributes);
  }

  /**
   * The columns of rows that carry the properties `names` (local names, as the
   * multistatus reader keys them) in this order, for {@link buildRow}.
   */
  columns(names: readonly string[]): RowColumns {
    return new RowColumns(names);
  }

  /**
   * The node of one row of a tabular listing (the compact listing): `values[i]`
   * is the value of the property `columns` names at `i`, null or undefined for
   * one the server did not give. The same node {@link build} makes of a response
   * with those properties (in that order) at `href`, without making the response:
   * 100,000 rows of a listing made as many property objects only to read them
   * once. Attribute values repeated from the row before are converted once and
   * shared (frozen).
   *
   * @param folderHref The encoded href of the listed folder, with its trailing slash.
   * @param name The decoded name of the child, or '' for the folder itself.
   */
  buildRow(folderHref: string, name: string, values: readonly (DavPropValue | null | undefined)[], columns: RowColumns): BuiltNode {
    const core = this.core;
    core.fill(undefined);
    const attributes: NodeAttributes = {};
    const { slots, attributeNames, raw, lastValues, lastAttributes } = columns;
    for (let i = 0; i < slots.length; i += 1) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      const slot = slots[i] as number;
      if (slot >= 0) {
        core[slot] = value;
        continue;
      }
      const attribute = attributeNames[i];
      if (attribute === undefined) continue;
      if (lastValues[i] !== value) {
        lastValues[i] = value;
        lastAttributes[i] = raw[i] ? value : deepFreeze(convert(value));
      }
      attributes[attribute] = lastAttributes[i] as NodeAttributes[string];
    }
    return this.assemble(name === '' ? this.filenameOf(folderHref) : this.childFilename(folderHref, name), core, attributes);
  }

  /** The core values of the node being built (one list, filled again for each node). */
  private readonly core: (DavPropValue | undefined)[] = new Array<DavPropValue | undefined>(CORE_SLOTS.length).fill(undefined);
  private lastChildParent = '';
  private lastChildPrefix = '';

  /** What {@link filenameOf} gives for the href of the child `name` of the folder at `folderHref`, without encoding and decoding the name. */
  private childFilename(folderHref: string, name: string): string {
    if (folderHref !== this.lastChildParent) {
      this.lastChildParent = folderHref;
      // The decoded folder part of a child's href, up to its last slash (which `x` stands after).
      this.lastChildPrefix = this.filenameOf(`${folderHref}x`).slice(0, -1);
    }
    return this.lastChildPrefix + name;
  }

  /** The node of `filename` with the core values `core` and the other properties' `attributes`. */
  private assemble(filename: string, core: readonly (DavPropValue | undefined)[], attributes: NodeAttributes): BuiltNode {
    const resourcetype = core[RESOURCETYPE];
    const isFolder = typeof resourcetype === 'object' && resourcetype['collection'] !== undefined;
    const etag = cleanEtag(textOf(core[GETETAG])?.trim());
    if (etag !== undefined) attributes.etag = etag;
    attributes.favorite = numberProp(textOf(core[FAVORITE])) === 1 ? 1 : 0;
    attributes['share-types'] = shareTypeNumbers(core[SHARE_TYPES]);
    const shareAttributes = textOf(core[SHARE_ATTRIBUTES]);
    if (shareAttributes !== undefined) attributes['share-attributes'] = this.shareAttributes(shareAttributes) as NodeAttributes['share-attributes'];
    const quota = numberProp(textOf(core[QUOTA]));
    if (quota !== undefined) attributes['quota-available-bytes'] = quota;
    const mountType = textOf(core[MOUNT_TYPE]);
    if (mountType !== undefined) attributes['mount-type'] = mountType.trim() as NodeAttributes['mount-type'];
    if (numberProp(textOf(core[IS_ENCRYPTED])) === 1) attributes['is-encrypted'] = 1;

    const fileid = numberProp(textOf(core[FILEID]));
    let size = numberProp(textOf(core[SIZE])) ?? numberProp(textOf(core[CONTENT_LENGTH]));
    // A file without a length is empty.
    if (size === undefined && !isFolder) size = 0;
    const mtime = this.timeOf(textOf(core[LAST_MODIFIED]));
    const crtime = this.timeOf(textOf(core[CREATION_DATE]));
    const owner = textOf(core[OWNER_ID])?.trim();
    const contentType = this.mediaType(textOf(core[CONTENT_TYPE]));
    const displayname = textOf(core[DISPLAYNAME]);
    const permissions = this.permissions(textOf(core[PERMISSIONS])?.trim(), isFolder ? 'folder' : 'file');

    const path = this.pathOf(filename);
    if (path === undefined) {
      // Outside the root: let createNode say what is wrong, exactly as before.
      return { filename, node: createNode({ type: isFolder ? 'folder' : 'file', source: this.sourceOf(filename), root: this.root, attributes }) };
    }
    const cut = path.lastIndexOf('/');
    const basename = path === '/' ? this.root.slice(this.root.lastIndexOf('/') + 1) : path.slice(cut + 1);
    const dot = basename.lastIndexOf('.');
    const node: Node = {
      source: this.sourceOf(filename),
      path,
      dirname: cut <= 0 ? '/' : this.dirnameOf(path, cut),
      basename,
      // The name itself when the display name is the same: one string kept a node, not two.
      displayname: displayname && displayname !== basename ? displayname : basename,
      extension: isFolder || dot <= 0 ? '' : basename.slice(dot),
      type: isFolder ? 'folder' : 'file',
      permissions,
      root: this.root,
      owner: owner === undefined || owner === '' ? null : owner,
      mime: isFolder ? FOLDER_MIME : contentType && contentType.includes('/') ? contentType : DEFAULT_FILE_MIME,
      attributes,
    };
    if (fileid !== undefined && Number.isInteger(fileid) && fileid >= 0) node.fileid = fileid;
    if (size !== undefined) node.size = size;
    if (mtime !== undefined) node.mtime = mtime;
    if (crtime !== undefined) node.crtime = crtime;
    return { filename, node: freezeNode(node) };
  }

  /** The decoded DAV path of an href (a path or an absolute URL), without trailing slashes. */
  filenameOf(href: string): string {
    let path = href;
    if (!path.startsWith('/')) {
      const url = new URL(path, this.origin);
      path = url.pathname;
    }
    path = withoutTrailingSlashes(path);
    const cut = path.lastIndexOf('/');
    const prefix = path.slice(0, cut);
    if (prefix !== this.lastPrefix) {
      this.lastPrefix = prefix;
      this.lastDecodedPrefix = decodePath(prefix);
      if (this.lastDecodedPrefix.startsWith(this.basePath)) this.lastDecodedPrefix = this.lastDecodedPrefix.slice(this.basePath.length);
      this.lastEncodedPrefix = encodeDavPath(this.lastDecodedPrefix);
    }
    const last = path.slice(cut + 1);
    return `${this.lastDecodedPrefix}/${last.includes('%') ? decodeSegment(last) : last}`;
  }

  /** The node's source: the DAV URL and the path, each segment encoded (as `encodeDavPath`). */
  private sourceOf(filename: string): string {
    const cut = filename.lastIndexOf('/');
    const prefix = filename.slice(0, cut);
    const encodedPrefix = prefix === this.lastDecodedPrefix ? this.lastEncodedPrefix : encodeDavPath(prefix);
    return withoutTrailingSlashes(`${this.davUrl}${encodedPrefix}/${encodeURIComponent(filename.slice(cut + 1))}`);
  }

  /**
   * `path` up to `cut` (its last slash): the string of the node before when that was in the same
   * folder, so a listing's children share one instead of keeping a copy each.
   */
  private dirnameOf(path: string, cut: number): string {
    const last = this.lastDirname;
    if (last.length === cut && path.startsWith(last)) return last;
    this.lastDirname = path.slice(0, cut);
    return this.lastDirname;
  }
  private lastDirname = '';

  /** The media type of a `getcontenttype` text, without parameters (the one of the row before, when the text is the same). */
  private mediaType(text: string | undefined): string | undefined {
    if (text === undefined) return undefined;
    if (text !== this.lastContentType) {
      this.lastContentType = text;
      this.lastMediaType = text.split(';')[0]?.trim();
    }
    return this.lastMediaType;
  }
  private lastContentType: string | undefined;
  private lastMediaType: string | undefined;

  /** The path below the root, or undefined when the filename is not under it. */
  private pathOf(filename: string): string | undefined {
    if (filename === this.root || filename === '') return '/';
    if (this.root === '/') return filename;
    return filename.startsWith(`${this.root}/`) ? filename.slice(this.root.length) : undefined;
  }

  private permissions(text: string | undefined, type: NodeType): Permissions {
    if (text === undefined) return parsePermissions(undefined);
    const cache = this.permissionCache[type];
    let permissions = cache.get(text);
    if (permissions === undefined) {
      permissions = parsePermissions(text, type);
      cache.set(text, permissions);
    }
    return permissions;
  }

  /** {@link timeOf} of a date text, remembered for the next rows (up to a few thousand texts). */
  private timeOf(text: string | undefined): number | undefined {
    if (text === undefined) return undefined;
    if (this.timeCache.has(text)) return this.timeCache.get(text);
    if (this.timeCache.size >= TIME_CACHE_SIZE) this.timeCache.clear();
    const time = timeOf(text);
    this.timeCache.set(text, time);
    return time;
  }

  /** Parsed once per distinct JSON text, frozen and shared ('[]' on nearly every node). */
  private shareAttributes(json: string): unknown {
    let parsed = this.shareAttributeCache.get(json);
    if (parsed === undefined) {
      const list = parseShareAttributes(json);
      parsed = list.length === 0 ? NO_SHARE_ATTRIBUTES : deepFreeze(list);
      this.shareAttributeCache.set(json, parsed);
    }
    return parsed;
  }
}

/** Distinct date texts a builder remembers before it starts over. */
const TIME_CACHE_SIZE = 4096;

/** `text` without the slashes at its end (a loop: two regular expressions a row showed in profiles of a 100,000-entry listing). */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new Error(`Invalid response: malformed percent-encoding in "${segment}"`);
  }
}

function decodePath(path: string): string {
  return path.includes('%') ? path.split('/').map(decodeSegment).join('/') : path;
}
