import type { FileStat, ResponseDataDetailed, WebDAVClient } from 'webdav';
import { encodeDavPath, propfindBody } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';
import { withDavMessage } from '../davErrorMessage';
import { errorStatus } from '../errorStatus';
import type { KeptListing, ListingCache } from './listingCache';
import { afterNextPaint, fetchFolderEtag, fetchFolderNode, fetchListing, readKeptListing } from './propfindListing';

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
   * A public link's token: the service then talks to the link's public WebDAV
   * (`/public.php/dav`, root `/files/{token}`, plugins-protocol.md §5.1) as an
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

/** Every WebDAV call of the Files screen, over the `webdav` client, speaking in SDK nodes. */
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
   * boots), for the next {@link keptList} to take if it asks for that folder first.
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
  /** PROPPATCH of `oc:favorite`. */
  setFavorite(node: Node, favorite: boolean): Promise<void>;
  /** The URL that downloads `node` (GET on its source). */
  downloadUrl(node: Node): string;
}

/** Properties kept as the text the server sent: the XML parser would turn '0012' or '1e3' into numbers. */
const RAW_TEXT_PROPERTIES = /propstat\.prop\.(getetag|owner-id|owner-display-name|permissions|share-attributes|share-permissions)$/;

/** Request bodies are XML; without this the client would send them as text/plain. */
const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

/** `dir` joined with `name`, one slash between, for paths below the root. */
function joinDav(dir: string, name: string): string {
  return `${dir.replace(/\/+$/, '')}/${name}`;
}

