import { MultistatusReader, ResponseNodeBuilder, cleanEtag, deepFreeze, followUntilRead, isFolder, propfindBody } from '@cumulus/sdk';
import { yieldToMain } from '../../lib/engine';
import type { BuiltNode, DavResponse, FolderNode, Node, RowColumns } from '@cumulus/sdk';
import { parseDavErrorMessage } from '../davErrorMessage';
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

/** An HTTP failure, with `status` (read by `errorStatus`) and the server's `s:message` when it sent one (read by `davMessageOf`). */
export class DavResponseError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The text of the error body's `s:message`, if any (product §8: 'the message or a generic error'). */
  readonly davMessage?: string;
  constructor(status: number, statusText: string, davMessage?: string) {
    super(`Invalid response: ${status} ${statusText}`);
    this.name = 'DavResponseError';
    this.status = status;
    if (davMessage !== undefined) this.davMessage = davMessage;
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
      // A message to itself (the engine's yieldToMain): a timer would be throttled to once a second in a background tab.
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

/**
 * The node at `request.path` (a file or a folder) with every property the listing asks for,
 * by a PROPFIND Depth 0, built by the same builder as a listing's rows: what `DavService.stat`
 * gives and the live updates read a changed node with.
 *
 * @throws DavResponseError for an HTTP error status, Error('Invalid response: no node
 * returned') when the answer does not name the node.
 */
export async function fetchNode(request: ListingRequest): Promise<Node> {
  const requested = request.path.replace(/\/+$/, '') || '/';
  const response = await propfind(request, requested, '0', propfindBody());
  const builder = new ResponseNodeBuilder({ davUrl: request.davUrl, root: request.root });
  let found: Node | undefined;
  const reader = new MultistatusReader((entry) => {
    const built = builder.build(entry);
    if (found === undefined && built.filename === requested) found = built.node;
  });
  await readText(response, (text) => reader.write(text));
  reader.end();
  if (found === undefined) throw new Error('Invalid response: no node returned');
  return found;
}

/** What {@link davRequest} sends besides the method. */
export interface DavRequestOptions {
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * One WebDAV request whose answer is small (MKCOL, MOVE, COPY, DELETE, PROPPATCH), its body
 * read to the end whatever the status: an answer left unread is cancelled by Chromium when the
 * response is collected, and reported as `net::ERR_ABORTED` although it succeeded.
 *
 * @throws DavResponseError for an HTTP error status, with the server's `s:message`.
 */
export async function davRequest(url: string, method: string, options: DavRequestOptions): Promise<string> {
  // The caller's signal reaches the request only until its answer is read (see followUntilRead).
  const { signal, release } = followUntilRead(options.signal);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method, headers: options.headers, body: options.body, signal, credentials: 'same-origin' });
    text = await response.text();
  } finally {
    release();
  }
  if (response.status < 200 || response.status >= 300) throw new DavResponseError(response.status, response.statusText, parseDavErrorMessage(text));
  return text;
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

/** One PROPFIND of `requested` (decoded, below the DAV endpoint); an HTTP error status throws (with the server's `s:message`). */
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
    const text = await response.text().catch(() => '');
    release();
    throw new DavResponseError(response.status, response.statusText, parseDavErrorMessage(text));
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
