import { encodeDavPath } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';
import { errorStatus } from '../errorStatus';
import { HEAD_ROWS } from './listingCache';
import type { KeptListing, ListingCache } from './listingCache';
import type { FetchedListing } from './propfindListing';
import { afterNextPaint, davRequest, fetchFolderEtag, fetchFolderNode, fetchListing, fetchNode, readKeptListing } from './propfindListing';

/** Where the DAV service talks to and as whom. */
export interface DavServiceOptions {
  /** The page's origin, e.g. `https://cloud.example`; node sources are absolute URLs under it. */
  origin: string;
  /** The signed-in user's id: the user's files live under `/files/{uid}`. */
  uid: string;
  /** CSRF token of the browser session, sent as the `requesttoken` header (empty for HTTP Basic). */
  requestToken?: string;
  /** Extra headers for every request (tests, Basic auth). */
  headers?: Record<string, string>;
  /** Where listings are kept between visits and page loads (see `listingCache`); none when not given. */
  listingCache?: ListingCache;
  /**
   * The first `count` rows the list showed of the folder `folder` (its source) listed with
   * `listed` children, in the list's order, if it showed them: a big folder's kept head then
   * holds these rows (the top of the list as a page load will show it) rather than the
   * listing's first ones, which are in the server's order.
   */
  firstShown?(folder: string, listed: number, count: number): readonly Node[] | undefined;
  /**
   * A public link's token: the service then talks to the link's public WebDAV
   * (`/public.php/dav`, root `/files/{token}`, protocol §5.1) as an
   * anonymous XHR caller instead of the user's files.
   */
  publicToken?: string;
}

/** Options of calls that can be cancelled. */
export interface DavCallOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Options of a folder listing. */
export interface DavListOptions extends DavCallOptions {
  /** Receives the folder and its first rows while the rest still streams in (big folders only). */
  onFirstRows?(partial: DavListing): void;
}

/** What a listing of a folder gives: the folder itself and its children. */
export interface DavListing {
  folder: FolderNode;
  contents: Node[];
}

/**
 * Every WebDAV call of the Files screen, speaking in SDK nodes: every answer that names nodes
 * (a listing, a folder, a stat) is made into nodes by the SDK's `ResponseNodeBuilder`, the
 * one builder the live updates' SEARCH and the plugins use too.
 */
export interface DavService {
  /** The node root of the user's files, `/files/{uid}`. */
  readonly root: string;
  /** Absolute URL of the user's files, `{origin}/remote.php/dav/files/{uid}` (the settings dialog's WebDAV URL). */
  readonly filesUrl: string;
  /** PROPFIND Depth 1 of the folder at `path` (below the root); the answer is kept in the listing cache. */
  list(path: string, options?: DavListOptions): Promise<DavListing>;
  /** The listing of the folder at `path` kept from an earlier visit (maybe out of date: check its ETag), or undefined. */
  keptList(path: string, options?: DavListOptions): Promise<DavListing | undefined>;
  /**
   * Begins reading the kept listing of the folder at `path` now (a page load, while the app
   * boots), for the next {@link keptList} to take if it asks for that folder first; or, when
   * the listing cache surely holds none, begins listing the folder, for the next {@link list}
   * of that folder to take.
   */
  readKeptAhead(path: string): void;
  /** The ETag of the folder at `path` (below the root) alone: PROPFIND Depth 0 of `getetag`. */
  folderEtag(path: string, options?: DavCallOptions): Promise<string | undefined>;
  /** The folder node alone (PROPFIND Depth 0 with the listing's properties). */
  folder(path: string, options?: DavCallOptions): Promise<FolderNode>;
  /** PROPFIND Depth 0 of the node at `path` (below the root). */
  stat(path: string, options?: DavCallOptions): Promise<Node>;
  /** MOVE `node` into the folder `destinationDir` (a path below the root), keeping its name, or `newName` when given. A failure carries the server's `s:message` (`davMessageOf`). */
  move(node: Node, destinationDir: string, options?: { overwrite?: boolean; newName?: string }): Promise<void>;
  /** COPY `node` into the folder `destinationDir`, keeping its name, or `newName` when given. A failure carries the server's `s:message` (`davMessageOf`). */
  copy(node: Node, destinationDir: string, options?: { overwrite?: boolean; newName?: string }): Promise<void>;
  /** DELETE `node`. */
  remove(node: Node): Promise<void>;
  /** MOVE `node` to `newName` in its folder, with `Overwrite: F` (a clash fails with 412). */
  rename(node: Node, newName: string): Promise<void>;
  /** MKCOL of `path` (below the root), creating missing parents. */
  createDirectory(path: string): Promise<void>;
  /** The URL that downloads `node` (GET on its source). */
  downloadUrl(node: Node): string;
}

