import { basicAuth } from './filesServer';

/** The OCS share API's base path (protocol §2). */
export const SHARES_API = '/ocs/v2.php/apps/files_sharing/api/v1';

/** A caller of the OCS share API as one user (Basic auth, JSON): `method`, a path below the API, an optional JSON body. */
export type OcsShares = (method: string, path: string, body?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * Calls the real server's OCS share API as `user` and gives the answer's `ocs.data`;
 * an answer other than 200 fails the test with its status and body.
 */
export function ocsShares(server: { url: string }, user: string, password: string): OcsShares {
  return async (method, path, body) => {
    const response = await fetch(`${server.url}${SHARES_API}${path}${path.includes('?') ? '&' : '?'}format=json`, {
      method,
      headers: { authorization: basicAuth(user, password), 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
  };
}
