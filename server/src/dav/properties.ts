import type { AuthenticatedUser } from '../auth/types';
import type { LockRecord } from '../storage/locks';
import type { FileEntry } from '../storage/types';
import { isWithin } from '../storage/paths';
import type { XmlElement } from './xml/element';
import { NS } from './xml/element';
import { escapeXml } from './xml/serialize';
import { hrefFor, ocId } from './context';
import { quotedEtag } from './conditions';

/** What live properties need beyond the node itself. */
export interface PropertyContext {
  user: AuthenticatedUser;
  instanceId: string;
  /** Bytes used by the user (for quota properties). */
  used: number;
  /** The user's live locks (for `d:lockdiscovery`). */
  locks: LockRecord[];
  /** Encoded base href of the tree. */
  base: string;
}

/** A live (computed, protected) property. */
interface LiveProperty {
  prefix: 'd' | 'oc' | 'nc' | 'ocs';
  local: string;
  /** Inner XML of the value, or undefined when the node has no such property (404). */
  get(entry: FileEntry, pc: PropertyContext): string | undefined;
  /** Returned by allprop. */
  allprop?: boolean;
}

const prefixNs = { d: NS.dav, oc: NS.oc, nc: NS.nc, ocs: NS.ocs } as const;

/** Nextcloud's value of quota-available-bytes for unlimited storage. */
export const SPACE_UNLIMITED = -3;

const previewable = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/heic', 'image/avif']);

/** ISO 8601 in UTC, as `d:creationdate` is written. */
function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function lockDiscovery(entry: FileEntry, pc: PropertyContext): string {
  let out = '';
  for (const lock of pc.locks) {
    if (lock.path === entry.path || (lock.depth !== 0 && isWithin(entry.path, lock.path))) out += activeLockXml(lock, pc.base, lock.path);
  }
  return out;
}

/** One `d:activelock` element. */
export function activeLockXml(lock: LockRecord, base: string, rootPath: string): string {
  const remaining = Math.max(0, lock.expiresAt - Math.floor(Date.now() / 1000));
  return (
    '<d:activelock>' +
    `<d:lockscope><d:${lock.scope}/></d:lockscope>` +
    '<d:locktype><d:write/></d:locktype>' +
    `<d:depth>${lock.depth === 0 ? '0' : 'infinity'}</d:depth>` +
    (lock.owner ? lock.owner : '') +
    `<d:timeout>Second-${remaining}</d:timeout>` +
    `<d:locktoken><d:href>${escapeXml(lock.token)}</d:href></d:locktoken>` +
    `<d:lockroot><d:href>${escapeXml(hrefFor(base, rootPath, false))}</d:href></d:lockroot>` +
    '</d:activelock>'
  );
}

const SUPPORTED_LOCK =
  '<d:lockentry><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockentry>' +
  '<d:lockentry><d:lockscope><d:shared/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockentry>';

