import type { FileService } from '../storage';
import type { StorageMount } from '../storage/files/mounted-files';
import { mountedLetters } from '../storage/files/mounted-files';
import type { NameQuery, NameRoot, SearchCondition } from '../storage/metadata/search-query';
import { ALL_ROWS } from '../storage/metadata/search-query';
import { toEntry } from '../storage/metadata/cache-rows';
import { foldName } from '../storage/metadata/name-folding';
import { baseName, isWithin, normalizePath } from '../storage/model/paths';
import type { FileEntry } from '../storage/model/types';
import { FOLDER_MIME } from '../storage/model/types';

/**
 * Name search over everything a signed-in user sees: their own tree and the nodes shared with
 * them, each under the user's own mount path. The subtrees searched come from the user's
 * mounts as they are now (an unshare drops its subtree from the next query), and the database
 * is only ever asked about those subtrees, so nothing outside them is found, counted or
 * ranked. A public link's visitor is nobody: this is never run for one.
 */

/** The type groups of the filters and facets, by MIME type. */
export const TYPE_GROUPS = ['folders', 'documents', 'spreadsheets', 'presentations', 'pdfs', 'images', 'media', 'archives'] as const;
export type TypeGroup = (typeof TYPE_GROUPS)[number];

const OFFICE = 'application/vnd.openxmlformats-officedocument.';
const ODF = 'application/vnd.oasis.opendocument.';

/** The condition each type group stands for. */
export const TYPE_CONDITIONS: Readonly<Record<TypeGroup, SearchCondition>> = {
  folders: { kind: 'mime', exact: [FOLDER_MIME], prefixes: [] },
  documents: {
    kind: 'mime',
    exact: ['application/msword', 'application/rtf', `${OFFICE}wordprocessingml.document`, `${ODF}text`, 'application/json', 'application/xml'],
    prefixes: ['text/'],
  },
  spreadsheets: { kind: 'mime', exact: ['application/vnd.ms-excel', `${OFFICE}spreadsheetml.sheet`, `${ODF}spreadsheet`, 'text/csv'], prefixes: [] },
  presentations: { kind: 'mime', exact: ['application/vnd.ms-powerpoint', `${OFFICE}presentationml.presentation`, `${ODF}presentation`], prefixes: [] },
  pdfs: { kind: 'mime', exact: ['application/pdf'], prefixes: [] },
  images: { kind: 'mime', exact: [], prefixes: ['image/'] },
  media: { kind: 'mime', exact: [], prefixes: ['audio/', 'video/'] },
  archives: { kind: 'mime', exact: ['application/zip', 'application/x-tar', 'application/gzip', 'application/x-7z-compressed', 'application/x-rar-compressed'], prefixes: [] },
};

/** The filters of a search, all optional. */
export interface NameFilters {
  types?: TypeGroup[];
  /** Modified at or after / before (seconds). */
  modifiedFrom?: number;
  modifiedTo?: number;
  /** Size in bytes, at least / at most. */
  sizeMin?: number;
  sizeMax?: number;
  /** Only nodes shared with the user (inside their received shares). */
  sharedWithMe?: boolean;
}

/** One user's search. */
export interface UserNameSearch {
  uid: string;
  /** The user's received shares (their mounts), as the WebDAV tree shows them. */
  mounts: StorageMount[];
  term: string;
  /** The user's folder to search in and below ('/' everywhere). */
  scope: string;
  filters: NameFilters;
  offset: number;
  limit: number;
}

/** A node found, in the user's terms. */
export interface NameHit {
  entry: FileEntry;
  /** 0 the exact name, 1 a word starting with the term, 2 a substring. */
  rank: number;
  /** The owner's uid when the node is shared with the user. */
  owner?: string;
}

/** A subtree searched and how its rows map back into the user's tree. */
interface Place {
  root: NameRoot;
  /** Set for a received share: the user's path of the owner's `root.path`… */
  mount?: { mount: StorageMount; ownerPath: string; userPath: string; rootFileid: number };
}

/** The SQL condition of the filters (without the term). */
export function filterCondition(filters: NameFilters): SearchCondition {
  const parts: SearchCondition[] = [];
  if (filters.types && filters.types.length > 0) parts.push({ kind: 'or', operands: filters.types.map((type) => TYPE_CONDITIONS[type]) });
  if (filters.modifiedFrom !== undefined) parts.push({ kind: 'compare', column: 'mtime', op: 'gte', value: filters.modifiedFrom });
  if (filters.modifiedTo !== undefined) parts.push({ kind: 'compare', column: 'mtime', op: 'lt', value: filters.modifiedTo });
  if (filters.sizeMin !== undefined) parts.push({ kind: 'compare', column: 'size', op: 'gte', value: filters.sizeMin });
  if (filters.sizeMax !== undefined) parts.push({ kind: 'compare', column: 'size', op: 'lte', value: filters.sizeMax });
  return parts.length === 0 ? ALL_ROWS : parts.length === 1 ? (parts[0] as SearchCondition) : { kind: 'and', operands: parts };
}

