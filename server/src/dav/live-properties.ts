import type { AuthenticatedUser } from '../auth/types';
import type { LockRecord } from '../storage/dav-state/locks';
import type { FileEntry } from '../storage/model/types';
import { isWithin } from '../storage/model/paths';
import { PREVIEWABLE_MIMES } from '../storage/model/mime';
import { toolFor } from '../api/preview-tools';
import { NS } from './xml/element';
import { escapeXml } from './xml/serialize';
import { hrefFor, ocId } from './context';
import type { PropName, PropRequest } from './prop-request';

// The live (computed, protected) properties of WebDAV nodes: their definitions, the dates and
// locks they are written with, and the plugins' contributions (rendered by response-renderer.ts).

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
  /** Live properties contributed by the enabled plugins, by Clark name (a server name only where the server allows it to be replaced). */
  pluginLive?: ReadonlyMap<string, LiveProperty>;
}

/** A live (computed, protected) property. */
export interface LiveProperty {
  prefix: 'd' | 'oc' | 'nc' | 'ocs';
  local: string;
  /** Inner XML of the value, or undefined when the node has no such property (404). */
  get(entry: FileEntry, pc: PropertyContext): string | undefined;
  /** Returned by allprop. */
  allprop?: boolean;
  /** The value depends only on the node type and the request context (rendered once per type). */
  constant?: boolean;
  /** Brings what {@link get} reads up to date; awaited once per request that names the property. */
  prepare?(): Promise<void>;
}

/** The properties a request names (allprop: only those it includes). */
function namedIn(request: PropRequest): PropName[] {
  return request.kind === 'prop' ? request.names : request.kind === 'allprop' ? request.include : [];
}

/** Awaits {@link LiveProperty.prepare} of the plugins' properties the request names. */
export async function preparePluginProperties(request: PropRequest, pluginLive: ReadonlyMap<string, LiveProperty>): Promise<void> {
  const prepared = new Set<LiveProperty>();
  for (const name of namedIn(request)) {
    const live = pluginLive.get(`{${name.ns}}${name.local}`);
    if (live?.prepare && !prepared.has(live)) prepared.add(live);
  }
  await Promise.all([...prepared].map((live) => live.prepare?.()));
}

/** The namespace of each prefix the server's properties use. */
export const prefixNs = { d: NS.dav, oc: NS.oc, nc: NS.nc, ocs: NS.ocs } as const;

/** Nextcloud's value of quota-available-bytes for unlimited storage. */
export const SPACE_UNLIMITED = -3;
/** Nextcloud's value of quota-available-bytes when the free space is not known (`SPACE_UNKNOWN`). */
export const SPACE_UNKNOWN = -2;