const liveList: LiveProperty[] = [
  { prefix: 'd', local: 'getcontentlength', allprop: true, get: (e) => (e.type === 'file' ? String(e.size) : undefined) },
  { prefix: 'd', local: 'getcontenttype', allprop: true, get: (e) => (e.type === 'file' ? escapeXml(e.mime) : undefined) },
  { prefix: 'd', local: 'getetag', allprop: true, get: (e) => `&quot;${e.etag}&quot;` },
  { prefix: 'd', local: 'getlastmodified', allprop: true, get: (e) => new Date(e.mtime * 1000).toUTCString() },
  { prefix: 'd', local: 'creationdate', get: (e) => isoDate(e.creationTime || e.mtime) },
  { prefix: 'd', local: 'displayname', get: (e) => escapeXml(e.path === '/' ? '' : e.name) },
  { prefix: 'd', local: 'resourcetype', allprop: true, get: (e) => (e.type === 'folder' ? '<d:collection/>' : '') },
  {
    prefix: 'd',
    local: 'quota-available-bytes',
    allprop: true,
    get: (e, pc) => (e.type === 'folder' ? String(pc.user.quota < 0 ? SPACE_UNLIMITED : Math.max(0, pc.user.quota - pc.used)) : undefined),
  },
  { prefix: 'd', local: 'quota-used-bytes', allprop: true, get: (e) => (e.type === 'folder' ? String(e.size) : undefined) },
  { prefix: 'd', local: 'supportedlock', allprop: true, get: () => SUPPORTED_LOCK },
  { prefix: 'd', local: 'lockdiscovery', allprop: true, get: lockDiscovery },
  { prefix: 'nc', local: 'has-preview', get: (e) => (e.type === 'file' && previewable.has(e.mime) ? 'true' : 'false') },
  { prefix: 'nc', local: 'is-encrypted', get: () => '0' },
  { prefix: 'nc', local: 'mount-type', get: () => '' },
  { prefix: 'oc', local: 'comments-unread', get: () => '0' },
  { prefix: 'oc', local: 'favorite', get: (e) => (e.favorite ? '1' : '0') },
  { prefix: 'oc', local: 'fileid', get: (e) => String(e.fileid) },
  { prefix: 'oc', local: 'id', get: (e, pc) => ocId(e.fileid, pc.instanceId) },
  { prefix: 'oc', local: 'owner-display-name', get: (_e, pc) => escapeXml(pc.user.displayName) },
  { prefix: 'oc', local: 'owner-id', get: (_e, pc) => escapeXml(pc.user.uid) },
  { prefix: 'oc', local: 'permissions', get: (e) => e.permissions },
  { prefix: 'oc', local: 'size', get: (e) => String(e.size) },
  { prefix: 'nc', local: 'upload_time', get: (e) => String(e.uploadTime) },
  { prefix: 'nc', local: 'creation_time', get: (e) => String(e.creationTime) },
  { prefix: 'nc', local: 'hidden', get: () => 'false' },
  { prefix: 'oc', local: 'share-types', get: () => '' },
  { prefix: 'nc', local: 'share-attributes', get: () => '[]' },
  { prefix: 'ocs', local: 'share-permissions', get: (e) => (e.type === 'folder' ? '31' : '19') },
  { prefix: 'nc', local: 'sharees', get: () => '' },
  { prefix: 'oc', local: 'data-fingerprint', get: (e) => (e.path === '/' ? '' : undefined) },
];

/** The live properties by Clark name. */
export const LIVE_PROPERTIES = new Map<string, LiveProperty>(liveList.map((p) => [`{${prefixNs[p.prefix]}}${p.local}`, p]));

/** Live properties a client may change with PROPPATCH (everything else live is protected). */
export const WRITABLE_LIVE = new Set([`{${NS.oc}}favorite`, `{${NS.dav}}getlastmodified`]);

/** A requested property name. */
export interface PropName {
  ns: string;
  local: string;
}

/** What a PROPFIND (or REPORT/SEARCH) asks for. */
export type PropRequest = { kind: 'prop'; names: PropName[] } | { kind: 'allprop'; include: PropName[] } | { kind: 'propname' };

/** Parses the body of a PROPFIND (empty means allprop). */
export function propRequestFrom(propfind: XmlElement | null): PropRequest {
  if (!propfind) return { kind: 'allprop', include: [] };
  const kids = propfind.children.filter((c): c is XmlElement => typeof c !== 'string');
  const prop = kids.find((k) => k.ns === NS.dav && k.local === 'prop');
  if (prop) return { kind: 'prop', names: namesIn(prop) };
  if (kids.some((k) => k.ns === NS.dav && k.local === 'propname')) return { kind: 'propname' };
  if (kids.some((k) => k.ns === NS.dav && k.local === 'allprop')) {
    const include = kids.find((k) => k.ns === NS.dav && k.local === 'include');
    return { kind: 'allprop', include: include ? namesIn(include) : [] };
  }
  return { kind: 'allprop', include: [] };
}

/** The property names inside a `d:prop`. */
export function namesIn(prop: XmlElement): PropName[] {
  return prop.children.filter((c): c is XmlElement => typeof c !== 'string').map((c) => ({ ns: c.ns, local: c.local }));
}

