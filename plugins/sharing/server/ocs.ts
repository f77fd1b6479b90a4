import type { PluginOcsRequest, PluginOcsResponse, PluginOcsRoute, PluginRouteMethod, PluginUsers } from '@cumulus/server/plugin-api';
import { OcsError } from './rules';
import { searchSharees } from './sharees';
import type { ShareService } from './shares';

const API = '/apps/files_sharing/api/v1';

/** Turns an {@link OcsError} into its OCS answer; anything else is the server's to log (500). */
async function answering(run: () => Promise<PluginOcsResponse>): Promise<PluginOcsResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OcsError) return { status: error.status, message: error.message, data: [] };
    throw error;
  }
}

function route(id: string, method: PluginRouteMethod, path: string, handle: (request: PluginOcsRequest) => Promise<PluginOcsResponse>): PluginOcsRoute {
  return { id, method, path: `${API}${path}`, handle: (request) => answering(() => handle(request)) };
}

/** The OCS routes of the share API (protocol §2, §3). */
export function shareRoutes(shares: ShareService, users: PluginUsers): PluginOcsRoute[] {
  return [
    route('shares-list', 'GET', '/shares', async (r) => ({ data: await shares.list(r.uid, r.input, r.origin) })),
    route('shares-create', 'POST', '/shares', async (r) => ({ data: await shares.create(r.uid, r.input, r.origin) })),
    route('shares-get', 'GET', '/shares/:id', async (r) => ({ data: await shares.get(r.uid, r.params.id ?? '', r.origin) })),
    route('shares-update', 'PUT', '/shares/:id', async (r) => ({ data: await shares.update(r.uid, r.params.id ?? '', r.input, r.origin) })),
    route('shares-delete', 'DELETE', '/shares/:id', async (r) => {
      await shares.delete(r.uid, r.params.id ?? '');
      return { data: [] };
    }),
    route('sharees', 'GET', '/sharees', async (r) => {
      const { data, next } = await searchSharees(users, r.uid, r.input);
      if (!next) return { data };
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(r.input)) {
        if (Array.isArray(value)) for (const item of value) query.append(`${key}[]`, String(item));
        else if (key !== 'page' && value !== undefined && value !== null && typeof value !== 'object') query.set(key, String(value));
      }
      query.set('page', String(Number(r.input.page ?? 1) + 1));
      return { data, headers: { Link: `<${r.origin}/ocs/v2.php${API}/sharees?${query.toString()}>; rel="next"` } };
    }),
  ];
}