const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 0000-01-01 and 10000-01-01 in Unix seconds: the years written with four digits, as Date writes them. */
const FOUR_DIGIT_YEARS = [-62_167_219_200, 253_402_300_800] as const;
const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The UTC calendar fields of a whole number of Unix seconds (the days-from-civil
 * inverse of Howard Hinnant's date algorithms): a listing writes two dates per row, and
 * `Date`'s formatting costs a few microseconds each, a noticeable part of 100,000 rows.
 */
function utcFields(seconds: number): { year: number; month: number; day: number; weekday: number; time: string } {
  const days = Math.floor(seconds / 86_400);
  const rest = seconds - days * 86_400;
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const time = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return { year, month, day, weekday: (((days + 4) % 7) + 7) % 7, time };
}

/** Whether {@link utcFields} writes `seconds` exactly as `Date` would (whole seconds, years 0000-9999). */
function plainSeconds(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds >= FOUR_DIGIT_YEARS[0] && seconds < FOUR_DIGIT_YEARS[1];
}

let lastIsoSeconds = NaN;
let lastIso = '';
/** ISO 8601 in UTC, as `d:creationdate` is written (the last value reused). */
export function isoDate(seconds: number): string {
  if (seconds !== lastIsoSeconds) {
    if (plainSeconds(seconds)) {
      const { year, month, day, time } = utcFields(seconds);
      lastIso = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${time}+00:00`;
    } else {
      lastIso = `${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00`;
    }
    lastIsoSeconds = seconds;
  }
  return lastIso;
}

let lastHttpDateSeconds = NaN;
let lastHttpDate = '';
/** RFC 1123 date (`d:getlastmodified`); the last value is reused, listings often repeat it. */
export function httpDate(seconds: number): string {
  if (seconds !== lastHttpDateSeconds) {
    if (plainSeconds(seconds)) {
      const { year, month, day, weekday, time } = utcFields(seconds);
      lastHttpDate = `${DAYS[weekday] as string}, ${two(day)} ${MONTHS[month - 1] as string} ${String(year).padStart(4, '0')} ${time} GMT`;
    } else {
      lastHttpDate = new Date(seconds * 1000).toUTCString();
    }
    lastHttpDateSeconds = seconds;
  }
  return lastHttpDate;
}

function lockDiscovery(entry: FileEntry, pc: PropertyContext): string {
  // A public link's visitor has no locks (LOCK is 405 there); the request's tree user is then
  // the owner, whose locks (their tokens and owners, at the owner's paths) are not the visitor's.
  if (entry.mount?.public) return '';
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

/** The server's live properties computed from a node alone (the renderer has the rest inline). */
export const liveList: LiveProperty[] = [
  { prefix: 'd', local: 'getcontentlength', allprop: true, get: (e) => (e.type === 'file' ? String(e.size) : undefined) },
  { prefix: 'd', local: 'getcontenttype', allprop: true, get: (e) => (e.type === 'file' ? escapeXml(e.mime) : undefined) },
  { prefix: 'd', local: 'getetag', allprop: true, get: (e) => `&quot;${e.etag}&quot;` },
  { prefix: 'd', local: 'getlastmodified', allprop: true, get: (e) => httpDate(e.mtime) },
  { prefix: 'd', local: 'creationdate', get: (e) => isoDate(e.creationTime || e.mtime) },
  { prefix: 'd', local: 'displayname', get: (e) => escapeXml(e.path === '/' ? '' : e.name) },
  { prefix: 'd', local: 'resourcetype', constant: true, allprop: true, get: (e) => (e.type === 'folder' ? '<d:collection/>' : '') },
  {
    prefix: 'd',
    local: 'quota-available-bytes', constant: true,
    allprop: true,
    // The request's user's free space; a node seen through a share or a public link is the
    // owner's, whose space is none of the viewer's business: unknown (writes are still held to
    // the owner's quota).
    get: (e, pc) => (e.type !== 'folder' ? undefined : e.mount ? String(SPACE_UNKNOWN) : String(pc.user.quota < 0 ? SPACE_UNLIMITED : Math.max(0, pc.user.quota - pc.used))),
  },
  { prefix: 'd', local: 'quota-used-bytes', allprop: true, get: (e) => (e.type === 'folder' ? String(e.size) : undefined) },
  { prefix: 'd', local: 'supportedlock', constant: true, allprop: true, get: () => SUPPORTED_LOCK },
  { prefix: 'd', local: 'lockdiscovery', allprop: true, get: lockDiscovery },
  { prefix: 'nc', local: 'has-preview', get: (e) => (e.type === 'file' && (PREVIEWABLE_MIMES.has(e.mime) || toolFor(e.mime) !== null) ? 'true' : 'false') },
  { prefix: 'nc', local: 'is-encrypted', constant: true, get: () => '0' },
  { prefix: 'nc', local: 'mount-type', constant: true, get: (e) => escapeXml(e.mount?.type ?? '') },
  { prefix: 'nc', local: 'is-mount-root', constant: true, get: (e) => (e.mount?.root ? 'true' : 'false') },
  { prefix: 'oc', local: 'comments-unread', constant: true, get: () => '0' },
  { prefix: 'oc', local: 'favorite', get: (e) => (e.favorite ? '1' : '0') },
  { prefix: 'oc', local: 'fileid', get: (e) => String(e.fileid) },
  { prefix: 'oc', local: 'id', get: (e, pc) => ocId(e.fileid, pc.instanceId) },
  { prefix: 'oc', local: 'owner-display-name', constant: true, get: (e, pc) => escapeXml(e.mount?.ownerDisplayName ?? pc.user.displayName) },
  { prefix: 'oc', local: 'owner-id', constant: true, get: (e, pc) => escapeXml(e.mount?.owner ?? pc.user.uid) },
  { prefix: 'oc', local: 'permissions', get: (e) => e.permissions },
  { prefix: 'oc', local: 'size', get: (e) => String(e.size) },
  // As Nextcloud's ChecksumList: the stored `TYPE:hex TYPE:hex` text in one oc:checksum; 404 when none.
  { prefix: 'oc', local: 'checksums', get: (e) => (e.checksum ? `<oc:checksum>${escapeXml(e.checksum)}</oc:checksum>` : undefined) },
  { prefix: 'nc', local: 'upload_time', get: (e) => String(e.uploadTime) },
  { prefix: 'nc', local: 'creation_time', get: (e) => String(e.creationTime) },
  { prefix: 'nc', local: 'hidden', constant: true, get: () => 'false' },
  { prefix: 'oc', local: 'share-types', constant: true, get: () => '' },
  { prefix: 'nc', local: 'share-attributes', constant: true, get: (e) => escapeXml(e.mount?.attributes ?? '[]') },
  { prefix: 'ocs', local: 'share-permissions', constant: true, get: (e) => (e.mount ? String(e.type === 'folder' ? e.mount.permissions : e.mount.permissions & 19) : e.type === 'folder' ? '31' : '19') },
  { prefix: 'nc', local: 'sharees', constant: true, get: () => '' },
  { prefix: 'oc', local: 'data-fingerprint', get: (e) => (e.path === '/' ? '' : undefined) },
];

/** The live properties by Clark name. */
export const LIVE_PROPERTIES = new Map<string, LiveProperty>(liveList.map((p) => [`{${prefixNs[p.prefix]}}${p.local}`, p]));

/** Live properties a client may change with PROPPATCH (everything else live is protected). */
export const WRITABLE_LIVE = new Set([`{${NS.oc}}favorite`, `{${NS.dav}}getlastmodified`]);
