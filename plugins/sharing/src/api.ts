/**
 * The OCS share API as the web remote calls it (protocol §2, §3): JSON, the
 * `OCS-APIRequest` header and the page's request token, errors as {@link ShareApiError}
 * carrying the server's message.
 */

const BASE = '/ocs/v2.php/apps/files_sharing/api/v1';

/** The fields of the share object the remote reads (protocol §2.6). */
export interface Share {
  id: string;
  share_type: number;
  uid_owner: string;
  displayname_owner: string;
  uid_file_owner: string;
  displayname_file_owner: string;
  permissions: number;
  path: string;
  item_type: 'file' | 'folder';
  item_source: number;
  item_size: number;
  item_mtime: number;
  mimetype: string;
  file_target: string;
  token: string | null;
  url?: string;
  share_with: string | null;
  share_with_displayname: string | null;
  expiration: string | null;
  note: string;
  label: string;
  password?: string | null;
  hide_download: number;
  attributes: string | null;
  item_permissions: number;
}

/** A sharee search hit. */
export interface Sharee {
  label: string;
  value: { shareType: number; shareWith: string };
}

/** A refused call, with the server's message. */
export class ShareApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ShareApiError';
  }
}

/** The page's CSRF token (`data-requesttoken` on `<head>`, as the server renders the page). */
function requestToken(): string {
  return globalThis.document?.head?.dataset['requesttoken'] ?? '';
}

async function call<T>(method: string, path: string, body?: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const url = `${BASE}${path}${path.includes('?') ? '&' : '?'}format=json`;
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'OCS-APIRequest': 'true', Accept: 'application/json', requesttoken: requestToken(), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  let json: { ocs?: { meta?: { message?: string }; data?: unknown } } = {};
  try {
    json = (await response.json()) as typeof json;
  } catch {
    // A body that is not JSON: the status says what happened.
  }
  if (!response.ok) throw new ShareApiError(response.status, json.ocs?.meta?.message || `Request failed (${response.status})`);
  return json.ocs?.data as T;
}

/** The shares of the node at `path` (with others' on it where the user may reshare); `signal` cancels the request. */
export function sharesOf(path: string, signal?: AbortSignal): Promise<Share[]> {
  return call<Share[]>('GET', `/shares?path=${encodeURIComponent(path)}&reshares=true`, undefined, signal);
}

/** Shares the user created, or (`sharedWithMe`) received. */
export function listShares(sharedWithMe = false): Promise<Share[]> {
  return call<Share[]>('GET', `/shares${sharedWithMe ? '?shared_with_me=true' : ''}`);
}

export function createShare(body: { path: string; shareType: number; shareWith?: string; permissions?: number }): Promise<Share> {
  return call<Share>('POST', '/shares', body);
}

export function updateShare(id: string, body: Record<string, string | number>): Promise<Share> {
  return call<Share>('PUT', `/shares/${encodeURIComponent(id)}`, body);
}

export async function deleteShare(id: string): Promise<void> {
  await call<unknown>('DELETE', `/shares/${encodeURIComponent(id)}`);
}

/** Users matching `search` to share the node with. */
export async function searchSharees(search: string, itemType: 'file' | 'folder'): Promise<Sharee[]> {
  const data = await call<{ exact: { users: Sharee[] }; users: Sharee[] }>('GET', `/sharees?itemType=${itemType}&search=${encodeURIComponent(search)}&perPage=20&shareType[]=0`);
  return [...data.exact.users, ...data.users];
}
