// A stand-in for the server, for the remote's jsdom tests: the OCS share API over an
// in-memory list of shares, and WebDAV PROPFIND answers of `oc:share-types` and folder
// listings. Every call is recorded. jsdom has no Response: answers carry what the
// clients read (ok, status, json, text).

/** One recorded request. */
export interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

/** The fake's state; tests set `shares` and `folders` and read `calls`. */
export const fake = {
  calls: [] as Call[],
  shares: [] as Record<string, unknown>[],
  /** Multistatus bodies by request path (below the origin), for PROPFIND. */
  folders: {} as Record<string, string>,
  /** Share updates refused by the field they change: its status and the server's message. */
  refuse: {} as Record<string, { status: number; message: string }>,
};

/** A share object (protocol §2.6) of a link on /Photos, with `extra` replacing fields. */
export function share(extra: Record<string, unknown>): Record<string, unknown> {
  return { id: String(fake.shares.length + 1), share_type: 3, permissions: 17, path: '/Photos', item_type: 'folder', url: 'http://cloud/index.php/s/tok', hide_download: 0, note: '', expiration: null, password: null, share_with: null, share_with_displayname: null, item_source: 5, item_size: 0, item_mtime: 1, mimetype: 'httpd/unix-directory', uid_file_owner: 'admin', displayname_file_owner: 'Admin', item_permissions: 31, attributes: null, ...extra };
}

/** The multistatus of one node at `href` with the distinct share types of the fake's shares. */
function shareTypesAnswer(href: string): string {
  const types = [...new Set(fake.shares.map((item) => Number(item.share_type)))].map((type) => `<oc:share-type>${type}</oc:share-type>`).join('');
  return `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:response><d:href>${href}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><oc:share-types>${types}</oc:share-types></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;
}

function ocsAnswer(url: string, method: string, body: Record<string, unknown> | null): unknown {
  if (method === 'POST') {
    const created = share({ share_type: body?.shareType, share_with: body?.shareWith ?? null, share_with_displayname: body?.shareWith ?? null, permissions: body?.shareType === 0 ? 31 : 17 });
    fake.shares.push(created);
    return created;
  }
  if (method === 'PUT') {
    const target = fake.shares.find((item) => url.includes(`/shares/${String(item.id)}?`));
    if (target && body?.publicUpload === 'true') target.permissions = 31;
    if (target && body?.permissions !== undefined) target.permissions = body.permissions;
    if (target && body?.attributes !== undefined) target.attributes = body.attributes;
    if (target && typeof body?.expireDate === 'string') target.expiration = body.expireDate === '' ? null : `${body.expireDate} 00:00:00`;
    if (target && typeof body?.note === 'string') target.note = body.note;
    if (target && typeof body?.password === 'string') target.password = body.password === '' ? null : '***';
    return target;
  }
  if (method === 'DELETE') {
    fake.shares = fake.shares.filter((item) => !url.includes(`/shares/${String(item.id)}?`));
    return [];
  }
  if (url.includes('/sharees')) return { exact: { users: [] }, users: [{ label: 'Bob', value: { shareType: 0, shareWith: 'bob' } }] };
  return fake.shares;
}

/** Signs `uid` in to the page (head data) and puts the fake in place of fetch; returns the undo. */
export function installFakeServer(uid = 'admin'): () => void {
  const realFetch = globalThis.fetch;
  fake.calls = [];
  fake.shares = [];
  fake.folders = {};
  fake.refuse = {};
  document.head.dataset['requesttoken'] = 'csrf-token';
  document.head.dataset['user'] = uid;
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = method !== 'PROPFIND' && typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    fake.calls.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (method === 'PROPFIND') {
      const path = new URL(url, location.origin).pathname;
      const listing = fake.folders[path];
      const text = listing ?? shareTypesAnswer(path);
      return { ok: true, status: 207, text: async () => text } as Response;
    }
    const refused = method === 'PUT' ? Object.keys(body ?? {}).map((field) => fake.refuse[field]).find((answer) => answer !== undefined) : undefined;
    if (refused) {
      const failure = { ocs: { meta: { status: 'failure', statuscode: refused.status, message: refused.message }, data: [] } };
      return { ok: false, status: refused.status, json: async () => failure } as unknown as Response;
    }
    const payload = { ocs: { meta: { status: 'ok', statuscode: 200, message: 'OK' }, data: ocsAnswer(url, method, body) } };
    return { ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(payload)) as unknown } as Response;
  }) as typeof fetch;
  return () => {
    globalThis.fetch = realFetch;
  };
}
