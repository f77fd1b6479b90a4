import { MultistatusReader, ResponseNodeBuilder, cleanEtag, deepFreeze, followUntilRead, isFolder, propfindBody } from '@cumulus/sdk';
import { yieldToMain } from '../../lib/engine';
import type { BuiltNode, DavResponse, FolderNode, Node, RowColumns } from '@cumulus/sdk';
import { COMPACT_LISTING_TYPE, CompactListingReader } from './compactListing';

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

/** A listing with the compact text it was read from, when the server sent the compact form (kept for the listing cache). */
export interface FetchedListing extends Listing {
  /** The text, joined when first asked for: 28 MB for 100,000 entries, not worth joining before the list is shown. */
  compactText?: () => string;
}

/**
 * PROPFIND Depth 1 of a folder, read as it streams in: the server's compact
 * listing when it offers it (asked for with `Accept`), else the multistatus,
 * parsed piece by piece while the rest is still on the wire (compressed by
 * the server), each row or response becoming a frozen SDK node at once.
 * Nothing holds the whole multistatus: a 100,000-entry listing (over 100 MB
 * of XML) never becomes one string. The compact text (a fifth of that) is
 * kept when `keepText` asks, for the listing cache.
 *
 * `onFirstRows` receives the folder and its first {@link FIRST_ROWS}
 * children as soon as they are read (not called for a smaller folder), so
 * the list can show them while the rest arrives.
 *
 * @throws DavResponseError for an HTTP error status, Error('Invalid root
 * folder returned') when the folder itself is not in the answer or is a file.
 */
export async function fetchListing(request: ListingRequest, onFirstRows?: (listing: Listing) => void, keepText = false): Promise<FetchedListing> {
  const requested = request.path.replace(/\/+$/, '') || '/';
  const response = await propfind(request, requested, '1', propfindBody(), `${COMPACT_LISTING_TYPE}, application/xml;q=0.9`);
  const compact = (response.headers.get('content-type') ?? '').toLowerCase().startsWith(COMPACT_LISTING_TYPE);
  const pacer = new Pacer();
  const listing = new ListingBuilder(request, requested, compact, onFirstRows && ((first) => {
    onFirstRows(first);
    pacer.paintSoon();
  }));
  const pieces: string[] = [];
  await readText(response, async (text) => {
    if (compact && keepText) pieces.push(text);
    listing.write(text);
    // Pieces already received are read without a break otherwise: the first rows would not be painted before the last.
    await pacer.pace();
  });
  return compact && keepText ? { ...listing.end(), compactText: () => pieces.join('') } : listing.end();
}

/** How long reading a listing runs before it lets the page paint and handle input. */
const SLICE_MS = 30;

/**
 * Breaks long reading into slices: after {@link SLICE_MS} of work, or right
 * after the first rows were handed on, the next {@link pace} waits for a new
 * task, so the page paints and answers input between slices.
 */
class Pacer {
  private sliceStart = performance.now();
  private paintDue = false;

  /** The first rows are in the store: let them be painted at the next break. */
  paintSoon(): void {
    this.paintDue = true;
  }

  /** Waits for a new task when a slice is over (or for a painted frame when a paint is due). */
  async pace(): Promise<void> {
    if (!this.paintDue && performance.now() - this.sliceStart < SLICE_MS) return;
    if (this.paintDue) {
      this.paintDue = false;
      await afterNextPaint();
    } else {
      // A message to itself (the SDK's yieldToMain): a timer would be throttled to once a second in a background tab.
      await yieldToMain();
    }
    this.sliceStart = performance.now();
  }
}

/**
 * Resolves once the page painted its next frame (a frame's callback, then a task after it),
 * or at once where nothing is painted (a hidden page, no DOM). A message to itself is a new
 * task but no paint: the browser may run the next slices of reading before it renders, and
 * first rows handed on would wait for them.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame === 'undefined' || typeof document === 'undefined' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A folder's listing read from a compact text kept from an earlier answer
 * (the listing cache), as {@link fetchListing} reads one from the server:
 * the first rows are handed on at once, then the rest is read in slices
 * that let the page paint and stay responsive.
 */
export async function readKeptListing(request: Omit<ListingRequest, 'headers'>, text: string, onFirstRows?: (listing: Listing) => void): Promise<Listing> {
  const requested = request.path.replace(/\/+$/, '') || '/';
  const pacer = new Pacer();
  const listing = new ListingBuilder(request, requested, true, onFirstRows && ((first) => {
    onFirstRows(first);
    pacer.paintSoon();
  }));
  const PIECE = 64 * 1024;
  for (let at = 0; at < text.length; at += PIECE) {
    if (request.signal?.aborted) throw new DOMException('This operation was aborted', 'AbortError');
    listing.write(text.slice(at, at + PIECE));
    await pacer.pace();
  }
  return listing.end();
}

