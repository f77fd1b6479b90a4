import type { DavRequest } from '../context';
import { filesBase, readBody } from '../context';
import { parseXml } from '../xml/parse';
import type { XmlElement } from '../xml/element';
import { NS, child, elements, textOf } from '../xml/element';
import { namesIn } from '../prop-request';
import { compileLike } from '../like';
import { SEARCH_TIME_LIMIT_MS, filterWithinBudget } from '../time-budget';
import { numberLiteral, orderColumn, propertyKey, whereToSql } from '../search-sql';
import type { FilesView } from '../../storage/files/mounted-files';
import type { SearchOrderColumn } from '../../storage/metadata/search-query';
import { ALL_ROWS } from '../../storage/metadata/search-query';
import type { PropRequest } from '../prop-request';
import { renderEntries, sendMultistatus } from './propfind';
import { fail } from '../../errors';
import { decodeUrlPath } from '../../storage/model/paths';
import type { FileEntry } from '../../storage/model/types';

type Predicate = (entry: FileEntry) => boolean;

/** The value of a searchable property of a node (400 for a property a search cannot use). */
function propertyValue(entry: FileEntry, prop: XmlElement): string | number | boolean {
  const key = propertyKey(prop);
  switch (key) {
    case `{${NS.dav}}displayname`:
      return entry.name;
    case `{${NS.dav}}getlastmodified`:
      return entry.mtime;
    case `{${NS.dav}}getcontenttype`:
      return entry.mime;
    case `{${NS.dav}}getcontentlength`:
    case `{${NS.oc}}size`:
      return entry.size;
    case `{${NS.oc}}favorite`:
      return entry.favorite ? 1 : 0;
    case `{${NS.oc}}fileid`:
      return entry.fileid;
    case `{${NS.nc}}upload_time`:
      return entry.uploadTime;
    case `{${NS.nc}}creation_time`:
      return entry.creationTime;
    case `{${NS.nc}}last_activity`:
      return Math.max(entry.mtime, entry.uploadTime);
    case `{${NS.dav}}resourcetype`:
      return entry.type === 'folder';
    default:
      return fail('bad-request', `Searching on ${key} is not supported`);
  }
}

/** A node to ask {@link propertyValue} whether it knows a property. */
const ANY_ENTRY: FileEntry = { fileid: 0, path: '/', name: '', type: 'file', size: 0, mtime: 0, etag: '', mime: '', permissions: '', favorite: false, uploadTime: 0, creationTime: 0, checksum: null };

/** A literal compared with a property: dates as RFC 1123/ISO or seconds, numbers as numbers. */
function literalFor(sample: string | number | boolean, literal: string): string | number {
  return typeof sample === 'number' ? numberLiteral(literal) : literal;
}

/** Most conditions (operators, and/or/not included) in one `d:where`. */
export const MAX_CONDITIONS = 256;
/** Most characters of all `d:like` patterns of one `d:where` together. */
export const MAX_PATTERN_CHARACTERS = 4096;

/** What a `d:where` has used of its limits so far. */
interface WhereCost {
  conditions: number;
  patternCharacters: number;
}

/**
 * Compiles a `d:where` operand into a predicate. The cost of testing one node is bounded: at
 * most {@link MAX_CONDITIONS} conditions and {@link MAX_PATTERN_CHARACTERS} of patterns (each
 * matched in at most name × pattern steps), else 400; d:and/d:or test their operands in a
 * loop, so their count does not deepen the call stack.
 */
export function compileWhere(element: XmlElement, cost: WhereCost = { conditions: 0, patternCharacters: 0 }): Predicate {
  cost.conditions += 1;
  if (cost.conditions > MAX_CONDITIONS) fail('bad-request', `The search has more than ${MAX_CONDITIONS} conditions`);
  const operands = elements(element);
  switch (element.local) {
    case 'and': {
      const all = operands.map((operand) => compileWhere(operand, cost));
      return (e) => all.every((p) => p(e));
    }
    case 'or': {
      const any = operands.map((operand) => compileWhere(operand, cost));
      return (e) => any.some((p) => p(e));
    }
    case 'not': {
      const inner = operands[0];
      if (!inner) fail('bad-request', 'd:not needs an operand');
      const p = compileWhere(inner, cost);
      return (e) => !p(e);
    }
    case 'is-collection':
      return (e) => e.type === 'folder';
    case 'like': {
      const prop = child(element, NS.dav, 'prop');
      const literal = child(element, NS.dav, 'literal');
      if (!prop || !literal) fail('bad-request', 'd:like needs a property and a literal');
      const pattern = textOf(literal);
      cost.patternCharacters += pattern.length;
      if (cost.patternCharacters > MAX_PATTERN_CHARACTERS) fail('bad-request', `The search patterns have more than ${MAX_PATTERN_CHARACTERS} characters in all`);
      const matches = compileLike(pattern);
      return (e) => matches(String(propertyValue(e, prop)));
    }
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const prop = child(element, NS.dav, 'prop');
      const literal = child(element, NS.dav, 'literal');
      if (!prop || !literal) fail('bad-request', `d:${element.local} needs a property and a literal`);
      const text = textOf(literal);
      const op = element.local;
      return (e) => {
        const value = propertyValue(e, prop);
        const other = literalFor(value, text);
        const a = typeof value === 'boolean' ? String(value) : value;
        if (op === 'eq') return typeof a === 'number' ? a === other : String(a).toLowerCase() === String(other).toLowerCase();
        if (op === 'gt') return a > other;
        if (op === 'gte') return a >= other;
        if (op === 'lt') return a < other;
        return a <= other;
      };
    }
    default:
      return fail('bad-request', `Unsupported search operator d:${element.local}`);
  }
}