const knownPrefix: Record<string, string> = { [NS.dav]: 'd', [NS.oc]: 'oc', [NS.nc]: 'nc', [NS.ocs]: 'ocs', [NS.sabre]: 's' };

/** An empty element for a property name (404 lists and propname), declaring unknown namespaces inline. */
export function emptyProp(name: PropName): string {
  const prefix = knownPrefix[name.ns];
  if (prefix) return `<${prefix}:${name.local}/>`;
  if (name.ns === '') return `<${name.local} xmlns=""/>`;
  return `<x:${name.local} xmlns:x="${escapeXml(name.ns)}"/>`;
}

/** A property element with inner XML. */
function propElement(name: PropName, inner: string): string {
  const prefix = knownPrefix[name.ns] ?? 'd';
  return inner === '' ? `<${prefix}:${name.local}/>` : `<${prefix}:${name.local}>${inner}</${prefix}:${name.local}>`;
}

const OK = '<d:status>HTTP/1.1 200 OK</d:status>';
const NOT_FOUND = '<d:status>HTTP/1.1 404 Not Found</d:status>';

/**
 * Renders responses for many nodes of one request. The per-name work
 * (lookup, element names) is done once, so a 10,000-entry listing is a
 * tight loop of string concatenation.
 */
export class ResponseRenderer {
  private readonly plan: { name: PropName; clark: string; live: LiveProperty | undefined; empty: string }[];

  /**
   * @param request what the client asked for
   * @param pc context of live properties
   */
  constructor(
    private readonly request: PropRequest,
    private readonly pc: PropertyContext,
  ) {
    const names: PropName[] =
      request.kind === 'prop'
        ? request.names
        : request.kind === 'allprop'
          ? [...liveList.filter((p) => p.allprop).map((p) => ({ ns: prefixNs[p.prefix], local: p.local })), ...request.include]
          : [];
    this.plan = names.map((name) => {
      const clark = `{${name.ns}}${name.local}`;
      return { name, clark, live: LIVE_PROPERTIES.get(clark), empty: emptyProp(name) };
    });
  }

  /** True when dead properties must be loaded to answer. */
  get needsDeadProperties(): boolean {
    return this.request.kind !== 'prop' || this.plan.some((p) => !p.live);
  }

  /** One `d:response` for a node. */
  render(href: string, entry: FileEntry, dead: Map<string, string> | undefined): string {
    let found = '';
    let missing = '';
    if (this.request.kind === 'propname') {
      for (const p of liveList) found += emptyProp({ ns: prefixNs[p.prefix], local: p.local });
      for (const clark of dead?.keys() ?? []) found += emptyProp(parseClark(clark));
    } else {
      for (const step of this.plan) {
        if (step.live) {
          const value = step.live.get(entry, this.pc);
          if (value === undefined) {
            // allprop lists what a node has; only named requests report what it lacks.
            if (this.request.kind === 'prop') missing += step.empty;
          } else found += propElement(step.name, value);
        } else {
          const value = dead?.get(step.clark);
          if (value === undefined) missing += step.empty;
          else found += value;
        }
      }
      if (this.request.kind === 'allprop' && dead) {
        for (const [clark, value] of dead) if (!this.plan.some((p) => p.clark === clark)) found += value;
      }
    }
    let out = `<d:response><d:href>${href}</d:href>`;
    if (found !== '' || missing === '') out += `<d:propstat><d:prop>${found}</d:prop>${OK}</d:propstat>`;
    if (missing !== '') out += `<d:propstat><d:prop>${missing}</d:prop>${NOT_FOUND}</d:propstat>`;
    return `${out}</d:response>`;
  }
}

/** Splits a Clark name. */
export function parseClark(clark: string): PropName {
  const end = clark.indexOf('}');
  return { ns: clark.slice(1, end), local: clark.slice(end + 1) };
}

/** Opening tag of a multistatus with the Nextcloud namespace prefixes. */
export const MULTISTATUS_OPEN =
  '<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns">';
/** Closing tag of a multistatus. */
export const MULTISTATUS_CLOSE = '</d:multistatus>\n';

/** Re-exported for the methods. */
export { quotedEtag };