/** The subtrees a search in `scope` looks at: the user's own (unless only shares), and each share at or below the scope, or the share holding it. */
async function placesOf(files: FileService, search: UserNameSearch): Promise<Place[]> {
  const scope = normalizePath(search.scope);
  const places: Place[] = [];
  const live = search.mounts.filter((mount) => mount.public !== true);
  // The deepest share holding the scope: then only the owner's subtree there.
  const holding = live.filter((mount) => isWithin(scope, mount.path)).sort((a, b) => b.path.length - a.path.length)[0];
  const shares = holding ? [holding] : live.filter((mount) => isWithin(mount.path, scope) && mount.path !== scope);
  if (!holding && !search.filters.sharedWithMe) places.push({ root: { uid: search.uid, path: scope, includeRoot: false } });
  for (const mount of shares) {
    const root = await files.getById(mount.owner, mount.fileid);
    if (!root) continue;
    if (holding) {
      if (root.type !== 'folder' && scope !== mount.path) continue;
      const rest = scope.slice(mount.path.length);
      const ownerPath = root.path === '/' ? rest || '/' : root.path + rest;
      places.push({ root: { uid: mount.owner, path: ownerPath, includeRoot: false }, mount: { mount, ownerPath: root.path, userPath: mount.path, rootFileid: root.fileid } });
    } else {
      places.push({ root: { uid: mount.owner, path: root.path, includeRoot: true }, mount: { mount, ownerPath: root.path, userPath: mount.path, rootFileid: root.fileid } });
    }
  }
  return places;
}

/** The query of a search (the term folded), or null when there is nothing to search. */
function queryOf(search: UserNameSearch, places: Place[]): NameQuery | null {
  const term = foldName(search.term.trim());
  if (term === '' || places.length === 0) return null;
  return { term, roots: places.map((place) => place.root), where: filterCondition(search.filters), offset: search.offset, limit: search.limit };
}

/** The found nodes, ranked, in the user's paths. */
export async function searchNames(files: FileService, search: UserNameSearch): Promise<NameHit[]> {
  const places = await placesOf(files, search);
  const query = queryOf(search, places);
  if (!query) return [];
  const rows = await files.metadata.searchNames(query);
  const hits: NameHit[] = [];
  for (const row of rows) {
    const place = places.find((candidate) => candidate.root.uid === row.uid && (isWithin(row.path, candidate.root.path) || row.path === candidate.root.path));
    if (!place) continue;
    const entry = toEntry(row);
    if (!place.mount) {
      // An own node a share of the same path hides is not what the user sees there.
      if (search.mounts.some((mount) => mount.public !== true && isWithin(row.path, mount.path))) continue;
      hits.push({ entry, rank: row.rank });
      continue;
    }
    const { mount, ownerPath, userPath, rootFileid } = place.mount;
    const isRoot = row.fileid === rootFileid;
    const below = row.path.slice(ownerPath === '/' ? 0 : ownerPath.length);
    const bits = entry.type === 'file' ? mount.permissions & ~(4 | 8) : mount.permissions;
    hits.push({
      entry: {
        ...entry,
        path: isRoot ? userPath : userPath + below,
        name: isRoot ? baseName(userPath) || entry.name : entry.name,
        favorite: false,
        permissions: mountedLetters(mount.permissions & (entry.type === 'file' ? ~4 : ~0), entry.type, isRoot),
        mount: { type: mount.mountType, root: isRoot, owner: mount.owner, ownerDisplayName: mount.ownerDisplayName, permissions: bits, attributes: mount.attributes },
      },
      rank: row.rank,
      owner: mount.owner,
    });
  }
  return hits;
}

/** How many nodes of the search (all its filters but the type) each type group holds. */
export async function typeFacets(files: FileService, search: UserNameSearch): Promise<Record<TypeGroup, number>> {
  const places = await placesOf(files, search);
  const query = queryOf({ ...search, filters: { ...search.filters, types: [] } }, places);
  if (!query) return Object.fromEntries(TYPE_GROUPS.map((group) => [group, 0])) as Record<TypeGroup, number>;
  return (await files.metadata.countNames(query, TYPE_CONDITIONS)) as Record<TypeGroup, number>;
}