/** Rows the database hands over per query when the exact test runs on its preselection. */
const PAGE_ROWS = 2000;
/** `d:nresults` 0 asks for Nextcloud's default page (FileSearchBackend). */
const DEFAULT_RESULTS = 100;

/** One `d:order`: the property element, its Clark name, the direction. */
interface OrderKey {
  prop: XmlElement;
  property: string;
  descending: boolean;
}

/** Orders entries as the keys say, then by file id. */
function compareBy(keys: readonly OrderKey[]): (a: FileEntry, b: FileEntry) => number {
  return (a, b) => {
    for (const key of keys) {
      const x = propertyValue(a, key.prop);
      const y = propertyValue(b, key.prop);
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (cmp !== 0) return key.descending ? -cmp : cmp;
    }
    return a.fileid - b.fileid;
  };
}

/** What the server's own search needs. */
interface CoreSearch {
  uid: string;
  scope: string;
  /** The scope folder's id, for depth 1. */
  parent: number | undefined;
  where: XmlElement | undefined;
  keys: OrderKey[];
  offset: number;
  limit: number | undefined;
}

/**
 * The server's results: one SQL query, ordered and cut by the database, when the condition
 * and the order translate exactly (the Recent view's query does, walking an index); otherwise
 * the database preselects page by page and the exact test runs on each page, within the
 * search's time budget, stopping as soon as the window is full when the order is the
 * database's. Never the whole subtree in memory.
 */
async function coreResults(files: FilesView, search: CoreSearch): Promise<FileEntry[]> {
  const { uid, scope, parent, keys, offset, limit } = search;
  const predicate = search.where ? compileWhere(search.where) : () => true;
  const sqlWhere = search.where ? whereToSql(search.where) : { condition: ALL_ROWS, exact: true };
  const columns = keys.map((key) => orderColumn(key.property));
  const sqlOrder = columns.every((column) => column !== undefined);
  // Without an order of the client's, nodes come in path order: the (uid, path) index serves it.
  const orderBy =
    sqlOrder && keys.length > 0
      ? keys.map((key, i) => ({ column: columns[i] as SearchOrderColumn, direction: key.descending ? ('desc' as const) : ('asc' as const) }))
      : [{ column: 'path' as const, direction: 'asc' as const }];
  const base = { ...(parent !== undefined ? { parent } : {}), where: sqlWhere.condition, orderBy };
  if (sqlWhere.exact && sqlOrder) return files.search(uid, scope, { ...base, offset, ...(limit !== undefined ? { limit } : {}) });

  const wanted = limit === undefined ? Infinity : offset + limit;
  // Pages in path order follow the last path seen (the index walks on); pages of another order by offset.
  const byPath = orderBy[0]?.column === 'path';
  const started = Date.now();
  let kept: FileEntry[] = [];
  let lastPath: string | undefined;
  for (let page = 0; ; page += 1) {
    const window = byPath ? { ...(lastPath !== undefined ? { afterPath: lastPath } : {}), limit: PAGE_ROWS } : { offset: page * PAGE_ROWS, limit: PAGE_ROWS };
    const rows = await files.search(uid, scope, { ...base, ...window });
    lastPath = rows[rows.length - 1]?.path ?? lastPath;
    const left = SEARCH_TIME_LIMIT_MS - (Date.now() - started);
    kept = kept.concat(sqlWhere.exact ? rows : await filterWithinBudget(rows, predicate, Math.max(0, left)));
    if (rows.length < PAGE_ROWS || (sqlOrder && kept.length >= wanted)) break;
    if (Date.now() - started > SEARCH_TIME_LIMIT_MS) fail('unavailable', `The search took longer than ${SEARCH_TIME_LIMIT_MS / 1000} s; narrow it down`);
  }
  if (!sqlOrder && keys.length > 0) kept.sort(compareBy(keys));
  return kept.slice(offset, limit === undefined ? undefined : offset + limit);
}