/** Turns the responses of either answer into the folder node and its children. */
class ListingBuilder {
  private readonly builder: ResponseNodeBuilder;
  private readonly reader: MultistatusReader | CompactListingReader;
  private folder: FolderNode | undefined;
  private contents: Node[] = [];
  private firstRowsSent: boolean;

  constructor(
    request: Pick<ListingRequest, 'davUrl' | 'root'>,
    private readonly requested: string,
    compact: boolean,
    private readonly onFirstRows: ((listing: Listing) => void) | undefined,
  ) {
    this.builder = new ResponseNodeBuilder({ davUrl: request.davUrl, root: request.root });
    this.firstRowsSent = onFirstRows === undefined;
    const onResponse = (entry: DavResponse): void => this.add(this.builder.build(entry));
    const folderHref = `${new URL(urlOf(request, requested)).pathname.replace(/\/+$/, '')}/`;
    let columns: RowColumns | undefined;
    this.reader = compact
      ? new CompactListingReader(folderHref, {
          onResponse,
          onRow: (name, values) => {
            columns ??= this.builder.columns((this.reader as CompactListingReader).columns ?? []);
            this.add(this.builder.buildRow(folderHref, name, values, columns));
          },
          onReset: () => {
            this.folder = undefined;
            this.contents = [];
          },
        })
      : new MultistatusReader(onResponse);
  }

  write(text: string): void {
    this.reader.write(text);
  }

  end(): Listing {
    this.reader.end();
    if (this.folder === undefined) throw new Error('Invalid root folder returned');
    // Frozen here (sources are strings): deepFreeze then skips the 100,000 children instead of walking them.
    const listed: FolderNode = { ...this.folder, _children: Object.freeze(this.contents.map((node) => node.source)) as string[] };
    return { folder: deepFreeze(listed), contents: this.contents };
  }

  private add({ node, filename }: BuiltNode): void {
    if (this.folder === undefined && filename === this.requested) {
      if (!isFolder(node)) throw new Error('Invalid root folder returned');
      this.folder = node;
      return;
    }
    this.contents.push(node);
    if (!this.firstRowsSent && this.folder !== undefined && this.contents.length >= FIRST_ROWS) {
      this.firstRowsSent = true;
      this.onFirstRows?.({ folder: deepFreeze({ ...this.folder, _children: this.contents.map((child) => child.source) }), contents: this.contents.slice() });
    }
  }
}

/**
 * The folder node alone, with every property the listing asks for, by a PROPFIND Depth 0
 * (a few hundred bytes however big the folder): its ETag tells whether a held listing is
 * current, and its quota and permissions, which change without the ETag, are fresh.
 *
 * @throws DavResponseError for an HTTP error status.
 */
export async function fetchFolderNode(request: ListingRequest): Promise<FolderNode> {
  const requested = request.path.replace(/\/+$/, '') || '/';
  const response = await propfind(request, requested, '0', propfindBody());
  const listing = new ListingBuilder(request, requested, false, undefined);
  await readText(response, (text) => listing.write(text));
  return listing.end().folder;
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
function urlOf(request: Pick<ListingRequest, 'davUrl'>, requested: string): string {
  return `${request.davUrl.replace(/\/+$/, '')}${requested.split('/').map(encodeURIComponent).join('/')}`;
}

/** How each answered PROPFIND lets go of its caller's signal once its body is read ({@link readText}). */
const letGo = new WeakMap<Response, () => void>();

/** One PROPFIND of `requested` (decoded, below the DAV endpoint); an HTTP error status throws. */
async function propfind(request: ListingRequest, requested: string, depth: '0' | '1', body: string, accept = 'text/plain,application/xml'): Promise<Response> {
  const { signal, release } = followUntilRead(request.signal);
  let response: Response;
  try {
    response = await fetch(urlOf(request, requested), {
      method: 'PROPFIND',
      headers: { Accept: accept, Depth: depth, 'Content-Type': 'application/xml; charset=utf-8', ...request.headers },
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    release();
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    // Read to its end, or the browser cancels the answered request (net::ERR_ABORTED beside the real error).
    await response.arrayBuffer().catch(() => undefined);
    release();
    throw new DavResponseError(response.status, response.statusText);
  }
  letGo.set(response, release);
  return response;
}

/** Passes the body's text to `onText` piece by piece as it arrives (all at once where streams are missing). */
async function readText(response: Response, onText: (text: string) => void | Promise<void>): Promise<void> {
  if (response.body === null || typeof TextDecoder === 'undefined') {
    try {
      await onText(await response.text());
    } finally {
      letGo.get(response)?.();
    }
    return;
  }
  const decoder = new TextDecoder('utf-8');
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await onText(decoder.decode(value, { stream: true }));
    }
    await onText(decoder.decode());
  } catch (error) {
    // Stop the download too: the listing failed (aborted, malformed, or no root folder).
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
    // Read (or given up): the caller's signal no longer reaches the request.
    letGo.get(response)?.();
  }
}
