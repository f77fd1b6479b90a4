import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../api/deps';
import { HttpError } from '../api/errors';
import { sendOcs } from '../api/ocs';
import { route, userOf } from '../api/routes';
import { StorageError } from '../errors';
import { normalizePath, parentPath } from '../storage/model/paths';
import type { NameFilters, NameHit, TypeGroup, UserNameSearch } from './name-search';
import { TYPE_GROUPS, searchNames, typeFacets } from './name-search';

/** Most results one page gives, and what a request without `limit` gets. */
export const MAX_SEARCH_LIMIT = 100;
const DEFAULT_LIMIT = 25;
/** Longest term accepted, in characters. */
export const MAX_TERM_LENGTH = 256;

type Query = Record<string, string | string[] | undefined>;

function one(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function wholeNumber(query: Query, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = one(query, name);
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) > max) throw new HttpError(400, `${name} must be a whole number from 0 to ${max}.`);
  return Number(text);
}

function termOf(query: Query, name: string): string {
  const term = (one(query, name) ?? '').trim();
  if (term.length > MAX_TERM_LENGTH) throw new HttpError(400, `The search term is longer than ${MAX_TERM_LENGTH} characters.`);
  return term;
}

/** The start of the day, the 7 or 30 days, or the year before `now` (seconds), for `modified`. */
export function modifiedSince(range: string, now: Date): number {
  const startOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000;
  switch (range) {
    case 'today':
      return startOfDay;
    case '7d':
      return startOfDay - 6 * 86400;
    case '30d':
      return startOfDay - 29 * 86400;
    case 'year':
      return new Date(now.getFullYear(), 0, 1).getTime() / 1000;
    default:
      throw new HttpError(400, 'modified must be today, 7d, 30d or year (or use modifiedFrom and modifiedTo).');
  }
}

/** The filters of the JSON endpoint's query string (400 for a bad one). */
export function filtersOf(query: Query, now = new Date()): NameFilters {
  const filters: NameFilters = {};
  const types = one(query, 'type');
  if (types) {
    const list = types.split(',').filter((type) => type !== '');
    for (const type of list) if (!(TYPE_GROUPS as readonly string[]).includes(type)) throw new HttpError(400, `Unknown type "${type}". Use ${TYPE_GROUPS.join(', ')}.`);
    filters.types = list as TypeGroup[];
  }
  const modified = one(query, 'modified');
  if (modified) filters.modifiedFrom = modifiedSince(modified, now);
  if (one(query, 'modifiedFrom')) filters.modifiedFrom = wholeNumber(query, 'modifiedFrom', 0);
  if (one(query, 'modifiedTo')) filters.modifiedTo = wholeNumber(query, 'modifiedTo', 0);
  if (one(query, 'sizeMin')) filters.sizeMin = wholeNumber(query, 'sizeMin', 0);
  if (one(query, 'sizeMax')) filters.sizeMax = wholeNumber(query, 'sizeMax', 0);
  const owner = one(query, 'owner');
  if (owner !== undefined && owner !== '' && owner !== 'shared') throw new HttpError(400, 'owner must be "shared".');
  if (owner === 'shared') filters.sharedWithMe = true;
  return filters;
}

/** A user folder of the query string (400 for a malformed one). */
function folderOf(query: Query): string {
  try {
    return normalizePath(one(query, 'folder') || '/');
  } catch (error) {
    if (error instanceof StorageError) throw new HttpError(400, error.message);
    throw error;
  }
}

async function runSearch(deps: ApiDeps, request: FastifyRequest, term: string, scope: string, filters: NameFilters, offset: number, limit: number): Promise<{ search: UserNameSearch; hits: NameHit[] }> {
  const uid = userOf(request).uid;
  const mounts = (await deps.mountsFor?.(uid)) ?? [];
  const search: UserNameSearch = { uid, mounts, term, scope, filters, offset, limit };
  return { search, hits: term === '' ? [] : await searchNames(deps.files, search) };
}

/** The user path's URL-encoded form, segment by segment. */
const encodedPath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/**
 * Nextcloud's unified search (`/ocs/v2.php/search/providers`, then one provider's `…/search`),
 * answered by one provider, `files`, over the name index; and the shell's own JSON search
 * under `/apps/files/api/v1/search` with filters and type facets. Signed-in users only.
 */
export function registerSearchApi(app: FastifyInstance, deps: ApiDeps): void {
  for (const base of ['/ocs/v1.php', '/ocs/v2.php']) {
    route(app, `${base}/search/providers`, 'required', {
      GET: async (request, reply) => {
        userOf(request);
        return sendOcs(request, reply, [{ id: 'files', appId: 'files', name: 'Files', icon: '', order: 5, triggers: ['files'], filters: { term: 'string', since: 'datetime', until: 'datetime', person: 'person' }, inAppSearch: true }]);
      },
    });
    route(app, `${base}/search/providers/:provider/search`, 'required', {
      GET: async (request, reply) => {
        const { provider } = request.params as { provider: string };
        const query = request.query as Query;
        if (provider !== 'files') return sendOcs(request, reply, null, { status: 404, message: `Provider ${provider} was not found` });
        const limit = Math.max(1, wholeNumber(query, 'limit', DEFAULT_LIMIT, MAX_SEARCH_LIMIT));
        const cursor = wholeNumber(query, 'cursor', 0);
        const { hits } = await runSearch(deps, request, termOf(query, 'term'), '/', {}, cursor, limit);
        const entries = hits.map(({ entry }) => {
          const folder = parentPath(entry.path);
          return {
            thumbnailUrl: entry.type === 'folder' ? '' : `/index.php/core/preview?fileId=${entry.fileid}&x=32&y=32`,
            title: entry.name,
            subline: folder === '/' ? '' : `in ${folder.slice(1)}`,
            resourceUrl: `/index.php/apps/files/files/${entry.fileid}?dir=${encodedPath(entry.type === 'folder' ? entry.path : folder)}&openfile=true`,
            icon: entry.type === 'folder' ? 'icon-folder' : 'icon-filetype-file',
            rounded: false,
            attributes: { fileId: String(entry.fileid), path: entry.path },
          };
        });
        // A full page may have more after it; a short one is the last.
        return sendOcs(request, reply, { name: 'Files', isPaginated: true, entries, cursor: entries.length === limit ? cursor + entries.length : null });
      },
    });
  }

  route(app, '/apps/files/api/v1/search', 'required', {
    GET: async (request) => {
      const query = request.query as Query;
      const limit = Math.max(1, wholeNumber(query, 'limit', DEFAULT_LIMIT, MAX_SEARCH_LIMIT));
      const cursor = wholeNumber(query, 'cursor', 0);
      const { search, hits } = await runSearch(deps, request, termOf(query, 'q'), folderOf(query), filtersOf(query), cursor, limit);
      const facets = search.term === '' ? Object.fromEntries(TYPE_GROUPS.map((group) => [group, 0])) : await typeFacets(deps.files, search);
      return {
        query: { q: search.term, folder: search.scope },
        results: hits.map(({ entry, rank, owner }) => ({
          fileid: entry.fileid,
          path: entry.path,
          name: entry.name,
          type: entry.type,
          mime: entry.mime,
          size: entry.size,
          mtime: entry.mtime,
          etag: entry.etag,
          permissions: entry.permissions,
          rank,
          ...(owner !== undefined ? { owner } : {}),
        })),
        cursor: hits.length === limit ? cursor + hits.length : null,
        facets,
      };
    },
  });
}
