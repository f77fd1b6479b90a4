import { DAV_NAMESPACES, DAV_PROPERTIES, encodeDavPath, followUntilRead, readDavNodes } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { DavResponseError } from './propfindListing';

/** Most file ids in one SEARCH: the server takes up to 256 conditions in a `d:where`. */
export const MAX_IDS_PER_SEARCH = 200;

/** What {@link searchNodesById} needs. */
export interface SearchByIdRequest {
  /** Absolute URL of the DAV endpoint, e.g. `https://cloud/remote.php/dav`. */
  davUrl: string;
  /** The node root, e.g. `/files/alice`. */
  root: string;
  /** The user path of the folder whose children are asked for, e.g. `/Photos`. */
  folder: string;
  /** At most {@link MAX_IDS_PER_SEARCH}. */
  fileids: readonly number[];
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The SEARCH body: the app's properties of the folder's children with one of `fileids`. */
export function searchByIdBody(scope: string, fileids: readonly number[]): string {
  const declarations = Object.entries(DAV_NAMESPACES)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  const props = DAV_PROPERTIES.map((name) => `<${name}/>`).join('');
  const ids = fileids.map((id) => `<d:eq><d:prop><oc:fileid/></d:prop><d:literal>${Math.trunc(id)}</d:literal></d:eq>`).join('');
  const where = fileids.length === 1 ? ids : `<d:or>${ids}</d:or>`;
  const href = scope.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<?xml version="1.0"?><d:searchrequest${declarations}><d:basicsearch>` +
    `<d:select><d:prop>${props}</d:prop></d:select>` +
    `<d:from><d:scope><d:href>${href}</d:href><d:depth>1</d:depth></d:scope></d:from>` +
    `<d:where>${where}</d:where></d:basicsearch></d:searchrequest>`
  );
}

/**
 * The children of a folder with the given file ids, in one WebDAV SEARCH (Nextcloud's
 * `d:basicsearch` on `oc:fileid`), as SDK nodes built like a listing's: how live updates
 * read a burst of changed nodes in one request rather than a PROPFIND each. A file id not
 * in the answer is no longer a child of the folder.
 *
 * @throws DavResponseError for an HTTP error status.
 */
export async function searchNodesById(request: SearchByIdRequest): Promise<Node[]> {
  if (request.fileids.length === 0) return [];
  const davUrl = request.davUrl.replace(/\/+$/, '');
  const scope = `${request.root.replace(/\/+$/, '')}${request.folder === '/' ? '' : request.folder}`;
  // The caller's signal reaches the request only until its answer is read (see followUntilRead).
  const { signal, release } = followUntilRead(request.signal);
  let response: Response;
  let text: string;
  try {
    response = await fetch(davUrl, {
      method: 'SEARCH',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', ...request.headers },
      body: searchByIdBody(encodeDavPath(scope), request.fileids),
      signal,
      credentials: 'same-origin',
    });
    // Read whole, error or not: an answer left unread is cancelled by the browser (net::ERR_ABORTED).
    text = await response.text();
  } finally {
    release();
  }
  if (response.status < 200 || response.status >= 300) throw new DavResponseError(response.status, response.statusText);
  return readDavNodes(text, davUrl, request.root);
}