/** Adds the plugins' nodes to the server's results (each file id once), ordered and cut together. */
function withContributions(own: FileEntry[], added: FileEntry[], keys: readonly OrderKey[], offset: number, limit: number | undefined): FileEntry[] {
  const seen = new Set(own.map((entry) => entry.fileid));
  const merged = own.concat(added.filter((entry) => !seen.has(entry.fileid) && seen.add(entry.fileid)));
  merged.sort(compareBy(keys));
  return merged.slice(offset, limit === undefined ? undefined : offset + limit);
}

/**
 * SEARCH with `d:basicsearch` on `/remote.php/dav/`: scope `/files/{uid}/…` (a folder of the
 * user's), `d:like`, comparisons, `d:and`/`d:or`/`d:not`, `d:orderby` and `d:limit`
 * (`d:nresults`, `firstresult`). A plugin's search handler may answer the whole search or add
 * nodes to it (plugin-api `SearchHandler`).
 */
export async function search(ctx: DavRequest): Promise<void> {
  const root = parseXml(await readBody(ctx.request));
  const basic = root.ns === NS.dav && root.local === 'searchrequest' ? child(root, NS.dav, 'basicsearch') : undefined;
  if (!basic) fail('bad-request', 'Only d:basicsearch is supported');
  const selectProp = child(child(basic, NS.dav, 'select') ?? basic, NS.dav, 'prop');
  const request: PropRequest = selectProp ? { kind: 'prop', names: namesIn(selectProp) } : { kind: 'allprop', include: [] };
  const scopeElement = child(child(basic, NS.dav, 'from') ?? basic, NS.dav, 'scope');
  const scopeHref = scopeElement ? textOf(child(scopeElement, NS.dav, 'href') ?? scopeElement).trim() : '';
  const depthText = scopeElement ? textOf(child(scopeElement, NS.dav, 'depth') ?? scopeElement).trim() : 'infinity';
  const depth = depthText === '0' || depthText === '1' ? depthText : 'infinity';
  const match = /^(?:.*\/remote\.php\/dav)?\/files\/([^/]+)(\/.*)?$/.exec(scopeHref);
  if (!match) fail('bad-request', 'The search scope must be /files/{user}/…');
  if (decodeURIComponent(match[1] ?? '') !== ctx.uid) fail('not-found', 'The search scope was not found');
  const scope = decodeUrlPath(match[2] ?? '/');
  const whereElement = child(basic, NS.dav, 'where');
  const where = whereElement ? elements(whereElement)[0] : undefined;
  // Checked (limits, operators) before anything is read.
  if (where) compileWhere(where);

  const keys: OrderKey[] = elements(child(basic, NS.dav, 'orderby') ?? { ns: '', local: '', attributes: {}, children: [] }).map((order) => {
    const prop = child(order, NS.dav, 'prop');
    if (!prop) fail('bad-request', 'd:order needs a property');
    const property = propertyKey(prop);
    // Refuses a property a search cannot use now, not only when two results meet in the sort.
    propertyValue(ANY_ENTRY, prop);
    return { prop, property, descending: child(order, NS.dav, 'descending') !== undefined };
  });
  const limitElement = child(basic, NS.dav, 'limit');
  const nresults = limitElement ? child(limitElement, NS.dav, 'nresults') : undefined;
  const firstResult = limitElement ? elements(limitElement).find((e) => e.local === 'firstresult') : undefined;
  const offset = firstResult ? Math.max(0, Math.floor(Number(textOf(firstResult))) || 0) : 0;
  const asked = nresults ? Math.max(0, Math.floor(Number(textOf(nresults))) || 0) : undefined;
  const limit = asked === 0 ? DEFAULT_RESULTS : asked;

  const scopeEntry = await ctx.services.files.stat(ctx.uid, scope);
  if (!scopeEntry) fail('not-found', 'The search scope was not found');
  if (scopeEntry.type !== 'folder') fail('bad-request', 'The search scope must be a folder');

  const plugins = await ctx.services.pluginHandlers.search({
    uid: ctx.uid,
    scope,
    depth,
    where,
    orderBy: keys.map(({ property, descending }) => ({ property, descending })),
    limit,
    offset,
    search: basic,
  });
  let entries: FileEntry[];
  if ('claim' in plugins) entries = plugins.claim;
  else {
    const parent = depth === '1' ? scopeEntry.fileid : undefined;
    const added = plugins.contribute;
    // With contributions the window is cut after merging, so the server reads from the start.
    const own = await coreResults(ctx.services.files, { uid: ctx.uid, scope, parent, where, keys, offset: added.length > 0 ? 0 : offset, limit: added.length > 0 && limit !== undefined ? offset + limit : limit });
    entries = added.length > 0 ? withContributions(own, added, keys, offset, limit) : own;
  }
  const body = await renderEntries({ ...ctx, base: filesBase(ctx.uid) }, request, entries);
  sendMultistatus(ctx, body);
}
