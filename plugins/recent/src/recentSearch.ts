import { Permission, createNode, fetchDavNodes } from '@cumulus/sdk';
import { RECENT_DAYS, recentSearchBody } from './recentSearchBody';
import type { DavSession, ViewContents } from '@cumulus/sdk';

/** The root of the Recent view's list (not a folder of the user's: recent files come from anywhere). */
export const RECENT_ROOT = '/recent';

/** What the server says it can search on (OCS capabilities `dav.*`). */
export interface SearchCapabilities {
  uploadTime: boolean;
  lastActivity: boolean;
}

/** Reads the search capabilities; a server that does not say (or fails to answer) gets the plain query. */
export async function searchCapabilities(session: DavSession, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<SearchCapabilities> {
  try {
    const headers: Record<string, string> = { 'OCS-APIRequest': 'true', Accept: 'application/json' };
    if (session.requestToken) headers['requesttoken'] = session.requestToken;
    const response = await fetchImpl(`${session.origin}/ocs/v2.php/cloud/capabilities?format=json`, { headers, credentials: 'same-origin' });
    if (!response.ok) return { uploadTime: false, lastActivity: false };
    const body = (await response.json()) as { ocs?: { data?: { capabilities?: { dav?: Record<string, unknown> } } } };
    const dav = body.ocs?.data?.capabilities?.dav ?? {};
    return { uploadTime: dav['search_supports_upload_time'] === true, lastActivity: dav['search_supports_last_activity'] === true };
  } catch {
    return { uploadTime: false, lastActivity: false };
  }
}

/**
 * The Recent view's contents: the SEARCH of Nextcloud's Files app over the user's whole tree
 * (files, and folders only when empty, changed or uploaded in the last 14 days, newest first,
 * 100 at most), under a read-only root.
 */
export async function recentContents(session: DavSession, capabilities: SearchCapabilities, now: number, signal?: AbortSignal): Promise<ViewContents> {
  const since = Math.floor(now / 1000) - RECENT_DAYS * 24 * 60 * 60;
  const contents = await fetchDavNodes(session, {
    method: 'SEARCH',
    path: '/',
    body: recentSearchBody({ uid: session.uid, since, uploadTime: capabilities.uploadTime, lastActivity: capabilities.lastActivity }),
    ...(signal ? { signal } : {}),
  });
  // A root of its own: the app keeps listings by folder source, and the user's files root must
  // keep its own children.
  const folder = createNode({ type: 'folder', source: new URL(RECENT_ROOT, session.origin).href, root: RECENT_ROOT, path: '/', permissions: Permission.READ });
  return { folder, contents };
}
