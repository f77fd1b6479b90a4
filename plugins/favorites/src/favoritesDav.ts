import { DavRequestError, encodeDavPath, fetchDavFolder, fetchDavNodes, filesRoot } from '@cumulus/sdk';
import { favoritesReportBody } from './favoritesReport';
import type { DavSession, Node, ViewContents } from '@cumulus/sdk';

/** The WebDAV calls of the Favorites plugin, as the signed-in user of `session`. */
export interface FavoritesDav {
  /** The favorites anywhere in the user's files (REPORT `oc:filter-files`). */
  favorites(signal?: AbortSignal): Promise<Node[]>;
  /** The folder at `path` and its children (PROPFIND Depth 1). */
  folder(path: string, signal?: AbortSignal): Promise<ViewContents>;
  /** Marks `node` a favorite or not (PROPPATCH `oc:favorite`). */
  setFavorite(node: Node, favorite: boolean): Promise<void>;
}

/** The path below `/remote.php/dav` of `path` in the user's files, encoded. */
function davPath(session: DavSession, path: string): string {
  return encodeDavPath(`${filesRoot(session)}${path === '/' ? '/' : path}`);
}

/** Creates the plugin's WebDAV calls for `session`. */
export function favoritesDav(session: DavSession, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): FavoritesDav {
  return {
    favorites: (signal) => fetchDavNodes(session, { method: 'REPORT', path: davPath(session, '/'), body: favoritesReportBody(), ...(signal ? { signal } : {}) }),

    folder: (path, signal) => fetchDavFolder(session, path, signal),

    async setFavorite(node, favorite) {
      const headers: Record<string, string> = { 'Content-Type': 'application/xml; charset=utf-8', 'X-Requested-With': 'XMLHttpRequest' };
      if (session.requestToken) headers['requesttoken'] = session.requestToken;
      const response = await fetchImpl(node.source, {
        method: 'PROPPATCH',
        headers,
        credentials: 'same-origin',
        body: `<?xml version="1.0"?>\n<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>${favorite ? 1 : 0}</oc:favorite></d:prop></d:set></d:propertyupdate>`,
      });
      const text = await response.text();
      // A multistatus whose propstat is not 200 failed too.
      if (response.status !== 207 || !/HTTP\/1\.1 200/.test(text)) throw new DavRequestError(response.status, `PROPPATCH of ${node.path} answered ${response.status}`);
    },
  };
}