/** `dir` joined with `name`, one slash between, for paths below the root. */
function joinDav(dir: string, name: string): string {
  return `${dir.replace(/\/+$/, '')}/${name}`;
}

/** Runs `work` once the page has painted and is idle (within a few seconds in any case). */
function whenIdle(work: () => void): void {
  void afterNextPaint().then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3000 });
    else setTimeout(work, 0);
  });
}

/** A listing begun ahead of its caller (see {@link DavService.readKeptAhead}). */
interface ListingAhead {
  path: string;
  result: Promise<FetchedListing>;
  controller: AbortController;
  /** The first rows once read, for a caller that comes after them. */
  firstRows?: DavListing;
  /** Where first rows go once a caller took the listing. */
  onFirstRows?: (partial: DavListing) => void;
}

/** Creates the DAV service of the signed-in user. */
export function createDavService(options: DavServiceOptions): DavService {
  const isPublic = options.publicToken !== undefined;
  const davUrl = `${options.origin.replace(/\/+$/, '')}${isPublic ? '/public.php/dav' : '/remote.php/dav'}`;
  const root = `/files/${isPublic ? options.publicToken : options.uid}`;
  // Public WebDAV takes writes only from XHR callers (protocol §5.2).
  const headers: Record<string, string> = { ...(isPublic ? { 'X-Requested-With': 'XMLHttpRequest' } : {}), ...options.headers };
  if (options.requestToken) headers['requesttoken'] = options.requestToken;
  const cache = options.listingCache;
  /** The DAV path (decoded, below the DAV endpoint) of a path below the root. */
  const davPath = (path: string): string => joinDav(root, path.replace(/^\/+/, ''));
  /** The URL of a DAV path, each segment encoded. */
  const urlOf = (path: string): string => `${davUrl}${encodeDavPath(path)}`;
  /** A request whose answer names no nodes (MKCOL, MOVE, COPY, DELETE, PROPPATCH). */
  const send = (method: string, path: string, extra: Record<string, string> = {}, body?: string): Promise<string> =>
    davRequest(urlOf(path), method, { headers: { ...headers, ...extra }, ...(body === undefined ? {} : { body }) });
  /** MOVE or COPY of `node` to the DAV path `target`. */
  const transfer = (method: 'MOVE' | 'COPY', node: Node, target: string, overwrite: boolean): Promise<string> =>
    send(method, nodePath(node), { Destination: urlOf(target), Overwrite: overwrite ? 'T' : 'F' });
  /** The kept listing read ahead ({@link DavService.readKeptAhead}): taken, or dropped, by the next listing. */
  let ahead: { path: string; headNow: KeptListing | undefined; head: Promise<KeptListing | undefined>; whole: Promise<KeptListing | undefined> } | undefined;
  /** The listing begun ahead ({@link DavService.readKeptAhead}) of a folder the cache does not hold. */
  let listingAhead: ListingAhead | undefined;
  /** The listing begun ahead for `path`, taken (once), or undefined; one for another folder is cancelled. */
  const takeListingAhead = (path: string): ListingAhead | undefined => {
    const early = listingAhead;
    listingAhead = undefined;
    if (early === undefined || early.path === path) return early;
    early.controller.abort();
    return undefined;
  };
  /** The DAV path of a node. */
  const nodePath = (node: Node): string => davPath(node.path);

  /** Where the rows the list showed first of a big folder are among its listed `contents` (see {@link DavServiceOptions.firstShown}). */
  const shownRows = (folder: Node, contents: readonly Node[]): number[] | undefined => {
    if (contents.length <= HEAD_ROWS) return undefined;
    const shown = options.firstShown?.(folder.source, contents.length, HEAD_ROWS);
    if (shown === undefined || shown.length === 0) return undefined;
    const wanted = new Map(shown.map((node, place) => [node.source, place]));
    const rows = new Array<number>(shown.length);
    let found = 0;
    contents.forEach((node, row) => {
      const place = wanted.get(node.source);
      if (place !== undefined) {
        rows[place] = row;
        found += 1;
      }
    });
    return found === shown.length ? rows : undefined;
  };

  /** The listing begun ahead, for a caller: its first rows (now or when read), its end, its cancellation with the caller's signal. */
  const adoptListing = (early: ListingAhead, callOptions: DavListOptions): Promise<FetchedListing> => {
    const { signal, onFirstRows } = callOptions;
    if (signal !== undefined) {
      if (signal.aborted) early.controller.abort();
      else signal.addEventListener('abort', () => early.controller.abort(), { once: true });
    }
    if (early.firstRows !== undefined) onFirstRows?.(early.firstRows);
    else early.onFirstRows = onFirstRows;
    return early.result;
  };

  return {
    root,
    filesUrl: `${davUrl}${encodeDavPath(root)}`,

    async list(path, callOptions = {}) {
      ahead = undefined;
      const early = takeListingAhead(davPath(path));
      // Streamed and parsed in one pass (see propfindListing), as the server's compact listing
      // when it offers it: a generic XML parse of the whole answer takes seconds for 10,000 entries.
      const fetched = early !== undefined ? adoptListing(early, callOptions) : fetchListing({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal }, callOptions.onFirstRows, cache !== undefined);
      const { folder, contents, compactText } = await fetched;
      const etag = folder.attributes.etag;
      if (cache !== undefined && compactText !== undefined && typeof etag === 'string' && etag !== '') {
        // Stored once the list is painted and the page idle: joining and storing a big copy takes
        // a tenth of a second or more, which the list being shown must not wait for.
        performance.mark?.('files:listing-keeping'); // bench:ui
        whenIdle(() => void cache.put({ path: davPath(path), etag, text: compactText() }, shownRows(folder, contents)).finally(() => performance.mark?.('files:listing-kept')));
      }
      return { folder, contents };
    },

    async keptList(path, callOptions = {}) {
      if (cache === undefined) return undefined;
      const request = { davUrl, root, path: davPath(path), signal: callOptions.signal };
      // Surely not kept (the cache's index says so at once): no database read to wait for.
      if (!cache.mayHold(request.path)) return undefined;
      const { onFirstRows } = callOptions;
      // Both asked at once: the head (a big folder's first rows, tens of KB) comes back
      // long before the whole copy, and its rows are shown meanwhile.
      const early = ahead?.path === request.path ? ahead : undefined;
      ahead = undefined;
      const whole = early?.whole ?? cache.get(request.path);
      let headShown = false;
      const showHead = async (head: KeptListing | undefined): Promise<void> => {
        if (head === undefined || callOptions.signal?.aborted) return;
        let handed = false;
        const hand = (first: DavListing): void => {
          handed = true;
          onFirstRows?.(first);
        };
        try {
          // The head's rows are handed on as they are read (its first piece holds them all).
          const listing = await readKeptListing(request, head.text, hand);
          if (!handed) hand(listing);
          headShown = true;
          // Painted before the whole copy is read: its reading would otherwise run ahead of the frame.
          await afterNextPaint();
        } catch (error) {
          if (callOptions.signal?.aborted) throw error;
          // A head that no longer reads: the whole copy decides.
        }
      };
      if (onFirstRows !== undefined) {
        // A head at hand (the index in localStorage) is read within this call: its rows then reach
        // the store beside the listing's start, and the page renders once, with them, instead of
        // rendering the empty list first (a render of the whole screen, ~15 ms at a page load).
        const headNow = early !== undefined ? early.headNow : cache.keptHead(request.path);
        await (headNow !== undefined ? showHead(headNow) : (early?.head ?? cache.head(request.path)).then(showHead));
      }
      const kept = await whole;
      if (kept === undefined || callOptions.signal?.aborted) return undefined;
      try {
        return await readKeptListing(request, kept.text, headShown ? undefined : onFirstRows);
      } catch (error) {
        if (callOptions.signal?.aborted) throw error;
        // A copy that no longer reads (another version's format): forget it, list the folder.
        void cache.delete(davPath(path));
        return undefined;
      }
    },

    readKeptAhead(path) {
      const kept = davPath(path);
      if (cache === undefined || !cache.mayHold(kept)) {
        // Nothing kept to show first: the listing itself begins now, while the app boots.
        listingAhead?.controller.abort();
        const controller = new AbortController();
        const handOn: Pick<ListingAhead, 'firstRows' | 'onFirstRows'> = {};
        const result = fetchListing({ davUrl, root, path: kept, headers, signal: controller.signal }, (first) => {
          handOn.firstRows = first;
          handOn.onFirstRows?.(first);
        }, cache !== undefined);
        // Its failure belongs to the caller that takes it; unclaimed, it is nobody's.
        result.catch(() => undefined);
        listingAhead = Object.assign(handOn, { path: kept, controller, result });
        return;
      }
      // The head first: it is what the first rows wait for (at hand when the index holds it).
      const headNow = cache.keptHead(kept);
      ahead = { path: kept, headNow, head: headNow !== undefined ? Promise.resolve(headNow) : cache.head(kept), whole: cache.get(kept) };
    },

    folderEtag(path, callOptions = {}) {
      return fetchFolderEtag({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal });
    },

    folder(path, callOptions = {}) {
      return fetchFolderNode({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal });
    },

    stat(path, callOptions = {}) {
      return fetchNode({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal });
    },

    async move(node, destinationDir, moveOptions = {}) {
      // A failure carries the server's s:message: the error text of product §8 "other" failures.
      await transfer('MOVE', node, joinDav(davPath(destinationDir), moveOptions.newName ?? node.basename), moveOptions.overwrite ?? false);
    },

    async copy(node, destinationDir, copyOptions = {}) {
      await transfer('COPY', node, joinDav(davPath(destinationDir), copyOptions.newName ?? node.basename), copyOptions.overwrite ?? false);
    },

    async remove(node) {
      await send('DELETE', nodePath(node));
    },

    async rename(node, newName) {
      // Overwrite F: a name already taken fails with 412 instead of replacing the other node.
      await transfer('MOVE', node, joinDav(davPath(node.dirname), newName), false);
    },

    async createDirectory(path) {
      // MKCOL answers 409 when the parent is missing: create the parents first, then retry.
      // Only the user's own tree is walked (never /files itself), and an existing parent (405) is fine.
      const mkcol = (dir: string) => send('MKCOL', `${davPath(dir)}/`);
      const make = async (dir: string, isParent: boolean): Promise<void> => {
        try {
          await mkcol(dir);
        } catch (error) {
          const status = errorStatus(error);
          if (isParent && status === 405) return;
          const parent = dir.replace(/\/[^/]*\/?$/, '');
          if (status !== 409 || parent === '' || parent === '/') throw error;
          await make(parent, true);
          await mkcol(dir);
        }
      };
      await make(path.replace(/\/+$/, ''), false);
    },

    downloadUrl(node) {
      return node.source;
    },
  };
}

/** Re-exported for existing callers. */
export { errorStatus };
