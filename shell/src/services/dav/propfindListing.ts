import { isFolder, propfindBody } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';
import { cleanEtag } from './davProps';
import { COMPACT_LISTING_TYPE, CompactListingReader } from './compactListing';
import type { DavResponse } from './multistatus';
import { MultistatusReader } from './multistatus';
import { deepFreeze, ResponseNodeBuilder } from './responseNode';

/** What {@link fetchListing} needs. */
export interface ListingRequest {
  /** Absolute URL of the DAV endpoint, e.g. `https://cloud/remote.php/dav`. */
  davUrl: string;
  /** The node root, e.g. `/files/alice`. */
  root: string;
  /** The decoded path of the folder below the DAV endpoint, e.g. `/files/alice/Docs`. */
  path: string;
  /** Headers of every request (request token, Basic auth in tests). */
  headers: Record<string, string>;
  /** Aborts the request and the reading of its body. */
  signal?: AbortSignal;
}

/** The folder and its children, as `DavService.list` gives them. */
export interface Listing {
  folder: FolderNode;
  contents: Node[];
}

/** An HTTP failure, with `status` as the webdav client's errors carry it (read by `errorStatus`). */
export class DavResponseError extends Error {
  /** The HTTP status. */
  readonly status: number;
  constructor(status: number, statusText: string) {
    super(`Invalid response: ${status} ${statusText}`);
    this.name = 'DavResponseError';
    this.status = status;
  }
}

/** Rows after which the first part of a listing is handed on (`onFirstRows`): a few screens' worth. */
export const FIRST_ROWS = 200;

/**
 * PROPFIND Depth 1 of a folder, read as it streams in: the server's compact
 * listing when it offers it (asked for with `Accept`), else the multistatus,
 * parsed piece by piece while the rest is still on the wire (compressed by
 * the server), each row or response becoming a frozen SDK node at once.
 * Nothing holds the whole body: a 100,000-entry listing (over 100 MB of XML)
 * never becomes one string.
 *
 * `onFirstRows` receives the folder and its first {@link FIRST_ROWS}
 * children as soon as they are read (not called for a smaller folder), so
 * the list can show them while the rest arrives.
 *
 * @throws DavResponseError for an HTTP error status, Error('Invalid root
 * folder returned') when the folder itself is not in the answer or is a file.
 */
export async function fetchListing(request: ListingRequest, onFirstRows?: (listing: Listing) => void): Promise<Listing> {
  const requested = request.path.replace(/\/+$/, '') || '/';
  const response = await propfind(request, requested, '1', propfindBody(), `${COMPACT_LISTING_TYPE}, application/xml;q=0.9`);

  const builder = new ResponseNodeBuilder({ davUrl: request.davUrl, root: request.root });
  let folder: FolderNode | undefined;
  let contents: Node[] = [];
  let firstRowsSent = onFirstRows === undefined;
  const onResponse = (entry: DavResponse): void => {
    const { node, filename } = builder.build(entry);
    if (folder === undefined && filename === requested) {
      if (!isFolder(node)) throw new Error('Invalid root folder returned');
      folder = node;
      return;
    }
    contents.push(node);
    if (!firstRowsSent && folder !== undefined && contents.length >= FIRST_ROWS) {
      firstRowsSent = true;
      onFirstRows?.({ folder: deepFreeze({ ...folder, _children: contents.map((child) => child.source) }), contents: contents.slice() });
    }
  };
  const compact = (response.headers.get('content-type') ?? '').toLowerCase().startsWith(COMPACT_LISTING_TYPE);
  const reader = compact
    ? new CompactListingReader(`${new URL(urlOf(request, requested)).pathname.replace(/\/+$/, '')}/`, {
        onResponse,
        onReset: () => {
          folder = undefined;
          contents = [];
        },
      })
    : new MultistatusReader(onResponse);
  await readText(response, (text) => reader.write(text));
  reader.end();
  if (folder === undefined) throw new Error('Invalid root folder returned');
  const listed: FolderNode = { ...folder, _children: contents.map((node) => node.source) };
  return { folder: deepFreeze(listed), contents };
}

/** The body of a PROPFIND that asks for the ETag alone. */
const ETAG_BODY = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';

/**
 * The folder's ETag, asked with a PROPFIND Depth 0 of that one property (a
 * few hundred bytes however big the folder), or undefined when the server
 * gives none. The server changes a folder's ETag whenever anything below it
 * changes, so an unchanged ETag means a listing held from before is current.
 *
 * @throws DavResponseError for an HTTP error status.
 */
export async function fetchFolderEtag(request: ListingRequest): Promise<string | undefined> {
  const requested = request.path.replace(/\/+$/, '') || '/';
  const response = await propfind(request, requested, '0', ETAG_BODY);
  let etag: string | undefined;
  const reader = new MultistatusReader((entry) => {
    const value = entry.props['getetag'];
    if (etag === undefined && typeof value === 'string') etag = cleanEtag(value.trim());
  });
  await readText(response, (text) => reader.write(text));
  reader.end();
  return etag;
}

/** The URL of `requested` (decoded, below the DAV endpoint), each segment encoded. */
function urlOf(request: ListingRequest, requested: string): string {
  return `${request.davUrl.replace(/\/+$/, '')}${requested.split('/').map(encodeURIComponent).join('/')}`;
}

/** One PROPFIND of `requested` (decoded, below the DAV endpoint); an HTTP error status throws. */
async function propfind(request: ListingRequest, requested: string, depth: '0' | '1', body: string, accept = 'text/plain,application/xml'): Promise<Response> {
  const response = await fetch(urlOf(request, requested), {
    method: 'PROPFIND',
    headers: { Accept: accept, Depth: depth, 'Content-Type': 'application/xml; charset=utf-8', ...request.headers },
    body,
    signal: request.signal,
    credentials: 'same-origin',
  });
  if (response.status < 200 || response.status >= 300) throw new DavResponseError(response.status, response.statusText);
  return response;
}

/** Passes the body's text to `onText` piece by piece as it arrives (all at once where streams are missing). */
async function readText(response: Response, onText: (text: string) => void): Promise<void> {
  if (response.body === null || typeof TextDecoder === 'undefined') {
    onText(await response.text());
    return;
  }
  const decoder = new TextDecoder('utf-8');
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onText(decoder.decode(value, { stream: true }));
    }
    onText(decoder.decode());
  } catch (error) {
    // Stop the download too: the listing failed (aborted, malformed, or no root folder).
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
