/**
 * A client of Nextcloud's trashbin over WebDAV, as scripts written for Nextcloud use it
 * (PROPFIND of `trash/`, MOVE to `restore/`, DELETE), for the trash tests.
 */

/** What PROPFIND asks for, as Nextcloud's web client does (the trashbin-* props and the usual ones). */
export const TRASH_PROPFIND =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop>' +
  '<nc:trashbin-filename/><nc:trashbin-original-location/><nc:trashbin-deletion-time/><nc:trashbin-deleted-by-id/><nc:trashbin-deleted-by-display-name/><nc:trashbin-title/>' +
  '<d:displayname/><d:getcontentlength/><d:getcontenttype/><d:resourcetype/><d:getlastmodified/><d:getetag/><oc:fileid/><oc:size/><oc:permissions/>' +
  '</d:prop></d:propfind>';

/** One entry of a trashbin listing. */
export interface TrashListing {
  href: string;
  filename: string;
  location: string;
  deletionTime: number;
  deletedBy: string;
  /** `nc:trashbin-deleted-by-display-name`. */
  deletedByName: string;
  displayName: string;
  fileid: number;
  size: number;
  folder: boolean;
  permissions: string;
}

const unescape = (text: string): string => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

function prop(block: string, name: string): string {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(block);
  return match ? unescape(match[1] ?? '') : '';
}

/** Parses a trashbin multistatus (every `d:response`, the collection itself included). */
export function parseTrashListing(xml: string): TrashListing[] {
  return [...xml.matchAll(/<d:response>([\s\S]*?)<\/d:response>/g)].map(([, block = '']) => ({
    href: prop(block, 'd:href'),
    filename: prop(block, 'nc:trashbin-filename'),
    location: prop(block, 'nc:trashbin-original-location'),
    deletionTime: Number(prop(block, 'nc:trashbin-deletion-time') || 0),
    deletedBy: prop(block, 'nc:trashbin-deleted-by-id'),
    deletedByName: prop(block, 'nc:trashbin-deleted-by-display-name'),
    displayName: prop(block, 'd:displayname'),
    fileid: Number(prop(block, 'oc:fileid') || 0),
    size: Number(prop(block, 'oc:size') || 0),
    folder: /<d:collection\/>/.test(block),
    permissions: prop(block, 'oc:permissions'),
  }));
}

/** A fetch of the server with the user's Authorization. */
export type Fetcher = (method: string, path: string, headers?: Record<string, string>, body?: string) => Promise<Response>;

/** A fetcher for `baseUrl` as the user of `authorization`. */
export function fetcher(baseUrl: string, authorization: string): Fetcher {
  return (method, path, headers = {}, body) => fetch(baseUrl + path, { method, headers: { authorization, ...headers }, ...(body !== undefined ? { body } : {}) });
}

/** The base of a user's trashbin tree. */
export function trashbinBase(uid: string): string {
  return `/remote.php/dav/trashbin/${encodeURIComponent(uid)}`;
}

/** The items below `trash/` (or below a trashed folder, `inside` its encoded path after `trash/`). */
export async function listTrash(fetch: Fetcher, uid: string, inside = ''): Promise<TrashListing[]> {
  const response = await fetch('PROPFIND', `${trashbinBase(uid)}/trash/${inside}`, { depth: '1', 'content-type': 'application/xml' }, TRASH_PROPFIND);
  if (response.status !== 207) throw new Error(`PROPFIND of the trash answered ${response.status}: ${await response.text()}`);
  return parseTrashListing(await response.text()).slice(1);
}

/** The item's name in `trash/` (the last segment of its href, decoded). */
export function itemOf(entry: TrashListing): string {
  return decodeURIComponent(entry.href.replace(/\/$/, '').split('/').pop() ?? '');
}

/** Restores an item (or a path inside a trashed folder) with Nextcloud's MOVE to `restore/`. */
export async function restoreItem(fetch: Fetcher, baseUrl: string, uid: string, item: string, headers: Record<string, string> = {}): Promise<Response> {
  const encoded = item.split('/').map(encodeURIComponent).join('/');
  const last = encodeURIComponent(item.split('/').pop() ?? item);
  return fetch('MOVE', `${trashbinBase(uid)}/trash/${encoded}`, { destination: `${baseUrl}${trashbinBase(uid)}/restore/${last}`, ...headers });
}
