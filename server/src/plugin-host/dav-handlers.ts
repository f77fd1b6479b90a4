import type { DavFailure, DavNodesAnswer, PluginNode, PluginNodeQuery, PluginUserTree, SearchAnswer } from '../plugin-api';
import type { DavPluginHandlers } from '../dav/plugin-handlers';
import { clark } from '../dav/xml/element';
import type { FileService } from '../storage/files/file-service';
import type { FilesView } from '../storage/files/mounted-files';
import type { StorageErrorKind } from '../errors';
import { StorageError } from '../errors';
import { isWithin, normalizePath } from '../storage/model/paths';
import type { SearchCondition } from '../storage/metadata/search-query';
import type { FileEntry } from '../storage/model/types';
import type { HostLog, PluginHost } from './host';
import { messageOf, pluginNode } from './host';

const FAILURE_KINDS: Record<DavFailure['status'], StorageErrorKind> = {
  400: 'bad-request',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  412: 'precondition-failed',
  415: 'unsupported-media-type',
  501: 'not-implemented',
};

/** The failure a handler answered, as the WebDAV layer throws it; a status the contract does not know is the plugin's bug. */
function failureError(owner: string, failure: DavFailure): Error {
  const kind = FAILURE_KINDS[failure.status];
  if (!kind) return new Error(`The plugin "${owner}" answered with the status ${String(failure.status)}`);
  return new StorageError(kind, String(failure.message));
}

/** `below`'s nodes matching the query's favorite and type, as database conditions. */
function queryCondition(query: PluginNodeQuery): SearchCondition {
  const parts: SearchCondition[] = [];
  if (query.favorite !== undefined) parts.push({ kind: 'compare', column: 'favorite', op: 'eq', value: query.favorite ? 1 : 0 });
  if (query.type !== undefined) parts.push({ kind: 'type', type: query.type });
  return parts.length === 0 ? { kind: 'all' } : { kind: 'and', operands: parts };
}

const byPath = (a: FileEntry, b: FileEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * The user's tree as handlers read it. The entries behind the nodes it hands out are kept,
 * so the answer renders without reading them again; a path is normalised (and refused when
 * it tries to leave the tree) before it reaches storage.
 */
function userTree(files: Pick<FilesView, 'stat' | 'favorites' | 'search'>, uid: string, known: Map<PluginNode, FileEntry>): PluginUserTree {
  const remember = (entry: FileEntry): PluginNode => {
    const node = pluginNode(uid, entry);
    known.set(node, entry);
    return node;
  };
  return Object.freeze({
    async stat(path: string) {
      const entry = await files.stat(uid, normalizePath(path));
      return entry ? remember(entry) : null;
    },
    async find(query: PluginNodeQuery) {
      const below = normalizePath(query.below);
      // Favorites are few and checked against the disk; anything else comes from the file cache.
      const found =
        query.favorite === true
          ? (await files.favorites(uid)).filter((entry) => entry.path !== below && isWithin(entry.path, below) && (query.type === undefined || entry.type === query.type))
          : await files.search(uid, below, { where: queryCondition(query), orderBy: [] });
      found.sort(byPath);
      const offset = Math.max(0, query.offset ?? 0);
      return found.slice(offset, query.limit === undefined ? undefined : offset + Math.max(0, query.limit)).map(remember);
    },
  });
}

/** The entries of the nodes a handler answered: each once, in its order, only what the user's tree holds. */
async function entriesOf(files: FileService, uid: string, nodes: readonly PluginNode[], known: Map<PluginNode, FileEntry>): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  const seen = new Set<number>();
  for (const node of nodes) {
    if (seen.has(node.fileid)) continue;
    const entry = known.get(node) ?? (await files.getById(uid, node.fileid));
    if (!entry) continue;
    seen.add(entry.fileid);
    entries.push(entry);
  }
  return entries;
}

/**
 * The REPORT and SEARCH handlers of the active plugins, as the WebDAV layer calls them (read
 * at each request, so a deactivated plugin's handlers are gone).
 */
export function davPluginHandlers(host: Pick<PluginHost, 'reports' | 'searches'>, files: FileService, log: HostLog): DavPluginHandlers {
  return {
    async report(call) {
      const name = clark(call.report);
      const found = host.reports.list().find(({ entry }) => entry.report === name);
      if (!found) return undefined;
      const known = new Map<PluginNode, FileEntry>();
      let answer: DavNodesAnswer | undefined;
      try {
        answer = await found.entry.handle(Object.freeze({ uid: call.uid, path: call.path, report: call.report, tree: userTree(call.files ?? files, call.uid, known) }));
      } catch (error) {
        if (error instanceof StorageError) throw error;
        log.error(`[plugin ${found.owner}] the report handler "${found.entry.id}" failed: ${messageOf(error)}`);
        throw error;
      }
      if (answer === undefined) return undefined;
      if ('failure' in answer) throw failureError(found.owner, answer.failure);
      return entriesOf(files, call.uid, answer.nodes, known);
    },

    async search(call) {
      const contributed: PluginNode[] = [];
      const known = new Map<PluginNode, FileEntry>();
      const request = Object.freeze({ ...call, tree: userTree(files, call.uid, known) });
      for (const { owner, entry } of host.searches.list()) {
        let answer: SearchAnswer;
        try {
          answer = await entry.search(request);
        } catch (error) {
          if (error instanceof StorageError) throw error;
          // One broken handler does not take SEARCH down: the search goes on without it.
          log.error(`[plugin ${owner}] the search handler "${entry.id}" failed: ${messageOf(error)}`);
          continue;
        }
        if (answer === undefined) continue;
        if ('failure' in answer) throw failureError(owner, answer.failure);
        if ('claim' in answer) return { claim: await entriesOf(files, call.uid, answer.claim, known) };
        contributed.push(...answer.contribute);
      }
      return { contribute: await entriesOf(files, call.uid, contributed, known) };
    },
  };
}
