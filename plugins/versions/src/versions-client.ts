/** Nextcloud's versions tree over WebDAV, for the Versions tab. */

const NC = 'http://nextcloud.org/ns';
const DAV = 'DAV:';

const PROPFIND_BODY =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop>' +
  '<d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/><nc:version-label/><nc:version-author/><nc:has-preview/>' +
  '</d:prop></d:propfind>';

/** The signed-in user and CSRF token the server puts on `<head>`. */
export interface Session {
  origin: string;
  uid: string;
  requestToken: string;
}

export function pageSession(doc: Document = document): Session {
  return { origin: doc.location.origin, uid: doc.head.dataset['user'] ?? '', requestToken: doc.head.dataset['requesttoken'] ?? '' };
}

/** One earlier version of a file. */
export interface Version {
  /** Its timestamp (seconds), its name in the tree. */
  version: number;
  /** Its URL (GET downloads it). */
  url: string;
  size: number;
  /** Modification time of the content, ms. */
  mtime: number;
  mime: string;
  label: string;
  author: string;
}

export class VersionsRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'VersionsRequestError';
  }
}

async function failure(response: Response): Promise<VersionsRequestError> {
  const text = await response.text().catch(() => '');
  const message = /<s:message>([\s\S]*?)<\/s:message>/.exec(text)?.[1] ?? `HTTP ${response.status}`;
  return new VersionsRequestError(response.status, message);
}

function text(element: Element, ns: string, local: string): string {
  return element.getElementsByTagNameNS(ns, local)[0]?.textContent ?? '';
}

export interface VersionsClient {
  list(fileid: number): Promise<Version[]>;
  restore(version: Version): Promise<void>;
  label(version: Version, label: string): Promise<void>;
  remove(version: Version): Promise<void>;
}

export function versionsClient(session: Session, fetcher: typeof fetch = (...args) => fetch(...args)): VersionsClient {
  const base = `${session.origin}/remote.php/dav/versions/${encodeURIComponent(session.uid)}`;
  const headers = { requesttoken: session.requestToken, 'x-requested-with': 'XMLHttpRequest' };
  const send = async (url: string, init: RequestInit): Promise<Response> => {
    const response = await fetcher(url, { credentials: 'same-origin', ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    if (!response.ok) throw await failure(response);
    return response;
  };
  return {
    async list(fileid) {
      const response = await send(`${base}/versions/${fileid}`, { method: 'PROPFIND', headers: { depth: '1', 'content-type': 'application/xml' }, body: PROPFIND_BODY });
      const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
      const versions: Version[] = [];
      for (const item of [...doc.getElementsByTagNameNS(DAV, 'response')]) {
        const href = text(item, DAV, 'href');
        const name = /\/versions\/\d+\/(\d+)$/.exec(href)?.[1];
        if (name === undefined) continue;
        versions.push({
          version: Number(name),
          url: new URL(href, session.origin).href,
          size: Number(text(item, DAV, 'getcontentlength')),
          mtime: Date.parse(text(item, DAV, 'getlastmodified')),
          mime: text(item, DAV, 'getcontenttype'),
          label: text(item, NC, 'version-label'),
          author: text(item, NC, 'version-author'),
        });
      }
      return versions.sort((a, b) => b.version - a.version);
    },
    async restore(version) {
      await send(version.url, { method: 'MOVE', headers: { destination: `${base}/restore/target` } });
    },
    async label(version, label) {
      const escaped = label.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const body = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:set><d:prop><nc:version-label>${escaped}</nc:version-label></d:prop></d:set></d:propertyupdate>`;
      const response = await send(version.url, { method: 'PROPPATCH', headers: { 'content-type': 'application/xml' }, body });
      if (!(await response.text()).includes('200 OK')) throw new VersionsRequestError(409, 'The name was not saved');
    },
    async remove(version) {
      await send(version.url, { method: 'DELETE' });
    },
  };
}