/** Creates the DAV service of the signed-in user. */
export function createDavService(options: DavServiceOptions): DavService {
  const isPublic = options.publicToken !== undefined;
  const davUrl = `${options.origin.replace(/\/+$/, '')}${isPublic ? '/public.php/dav' : '/remote.php/dav'}`;
  const root = `/files/${isPublic ? options.publicToken : options.uid}`;
  // Public WebDAV takes writes only from XHR callers (plugins-protocol.md §5.2).
  const headers: Record<string, string> = { ...(isPublic ? { 'X-Requested-With': 'XMLHttpRequest' } : {}), ...options.headers };
  if (options.requestToken) headers['requesttoken'] = options.requestToken;
  // The webdav client (~50 KB gzipped) loads with the first call that needs it: listing
  // folders does not, so the screen's first JavaScript stays small.
  let clientLoaded: Promise<WebDAVClient> | undefined;
  const webdav = (): Promise<WebDAVClient> =>
    (clientLoaded ??= import('webdav').then(({ createClient }) => {
      const client = createClient(davUrl, { headers });
      client.registerTagParser((path, value) => (RAW_TEXT_PROPERTIES.test(path) ? undefined : value));
      return client;
    }));

  const mapContext = { davUrl, root };
  const cache = options.listingCache;
  /** The client's path (relative to /remote.php/dav) of a path below the root. */
  const davPath = (path: string): string => joinDav(root, path.replace(/^\/+/, ''));
  /** The kept listing read ahead ({@link DavService.readKeptAhead}): taken, or dropped, by the next listing. */
  let ahead: { path: string; head: Promise<KeptListing | undefined>; whole: Promise<KeptListing | undefined> } | undefined;
  /** The client's path of a node: its source after the DAV URL, decoded. */
  const nodePath = (node: Node): string => davPath(node.path);

  return {
    root,
    filesUrl: `${davUrl}${encodeDavPath(root)}`,

    async list(path, callOptions = {}) {
      ahead = undefined;
      // Streamed and parsed in one pass (see propfindListing), as the server's compact listing
      // when it offers it: the webdav client's generic XML path takes seconds for 10,000 entries.
      const { folder, contents, compactText } = await fetchListing({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal }, callOptions.onFirstRows, cache !== undefined);
      const etag = folder.attributes.etag;
      if (cache !== undefined && compactText !== undefined && typeof etag === 'string' && etag !== '') {
        // Stored after the list is shown: the copy costs no time of the listing.
        setTimeout(() => void cache.put({ path: davPath(path), etag, text: compactText() }), 0);
      }
      return { folder, contents };
    },

    async keptList(path, callOptions = {}) {
      if (cache === undefined) return undefined;
      const request = { davUrl, root, path: davPath(path), signal: callOptions.signal };
      const { onFirstRows } = callOptions;
      // Both asked at once: the head (a big folder's first rows, tens of KB) comes back
      // long before the whole copy, and its rows are shown meanwhile.
      const early = ahead?.path === request.path ? ahead : undefined;
      ahead = undefined;
      const headRead = onFirstRows === undefined ? Promise.resolve(undefined) : (early?.head ?? cache.head(request.path));
      const whole = early?.whole ?? cache.get(request.path);
      const head = await headRead;
      let headShown = false;
      if (head !== undefined && !callOptions.signal?.aborted) {
        try {
          onFirstRows?.(await readKeptListing(request, head.text));
          headShown = true;
          // Painted before the whole copy is read: its reading would otherwise run ahead of the frame.
          await afterNextPaint();
        } catch (error) {
          if (callOptions.signal?.aborted) throw error;
          // A head that no longer reads: the whole copy decides.
        }
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
      if (cache === undefined) return;
      const kept = davPath(path);
      // The head first: it is what the first rows wait for.
      const head = cache.head(kept);
      ahead = { path: kept, head, whole: cache.get(kept) };
    },

    folderEtag(path, callOptions = {}) {
      return fetchFolderEtag({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal });
    },

    folder(path, callOptions = {}) {
      return fetchFolderNode({ davUrl, root, path: davPath(path), headers, signal: callOptions.signal });
    },

    async stat(path, callOptions = {}) {
      // The mapping of the client's stats comes with the client: the listing does not use it.
      const [client, { mapFileStat }] = await Promise.all([webdav(), import('./mapFileStat')]);
      const response = (await client.stat(davPath(path), {
        details: true,
        data: propfindBody(),
        headers: XML_HEADERS,
        signal: callOptions.signal,
      })) as ResponseDataDetailed<FileStat>;
      return mapFileStat(response.data, mapContext);
    },

    async move(node, destinationDir, moveOptions = {}) {
      const target = joinDav(davPath(destinationDir), moveOptions.newName ?? node.basename);
      // The server's s:message is the error text of spec §8 "other" failures.
      await (await webdav()).moveFile(nodePath(node), target, { overwrite: moveOptions.overwrite ?? false }).catch(async (error: unknown) => {
        throw await withDavMessage(error);
      });
    },

    async copy(node, destinationDir, copyOptions = {}) {
      const target = joinDav(davPath(destinationDir), copyOptions.newName ?? node.basename);
      await (await webdav()).copyFile(nodePath(node), target, { overwrite: copyOptions.overwrite ?? false }).catch(async (error: unknown) => {
        throw await withDavMessage(error);
      });
    },

    async remove(node) {
      await (await webdav()).deleteFile(nodePath(node));
    },

    async rename(node, newName) {
      // Overwrite F: a name already taken fails with 412 instead of replacing the other node.
      await (await webdav()).moveFile(nodePath(node), joinDav(davPath(node.dirname), newName), { overwrite: false });
    },

    async createDirectory(path) {
      // MKCOL answers 409 when the parent is missing: create the parents first, then retry.
      // Only the user's own tree is walked (never /files itself), and an existing parent (405) is fine.
      const make = async (dir: string, isParent: boolean): Promise<void> => {
        try {
          await (await webdav()).createDirectory(davPath(dir));
        } catch (error) {
          const status = errorStatus(error);
          if (isParent && status === 405) return;
          const parent = dir.replace(/\/[^/]*\/?$/, '');
          if (status !== 409 || parent === '' || parent === '/') throw error;
          await make(parent, true);
          await (await webdav()).createDirectory(davPath(dir));
        }
      };
      await make(path.replace(/\/+$/, ''), false);
    },

    async setFavorite(node, favorite) {
      const body =
        '<?xml version="1.0"?>\n<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">' +
        `<d:set><d:prop><oc:favorite>${favorite ? 1 : 0}</oc:favorite></d:prop></d:set></d:propertyupdate>`;
      // customRequest throws on an error status, with `status`, like the client's own calls.
      await (await webdav()).customRequest(nodePath(node), {
        method: 'PROPPATCH',
        headers: XML_HEADERS,
        data: body,
      });
    },

    downloadUrl(node) {
      return node.source;
    },
  };
}

/** Re-exported for existing callers; import it from `services/errorStatus` to avoid loading the webdav client. */
export { errorStatus };
