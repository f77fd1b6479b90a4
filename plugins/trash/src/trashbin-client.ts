import { Permission, createNode } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';

/** The id of the 'Deleted files' view (also its route segment), as Nextcloud names it. */
export const TRASH_VIEW_ID = 'trashbin';

const NC = 'http://nextcloud.org/ns';
const OC = 'http://owncloud.org/ns';
const DAV = 'DAV:';

/** What the list asks for: the trashbin props and the usual ones (as Nextcloud's web client). */
const PROPFIND_BODY =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop>' +
  '<nc:trashbin-filename/><nc:trashbin-original-location/><nc:trashbin-deletion-time/><nc:trashbin-deleted-by-id/><nc:trashbin-deleted-by-display-name/>' +
  '<d:getcontentlength/><d:getcontenttype/><d:resourcetype/><d:getlastmodified/><d:getetag/><oc:fileid/><oc:size/>' +
  '</d:prop></d:propfind>';

/** The signed-in user and CSRF token the server puts on `<head>` (as Nextcloud's `@nextcloud/auth` reads them). */
export interface Session {
  origin: string;
  uid: string;
  requestToken: string;
}

/** The session of this page. */
export function pageSession(doc: Document = document): Session {
  return { origin: doc.location.origin, uid: doc.head.dataset['user'] ?? '', requestToken: doc.head.dataset['requesttoken'] ?? '' };
}

/** The node root of the user's trash, `/trashbin/{uid}/trash`. */
export function trashRoot(uid: string): string {
  return `/trashbin/${uid}/trash`;
}

/** The URL of the user's trash (or of `path` inside it). */
export function trashUrl(session: Session, path = '/'): string {
  const encoded = path
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${session.origin}/remote.php/dav/trashbin/${encodeURIComponent(session.uid)}/trash${encoded ? `/${encoded}` : ''}`;
}

function text(element: Element, ns: string, local: string): string | null {
  return element.getElementsByTagNameNS(ns, local)[0]?.textContent ?? null;
}

/** A failed request: the server's `s:message`, else its status. */
export class TrashRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TrashRequestError';
  }
}

async function failure(response: Response): Promise<TrashRequestError> {
  const body = await response.text().catch(() => '');
  const message = /<s:message>([\s\S]*?)<\/s:message>/.exec(body)?.[1] ?? `${response.status} ${response.statusText}`;
  return new TrashRequestError(response.status, message);
}

/** Parses a trashbin multistatus into nodes (the first response is the trash itself). */
export function parseTrash(xml: string, session: Session): { folder: FolderNode; contents: Node[] } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = trashRoot(session.uid);
  const nodes = [...doc.getElementsByTagNameNS(DAV, 'response')].map((response) => {
    const href = text(response, DAV, 'href') ?? '';
    const folder = response.getElementsByTagNameNS(DAV, 'collection').length > 0;
    const deletion = Number(text(response, NC, 'trashbin-deletion-time') ?? 0);
    const filename = text(response, NC, 'trashbin-filename');
    const location = (text(response, NC, 'trashbin-original-location') ?? '').replace(/^\/+/, '');
    const size = Number(text(response, OC, 'size') ?? text(response, DAV, 'getcontentlength') ?? -1);
    return createNode({
      type: folder ? 'folder' : 'file',
      source: new URL(href, session.origin).href,
      root,
      ...(filename ? { displayname: filename } : {}),
      fileid: Number(text(response, OC, 'fileid') ?? 0),
      size,
      mtime: deletion > 0 ? deletion * 1000 : Date.parse(text(response, DAV, 'getlastmodified') ?? '') || 0,
      // Nothing of the file actions but the trash's own: no open, rename, move, copy or delete.
      permissions: Permission.NONE,
      mime: folder ? 'httpd/unix-directory' : (text(response, DAV, 'getcontenttype') ?? 'application/octet-stream'),
      attributes: {
        'trashbin-filename': filename ?? '',
        'trashbin-original-location': location,
        'trashbin-deletion-time': deletion,
        'trashbin-deleted-by-id': text(response, NC, 'trashbin-deleted-by-id') ?? '',
        'trashbin-deleted-by-display-name': text(response, NC, 'trashbin-deleted-by-display-name') ?? '',
        // A trashed file is in no folder of the user's: its thumbnail is the trash's (Nextcloud's trashbin preview).
        ...(folder ? {} : { previewUrl: `${session.origin}/index.php/apps/files_trashbin/preview?fileId=${Number(text(response, OC, 'fileid') ?? 0)}` }),
      },
    });
  });
  const [folder, ...contents] = nodes;
  if (!folder || folder.type !== 'folder') throw new TrashRequestError(500, 'The trash did not answer as a folder');
  return { folder: folder as FolderNode, contents };
}

/** The client of the user's trash over WebDAV (Nextcloud's trashbin protocol). */
export function trashbinClient(session: Session, fetchImpl: typeof fetch = (input, init) => fetch(input, init)) {
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({ ...(session.requestToken ? { requesttoken: session.requestToken } : {}), ...extra });
  return {
    /** The items of the trash. */
    async list(signal?: AbortSignal): Promise<{ folder: FolderNode; contents: Node[] }> {
      const response = await fetchImpl(`${trashUrl(session)}/`, {
        method: 'PROPFIND',
        headers: headers({ depth: '1', 'content-type': 'application/xml; charset=utf-8' }),
        body: PROPFIND_BODY,
        credentials: 'same-origin',
        ...(signal ? { signal } : {}),
      });
      if (response.status !== 207) throw await failure(response);
      return parseTrash(await response.text(), session);
    },
    /** Restores an item (Nextcloud: MOVE to `restore/`). */
    async restore(node: Node): Promise<void> {
      const name = node.source.replace(/\/$/, '').split('/').pop() ?? '';
      const destination = `${session.origin}/remote.php/dav/trashbin/${encodeURIComponent(session.uid)}/restore/${name}`;
      const response = await fetchImpl(node.source, { method: 'MOVE', headers: headers({ destination, overwrite: 'T' }), credentials: 'same-origin' });
      if (!response.ok) throw await failure(response);
    },
    /** Deletes an item for good. */
    async remove(node: Node): Promise<void> {
      const response = await fetchImpl(node.source, { method: 'DELETE', headers: headers(), credentials: 'same-origin' });
      if (!response.ok) throw await failure(response);
    },
    /** Empties the trash. */
    async empty(): Promise<void> {
      const response = await fetchImpl(trashUrl(session), { method: 'DELETE', headers: headers(), credentials: 'same-origin' });
      if (!response.ok) throw await failure(response);
    },
  };
}

/** The client's shape. */
export type TrashbinClient = ReturnType<typeof trashbinClient>;
