import type { Node } from '../node/types';
import { MultistatusReader } from './multistatus';
import { ResponseNodeBuilder } from './response-node';
import { followUntilRead } from './follow-signal';

/** Who is signed in to the page, as the server tells it in `<head>` (Nextcloud's `data-user`, `data-requesttoken`). */
export interface DavSession {
  /** The page's origin, e.g. `https://cloud.example`. */
  origin: string;
  /** The signed-in user's id. */
  uid: string;
  /** The CSRF token sent with every request (empty when the page has none). */
  requestToken: string;
}

/** Reads the session of the page `doc` from the attributes the server puts on `<head>`. */
export function readDavSession(doc: Document = document): DavSession {
  return {
    origin: doc.location?.origin ?? '',
    uid: doc.head.dataset['user'] ?? '',
    requestToken: doc.head.dataset['requesttoken'] ?? '',
  };
}

/** A WebDAV request that did not answer with a multistatus: `status` is the HTTP status (0 without an answer). */
export class DavRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DavRequestError';
  }
}

/** The root of the user's nodes below `/remote.php/dav`: `/files/{uid}`. */
export function filesRoot(session: DavSession): string {
  return `/files/${session.uid}`;
}

/** The nodes of a multistatus `text` answered under `davUrl` (`{origin}/remote.php/dav`), for the node root `root`. */
export function readDavNodes(text: string, davUrl: string, root: string): Node[] {
  const builder = new ResponseNodeBuilder({ davUrl, root });
  const nodes: Node[] = [];
  const reader = new MultistatusReader((response) => nodes.push(builder.build(response).node));
  reader.write(text);
  reader.end();
  return nodes;
}

/** A WebDAV request whose answer is a list of the user's nodes (REPORT, SEARCH, PROPFIND). */
export interface DavNodesRequest {
  method: 'PROPFIND' | 'REPORT' | 'SEARCH';
  /** The encoded path below `/remote.php/dav`, e.g. `/files/alice/` or `/`. */
  path: string;
  /** The XML body. */
  body: string;
  /** `Depth` of a PROPFIND. */
  depth?: '0' | '1';
  signal?: AbortSignal;
}

/**
 * Sends a WebDAV request as the signed-in user (session cookie, `requesttoken`) and reads
 * the nodes of the user's files it answers with.
 *
 * @throws DavRequestError when the server answers anything but 207
 */
export async function fetchDavNodes(session: DavSession, request: DavNodesRequest): Promise<Node[]> {
  const davUrl = `${session.origin}/remote.php/dav`;
  const headers: Record<string, string> = { 'Content-Type': 'application/xml; charset=utf-8', 'X-Requested-With': 'XMLHttpRequest' };
  if (session.requestToken) headers['requesttoken'] = session.requestToken;
  if (request.depth !== undefined) headers['Depth'] = request.depth;
  // The caller's signal reaches the request only until its answer is read (see followUntilRead).
  const { signal, release } = followUntilRead(request.signal);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${davUrl}${request.path}`, { method: request.method, headers, body: request.body, credentials: 'same-origin', signal });
    text = await response.text();
  } finally {
    release();
  }
  if (response.status !== 207) throw new DavRequestError(response.status, `${request.method} ${request.path} answered ${response.status}`);
  return readDavNodes(text, davUrl, filesRoot(session));
}
