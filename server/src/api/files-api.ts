import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps';
import { HttpError } from './errors';
import { bodyObject, route, userOf } from './routes';
import { computeStats, diskFree } from './storage-stats';
import { UserConfigStore, VIEW_CONFIG_KEYS, parseUserConfig, parseViewConfig, validateViewId } from './user-config';
import { StorageError, normalizePath } from '../storage';
import { MountedFiles } from '../storage/files/mounted-files';

/** Nextcloud's private tag for favorites (`OC.TAG_FAVORITE`). */
export const TAG_FAVORITE = '_$!<Favorite>!$_';

/** The files app's JSON API under `/apps/files/api/v1/`: storage stats, user config, view config. */
export function registerFilesApi(app: FastifyInstance, deps: ApiDeps): void {
  const store = new UserConfigStore(deps.db);
  const base = '/apps/files/api/v1';

  route(app, `${base}/stats`, 'required', {
    GET: async (request) => {
      const user = userOf(request);
      const { used } = await deps.files.getUsage(user.uid);
      const stats = computeStats(used, user.quota, await diskFree(deps.config.dataDir));
      return {
        message: 'ok',
        data: { ...stats, freeSpace: stats.free, owner: user.uid, ownerDisplayName: user.displayName, mountType: '', mountPoint: '' },
      };
    },
  });

  route(app, `${base}/configs`, 'required', {
    GET: async (request) => ({ message: 'ok', data: await store.getAll(userOf(request).uid) }),
  });

  route(app, `${base}/config/:key`, 'required', {
    PUT: async (request) => {
      const { key } = request.params as { key: string };
      const body = bodyObject(request);
      if (!('value' in body)) throw new HttpError(400, 'The body must be {"value": …}.');
      const value = parseUserConfig(key, body.value);
      await store.set(userOf(request).uid, key, value);
      return { message: 'ok', data: { key, value } };
    },
  });

  const setView = async (uid: string, view: unknown, key: unknown, value: unknown): Promise<Record<string, unknown>> => {
    const viewId = validateViewId(view);
    if (typeof key !== 'string' || !(VIEW_CONFIG_KEYS as readonly string[]).includes(key)) {
      throw new HttpError(400, `Unknown view config key "${String(key)}". Known keys: ${VIEW_CONFIG_KEYS.join(', ')}.`);
    }
    if (value === undefined) throw new HttpError(400, 'The body must carry a "value".');
    const parsed = parseViewConfig(key, value);
    await store.setView(uid, viewId, key, parsed);
    return { message: 'ok', data: (await store.getViews(uid))[viewId] ?? {} };
  };

  route(app, `${base}/views`, 'required', {
    GET: async (request) => ({ message: 'ok', data: await store.getViews(userOf(request).uid) }),
    PUT: async (request) => {
      const body = bodyObject(request);
      return setView(userOf(request).uid, body.view, body.key, body.value);
    },
  });

  // Nextcloud's files app marks favorites here (ApiController::updateFileTags): `tags` replaces
  // the node's private tags, so the favorite tag in it marks and its absence unmarks. Plain
  // JSON, not OCS; 404 `{message}` for a path the user does not have.
  route(app, `${base}/files/*`, 'required', {
    POST: async (request, reply) => {
      const uid = userOf(request).uid;
      const body = bodyObject(request);
      const tags = body.tags;
      if (tags !== undefined && (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string'))) throw new HttpError(400, 'tags must be a list of strings.');
      let path: string;
      try {
        path = normalizePath((request.params as { '*': string })['*']);
      } catch (error) {
        if (error instanceof StorageError) throw new HttpError(400, error.message);
        throw error;
      }
      if (tags === undefined) return [];
      try {
        // The user's view, received shares included: a mark is the user's own, on anything they see.
        const mounts = (await deps.mountsFor?.(uid)) ?? [];
        const files = mounts.length === 0 ? deps.files : new MountedFiles(deps.files, uid, mounts);
        await files.changeNode(uid, path, { favorite: (tags as string[]).includes(TAG_FAVORITE) });
      } catch (error) {
        if (error instanceof StorageError && error.kind === 'not-found') return reply.code(404).send({ message: 'File not found' });
        throw error;
      }
      return { tags };
    },
  });

  route(app, `${base}/views/:view/:key`, 'required', {
    PUT: async (request) => {
      const { view, key } = request.params as { view: string; key: string };
      return setView(userOf(request).uid, view, key, bodyObject(request).value);
    },
  });
}
